/**
 * What an Enrolment Admin may change of a member (issue 14): an e-mail, mobile or unit is asked
 * for as a change request another admin approves; a role or the active state changes at once,
 * never the admin's own; the member is told and each change is audited.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { startHarness } from './harness.js';
import { freshOrganization, freshPerson, type FreshPerson } from './world.js';

const h = await startHarness();

// Two Enrolment Admins (one asks, the other approves), an Organization User, and eight more
// Organization Users whose details the tests change, one each.
const world = await freshOrganization(h, {
  members: [
    ['enrolmentAdmin'],
    ['enrolmentAdmin'],
    ['organizationUser'],
    ...Array.from({ length: 8 }, () => ['organizationUser' as const]),
  ],
});
const ORG = world.orgSlno;
const [saraPerson, majedPerson, mohammedPerson, ...others] = world.members as [
  FreshPerson,
  FreshPerson,
  FreshPerson,
  ...FreshPerson[],
];
const sara = (await h.signIn(saraPerson.nationalId)).token;
const majed = (await h.signIn(majedPerson.nationalId)).token;
const mohammed = (await h.signIn(mohammedPerson.nationalId)).token;

const count = async (sql: string, values: unknown[] = []) =>
  Number((await h.ownerPool.query(sql, values)).rows[0].n);

const post = (path: string, token: string, body: object, language = 'en') =>
  h.call('POST', `/api/v1/user/org/orgUser/${path}`, {
    token,
    body: { orgSlNo: ORG, ...body },
    language,
    headers: { 'idempotency-key': `key-${randomUUID()}` },
  });

const memberOf = async (userSlno: number) =>
  (
    await h.ownerPool.query<{
      email: string;
      mobile: string;
      status: string;
      is_active: boolean;
      roles: string[];
    }>(
      'SELECT email, mobile, status, is_active, roles FROM memberships WHERE org_slno = $1 AND user_slno = $2',
      [ORG, userSlno],
    )
  ).rows[0];

/** An Organization User no other test has changed, for changes of their own. */
function anotherMember(): number {
  const member = others.shift();
  if (!member) throw new Error('every spare member is used: make more in the world above');
  return member.userSlno;
}

/** A person whose membership the Enrolment Admin asked for and who waits for approval. */
async function pendingMember(): Promise<number> {
  const person = await freshPerson(h);
  await h.ownerPool.query(
    `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, is_active, status, created_at)
     VALUES ($1, $2, ARRAY['organizationUser'], 'EMP-' || $1::int, 'seat@example.sa', '0551112223', false, 'Pending', now())`,
    [person.userSlno, ORG],
  );
  await h.ownerPool.query(
    `INSERT INTO user_requests (org_slno, user_slno, kind, status, created_at, created_by)
     VALUES ($2, $1, 'newUser', 'Pending', now(), $3)`,
    [person.userSlno, ORG, saraPerson.userSlno],
  );
  return person.userSlno;
}

