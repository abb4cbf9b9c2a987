/**
 * The one permission table (domain `PERMISSIONS`) as the server applies it: an organization call
 * needs membership of the organization the request names and a role its action allows; a role
 * changed in the database applies to the very next request. The organization calls' own handlers
 * come with their issues, so two of them answer here from stand-ins.
 */
import { describe, expect, it } from 'vitest';
import type { Handlers } from '../src/http/contractRoutes.js';
import { DEVICE, SARA, startHarness } from './harness.js';

const h = await startHarness();
const MOHAMMED = '1000000016';

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
    const sara = (await h.signIn(SARA)) as { token: string };
    const mohammed = (await h.signIn(MOHAMMED)) as { token: string };
    // Any member: the organization's units.
    expect(await call(mohammed.token, '/api/v1/user/org/orgUser/organizationUnitList/314')).toBe(
      200,
    );
    // Managing users: an enrolment admin (Sara), not an organization user (Mohammed).
    const employees = '/api/v1/user/org/orgUser/viewEmployeeIdList/314';
    expect(await call(sara.token, employees)).toBe(200);
    expect(await call(mohammed.token, employees)).toBe(403);
    // Another organization: refused, whatever the roles here.
    expect(await call(sara.token, '/api/v1/user/org/orgUser/viewEmployeeIdList/999')).toBe(403);

    // A role given in the database counts on the next request, and so does one taken away.
    await h.ownerPool.query(
      `UPDATE memberships SET roles = ARRAY['enrolmentAdmin'] WHERE org_slno = 314
          AND user_slno = (SELECT user_slno FROM users WHERE national_id = $1)`,
      [MOHAMMED],
    );
    expect(await call(mohammed.token, employees)).toBe(200);
    await h.ownerPool.query(
      `UPDATE memberships SET roles = ARRAY['organizationUser'] WHERE org_slno = 314
          AND user_slno = (SELECT user_slno FROM users WHERE national_id = $1)`,
      [MOHAMMED],
    );
    expect(await call(mohammed.token, employees)).toBe(403);
  });
});
