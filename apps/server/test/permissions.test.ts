/**
 * The one permission table (domain `PERMISSIONS`) as the server applies it: an organization call
 * needs membership of the organization the request names and a role its action allows; a role
 * changed in the database applies to the very next request. The organization calls' own handlers
 * come with their issues, so two of them answer here from stand-ins.
 */
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../src/http/contractRoutes.js';
import { DEVICE, startHarness } from './harness.js';
import { freshOrganization, type FreshPerson } from './world.js';

const h = await startHarness();
const world = await freshOrganization(h, { members: [['enrolmentAdmin'], ['organizationUser']] });
const [admin, user] = world.members as [FreshPerson, FreshPerson];
const org = String(world.orgSlno);

const standIns: Handlers = {
  organizationUnitList: () => Promise.resolve({ dataList: [] }),
  employeeIdList: () => Promise.resolve({ dataList: [] }),
};
const app = await h.appWith(standIns);

async function call(token: string, path: string) {
  const response = await app.inject({
    method: 'POST',
    url: path,
    headers: { authorization: `Bearer ${token}`, 'x-device-id': DEVICE },
  });
  return response.statusCode;
}

describe('organization calls and the permission table', () => {
  it('lets a member see the organization, and only a role the action allows act in it', async () => {
    const asAdmin = (await h.signIn(admin.nationalId)) as { token: string };
    const asUser = (await h.signIn(user.nationalId)) as { token: string };
    // Any member: the organization's units.
    expect(await call(asUser.token, `/api/v1/user/org/orgUser/organizationUnitList/${org}`)).toBe(
      200,
    );
    // Managing users: an enrolment admin, not an organization user.
    const employees = `/api/v1/user/org/orgUser/viewEmployeeIdList/${org}`;
    expect(await call(asAdmin.token, employees)).toBe(200);
    expect(await call(asUser.token, employees)).toBe(403);
    // Another organization: refused, whatever the roles here.
    const another = await freshOrganization(h, { sip: world.sipSlno });
    expect(
      await call(
        asAdmin.token,
        `/api/v1/user/org/orgUser/viewEmployeeIdList/${String(another.orgSlno)}`,
      ),
    ).toBe(403);

    // A role given in the database counts on the next request, and so does one taken away.
    await h.ownerPool.query(
      `UPDATE memberships SET roles = ARRAY['enrolmentAdmin'] WHERE org_slno = $1 AND user_slno = $2`,
      [world.orgSlno, user.userSlno],
    );
    expect(await call(asUser.token, employees)).toBe(200);
    await h.ownerPool.query(
      `UPDATE memberships SET roles = ARRAY['organizationUser'] WHERE org_slno = $1 AND user_slno = $2`,
      [world.orgSlno, user.userSlno],
    );
    expect(await call(asUser.token, employees)).toBe(403);
  });
});