describe('a change of e-mail, mobile or unit', () => {
  it('is asked for, shown as awaiting approval, and made once another admin approves it', async () => {
    const member = anotherMember();
    const asked = await post('requestChange', sara, {
      userSlNo: member,
      field: 'email',
      value: 'New.Address@Example.sa',
    });
    expect(asked.body).toMatchObject({ status: '1', errorMessage: null });
    const detail = await post('viewOrganizationUser', sara, {
      userSlNo: member,
      active: 1,
      inActive: 1,
    });
    expect(detail.body.openChanges).toEqual(['email']);
    // One open change of a field at a time.
    const again = await post('requestChange', sara, {
      userSlNo: member,
      field: 'email',
      value: 'other@example.sa',
    });
    expect(again.body.status).toBe('0');
    expect(
      await count(
        `SELECT count(*) AS n FROM notifications WHERE user_slno = $1 AND title_en = 'A change awaits approval'`,
        [majedPerson.userSlno],
      ),
    ).toBe(1);

    const decide = (token: string) =>
      h.call('POST', '/api/v1/approval/org/users/change/process', {
        token,
        body: {
          orgSlNo: ORG,
          userSlNo: member,
          changeRequestSlno: asked.body.id,
          action: 'approve',
        },
        headers: { 'idempotency-key': `key-${randomUUID()}` },
      });
    expect((await decide(sara)).status).toBe(403);
    expect((await decide(majed)).status).toBe(200);
    expect((await memberOf(member))?.email).toBe('new.address@example.sa');
  });

  it('refuses a value that is not valid, not a change, or a unit that is not active', async () => {
    const member = anotherMember();
    const current = await memberOf(member);
    const refused = async (field: string, value: string, language = 'en') =>
      (await post('requestChange', sara, { userSlNo: member, field, value }, language)).body;
    expect(await refused('email', 'not-an-address', 'ar')).toEqual({
      status: '0',
      errorMessage: 'أدخل بريدًا إلكترونيًا صحيحًا.',
      id: null,
    });
    expect((await refused('mobile', '0112345678')).errorMessage).toContain('Saudi mobile');
    // The same number written another way is no change.
    const international = `+966${(current?.mobile ?? '').slice(1)}`;
    expect((await refused('mobile', international)).errorMessage).toBe(
      'That is the member’s current value already.',
    );
    const closed = await h.ownerPool.query<{ org_unit_slno: number }>(
      `INSERT INTO organization_units (org_slno, name_en, name_ar, status, is_active, created_at)
       VALUES ($1, 'Closed', 'مغلقة', 'Approved', false, now()) RETURNING org_unit_slno`,
      [ORG],
    );
    expect((await refused('unit', String(closed.rows[0]?.org_unit_slno))).errorMessage).toBe(
      'Choose an active organization unit.',
    );
    const another = await freshOrganization(h, { sip: world.sipSlno });
    const foreignUnit = await count(
      `SELECT min(org_unit_slno) AS n FROM organization_units WHERE org_slno = $1`,
      [another.orgSlno],
    );
    expect((await refused('unit', String(foreignUnit))).status).toBe('0');
    expect(
      await count(
        `SELECT count(*) AS n FROM user_requests WHERE user_slno = $1 AND kind = 'change'`,
        [member],
      ),
    ).toBe(0);
  });

  it('keeps a new mobile as members’ records keep it', async () => {
    const member = anotherMember();
    const asked = await post('requestChange', sara, {
      userSlNo: member,
      field: 'mobile',
      value: '+966 55 000 1122',
    });
    expect(asked.body.status).toBe('1');
    const [stored] = (
      await h.ownerPool.query<{ value: string }>(
        `SELECT details->>'value' AS value FROM user_requests WHERE request_slno = $1`,
        [asked.body.id],
      )
    ).rows;
    expect(stored?.value).toBe('0550001122');
  });
});

describe('a role or the active state', () => {
  it('changes at once for another member, who is told; the change is audited', async () => {
    const member = anotherMember();
    const deactivated = await post('setActive', sara, { userSlNo: member, active: false });
    expect(deactivated.body).toEqual({ status: '1', errorMessage: null });
    expect(await memberOf(member)).toMatchObject({ status: 'Deactivated', is_active: false });
    expect(
      (await post('setActive', sara, { userSlNo: member, active: false })).body.status,
      'deactivating twice changes nothing',
    ).toBe('0');
    expect((await post('setActive', majed, { userSlNo: member, active: true })).body.status).toBe(
      '1',
    );
    expect(await memberOf(member)).toMatchObject({ status: 'Approved', is_active: true });

    const role = await post('changeRole', sara, { userSlNo: member, role: 'authorizedSignatory' });
    expect(role.body.status).toBe('1');
    expect((await memberOf(member))?.roles).toEqual(['authorizedSignatory']);
    const detail = await post('viewOrganizationUser', sara, {
      userSlNo: member,
      active: 1,
      inActive: 1,
    });
    expect(detail.body.roles).toEqual(['authorizedSignatory']);

    expect(
      await count(
        `SELECT count(*) AS n FROM notifications WHERE user_slno = $1
            AND title_en IN ('Your membership was deactivated', 'Your membership is active again', 'Your role changed')`,
        [member],
      ),
    ).toBe(3);
    expect(
      await count(
        `SELECT count(*) AS n FROM audit_log WHERE org_slno = $2 AND target = $1
            AND action IN ('membership.changed', 'role.changed')`,
        [String(member), ORG],
      ),
    ).toBe(3);
  });

  it('is never the admin’s own, never a pending person’s, and only an admin’s to change', async () => {
    const own = await post(
      'setActive',
      sara,
      { userSlNo: saraPerson.userSlno, active: false },
      'ar',
    );
    expect(own.body.errorMessage).toBe(
      'لا يمكنك تغيير دورك أو حالة نشاطك. يستطيع ذلك مسؤول تسجيل آخر.',
    );
    expect(
      (await post('changeRole', sara, { userSlNo: saraPerson.userSlno, role: 'organizationUser' }))
        .body.status,
    ).toBe('0');
    expect((await memberOf(saraPerson.userSlno))?.is_active).toBe(true);

    const pending = await pendingMember();
    expect(
      (await post('changeRole', sara, { userSlNo: pending, role: 'enrolmentAdmin' })).body,
    ).toMatchObject({ status: '0' });

    const member = anotherMember();
    const refused = await post('setActive', mohammed, { userSlNo: member, active: false });
    expect(refused.status).toBe(403);
    expect((await memberOf(member))?.is_active).toBe(true);
  });

  it('takes a deactivated member’s access to the organization away', async () => {
    const deactivated = await post('setActive', sara, {
      userSlNo: mohammedPerson.userSlno,
      active: false,
    });
    expect(deactivated.body.status).toBe('1');
    const profile = await h.call('POST', `/api/v1/profile/org/view/${String(ORG)}`, {
      token: mohammed,
    });
    expect([403, 404]).toContain(profile.status);
    await post('setActive', sara, { userSlNo: mohammedPerson.userSlno, active: true });
  });
});

describe('role seats, through the counters ledger', () => {
  const seats = async (role: string) => {
    const { rows } = await h.ownerPool.query<{ total: number; utilized: number }>(
      'SELECT total, utilized FROM organization_counters WHERE org_slno = $2 AND counter = $1',
      [role, ORG],
    );
    return rows[0] as { total: number; utilized: number };
  };
  /** Uses every seat of a role that is left, as other members would have. */
  const fill = async (role: string) => {
    const { total, utilized } = await seats(role);
    if (total > utilized)
      await h.ownerPool.query(
        `INSERT INTO counter_entries (org_slno, counter, kind, quantity, reason, created_at)
         VALUES ($3, $1, 'consumption', $2, 'test: seats in use', now())`,
        [role, total - utilized, ORG],
      );
    await h.ownerPool.query(
      'UPDATE organization_counters SET utilized = total WHERE org_slno = $2 AND counter = $1',
      [role, ORG],
    );
  };

  it('gives a seat back when a member is deactivated, and takes one when they return', async () => {
    const member = anotherMember();
    const before = await seats('organizationUser');
    expect((await post('setActive', sara, { userSlNo: member, active: false })).body.status).toBe(
      '1',
    );
    expect((await seats('organizationUser')).utilized).toBe(before.utilized - 1);
    expect((await post('setActive', sara, { userSlNo: member, active: true })).body.status).toBe(
      '1',
    );
    expect((await seats('organizationUser')).utilized).toBe(before.utilized);
  });

  it('moves a seat with a role, and refuses a role whose seats are all taken, changing nothing', async () => {
    const member = anotherMember();
    const users = await seats('organizationUser');
    const signatories = await seats('authorizedSignatory');
    expect(
      (await post('changeRole', sara, { userSlNo: member, role: 'authorizedSignatory' })).body
        .status,
    ).toBe('1');
    expect((await seats('organizationUser')).utilized).toBe(users.utilized - 1);
    expect((await seats('authorizedSignatory')).utilized).toBe(signatories.utilized + 1);

    await fill('enrolmentAdmin');
    const refused = await post(
      'changeRole',
      sara,
      { userSlNo: member, role: 'enrolmentAdmin' },
      'ar',
    );
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'لم يتبقَّ مقعد لدور مسؤول التسجيل. اشترِ مقاعد أدوار أو حرّر مقعدًا، ثم حاول مرة أخرى.',
    );
    expect((await memberOf(member))?.roles).toEqual(['authorizedSignatory']);
    expect((await seats('authorizedSignatory')).utilized).toBe(signatories.utilized + 1);
  });

  it('approves a new member only into a seat that is left', async () => {
    // A pending request Sara made, for Majed to decide.
    const person = await pendingMember();
    const approve = () =>
      h.call('POST', '/api/v1/approval/org/users/new/process', {
        token: majed,
        body: { orgSlNo: ORG, userSlNo: person, action: 'approve' },
        headers: { 'idempotency-key': `key-${randomUUID()}` },
      });
    await fill('organizationUser');
    const refused = await approve();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('No Organization User seat is left');
    expect((await memberOf(person))?.status).toBe('Pending');

    // A seat bought (here: a purchase entry) lets the same approval through.
    const { total } = await seats('organizationUser');
    await h.ownerPool.query(
      `INSERT INTO counter_entries (org_slno, counter, kind, quantity, reason, created_at)
       VALUES ($1, 'organizationUser', 'purchase', 1, 'test: one seat', now())`,
      [ORG],
    );
    await h.ownerPool.query(
      `UPDATE organization_counters SET total = total + 1 WHERE org_slno = $1 AND counter = 'organizationUser'`,
      [ORG],
    );
    expect((await approve()).body.status).toBe('1');
    expect(await seats('organizationUser')).toEqual({ total: total + 1, utilized: total + 1 });
    expect((await memberOf(person))?.status).toBe('Approved');
  });
});
