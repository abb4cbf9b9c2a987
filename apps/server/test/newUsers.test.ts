/**
 * New-user (UAV) requests: an Enrolment Admin of an organization checks a national
 * id, the person approves in the identity app (the simulator's phone, reached over real HTTP by
 * the server's own client), the admin reads the person's details and submits the request, and
 * another admin decides it. A rejected, expired or foreign verification never makes a request.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { simulatedPerson } from '../src/adapters/nafath/people.js';
import { startHarness, validNationalId } from './harness.js';
import { freshOrganization, type FreshPerson } from './world.js';

const h = await startHarness();
// Two Enrolment Admins (one asks, the other decides) and an Organization User; and the Enrolment
// Admin of another organization.
const world = await freshOrganization(h, {
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['enrolmentAdmin'], ['organizationUser']],
});
const ORG = world.orgSlno;
const [saraPerson, majedPerson, mohammedPerson] = world.members as [
  FreshPerson,
  FreshPerson,
  FreshPerson,
];
const elsewhere = await freshOrganization(h);
const OTHER = elsewhere.orgSlno;

const sara = (await h.signIn(saraPerson.nationalId)).token;
const majed = (await h.signIn(majedPerson.nationalId)).token;
const khalid = (await h.signIn((elsewhere.members[0] as FreshPerson).nationalId)).token;
const mohammed = (await h.signIn(mohammedPerson.nationalId)).token;

const count = async (sql: string, values: unknown[] = []) =>
  Number((await h.ownerPool.query(sql, values)).rows[0].n);

/** A national id no one in the world has, new for each call. */
let fresh = 0;
function newPersonId(): string {
  fresh += 1;
  return validNationalId(`1077${String(fresh).padStart(5, '0')}`);
}

const UNIT = await count(
  `SELECT min(org_unit_slno) AS n FROM organization_units WHERE org_slno = ${String(ORG)} AND is_active AND status = 'Approved'`,
);

const post = (path: string, token: string, body: object, language = 'en') =>
  h.call('POST', path, {
    token,
    body,
    language,
    headers: { 'idempotency-key': `key-${randomUUID()}` },
  });

const verifyCall = (token: string, nationalID: string, transId?: string, language = 'en') =>
  post(
    '/api/v1/orguser/nafath/verify',
    token,
    { orgSlNo: ORG, nationalID, ...(transId ? { transId } : {}) },
    language,
  );

/** Starts the check of a person and answers it on the simulator's phone; the transId. */
async function verified(
  token: string,
  nationalID: string,
  choice: 'approve' | 'reject' = 'approve',
): Promise<{ transId: string; answer: { status: string; errorMessage: string | null } }> {
  const started = await verifyCall(token, nationalID);
  expect(started.status).toBe(200);
  expect(started.body).toMatchObject({ status: '1', random: expect.stringMatching(/^\d{2}$/) });
  const transId = started.body.transId as string;
  h.clock.advance(1_000);
  expect((await verifyCall(token, nationalID, transId)).body.status).toBe('3');
  expect(await h.simulator.answer(transId, choice)).toBe(true);
  h.clock.advance(1_000);
  const answered = await verifyCall(token, nationalID, transId);
  return { transId, answer: answered.body };
}

function requestBody(nationalID: string, transId: string, overrides: object = {}) {
  return {
    orgSlNo: ORG,
    nationalID,
    transId,
    email: 'new.person@example.sa',
    mobileNo: '0551234567',
    orgUnitSlNo: UNIT,
    employeeId: 'EMP-NEW-1',
    userType: 'authorizedSignatory',
    ...overrides,
  };
}

const create = (token: string, body: object, language = 'en') =>
  post('/api/v1/user/org/uav/createUavRequest', token, body, language);

const grid = (token: string, body: object = {}) =>
  post('/api/v1/user/org/uav/viewCreateUavUsersGrid', token, {
    orgSlNo: ORG,
    pageNumber: 1,
    pageSize: 10,
    ...body,
  });

const view = (token: string, id: number, language = 'en') =>
  post('/api/v1/user/org/uav/viewUavRequest', token, { orgSlNo: ORG, id }, language);

const requestsOf = (nationalId: string) =>
  count(
    `SELECT count(*) AS n FROM user_requests r JOIN users u USING (user_slno)
      WHERE r.org_slno = ${String(ORG)} AND u.national_id = $1`,
    [nationalId],
  );

describe('checking a national id before adding a person', () => {
  it('accepts a person who is not a member, and says why a member cannot be added again', async () => {
    const ok = await post('/api/v1/orguser/validate/nationalID', sara, {
      orgSlNo: ORG,
      nationalID: newPersonId(),
    });
    expect(ok.body).toEqual({ status: '1', errorMessage: null });
    const member = await post(
      '/api/v1/orguser/validate/nationalID',
      sara,
      { orgSlNo: ORG, nationalID: mohammedPerson.nationalId },
      'ar',
    );
    expect(member.body).toEqual({ status: '0', errorMessage: 'هذا الشخص عضو في المنشأة بالفعل.' });
    // The identity app is not asked about a member either.
    const started = await verifyCall(sara, mohammedPerson.nationalId);
    expect(started.body).toMatchObject({ status: '0', transId: null });
  });

  it('refuses an id that fails its check digit, and members who may not manage users', async () => {
    const id = newPersonId();
    const wrong = `${id.slice(0, 9)}${String((Number(id[9]) + 1) % 10)}`;
    const bad = await post('/api/v1/orguser/validate/nationalID', sara, {
      orgSlNo: ORG,
      nationalID: wrong,
    });
    expect(bad.status).toBe(400);
    const user = await post('/api/v1/orguser/validate/nationalID', mohammed, {
      orgSlNo: ORG,
      nationalID: id,
    });
    expect(user.status).toBe(403);
  });
});

describe('adding a person through the identity app', () => {
  it('verifies the person on their phone, reads their details, and makes a pending request another admin approves', async () => {
    const id = newPersonId();
    const { transId, answer } = await verified(sara, id);
    expect(answer).toMatchObject({ status: '1', errorMessage: null });

    const details = await post('/api/v1/orguser/userDetails', sara, {
      orgSlNo: ORG,
      nationalID: id,
      transId,
    });
    const person = simulatedPerson(id);
    expect(details.body).toMatchObject({
      status: '1',
      fullNameEnglish: person.fullNameEnglish,
      fullNameArabic: person.fullNameArabic,
      dateOfBirth: person.dateOfBirth,
    });

    const made = await create(sara, requestBody(id, transId));
    expect(made.body).toMatchObject({ status: '1', errorMessage: null });
    const requestId = made.body.id as number;

    const listed = await grid(sara, { statuses: [1] });
    expect(listed.body.dataList[0]).toMatchObject({
      id: requestId,
      fullName: person.fullNameEnglish,
      nationalID: `******${id.slice(-4)}`,
      email: 'new.person@example.sa',
      status: 1,
      processedBy: null,
    });
    const shown = await view(sara, requestId, 'ar');
    expect(shown.body).toMatchObject({
      fullNameArabic: person.fullNameArabic,
      userType: 'المفوّض بالتوقيع',
      employeeId: 'EMP-NEW-1',
      status: 1,
      createdBy: saraPerson.nameAr,
      cancellable: true,
    });
    // The other admin is told someone awaits approval; the request is audited.
    expect(
      await count(
        `SELECT count(*) AS n FROM notifications WHERE user_slno = $1 AND title_en = 'A new user awaits approval'`,
        [majedPerson.userSlno],
      ),
    ).toBe(1);
    expect(
      await count(
        `SELECT count(*) AS n FROM audit_log WHERE action = 'approval.requested' AND org_slno = ${String(ORG)}`,
      ),
    ).toBeGreaterThanOrEqual(1);

    // Not by the admin who asked; by another one.
    const userSlNo = await count(`SELECT user_slno AS n FROM users WHERE national_id = $1`, [id]);
    const decide = (token: string) =>
      post('/api/v1/approval/org/users/new/process', token, {
        orgSlNo: ORG,
        userSlNo,
        action: 'approve',
      });
    expect((await decide(sara)).status).toBe(403);
    expect((await decide(majed)).status).toBe(200);
    const after = await view(sara, requestId);
    expect(after.body).toMatchObject({
      status: 2,
      processedBy: majedPerson.name,
      cancellable: false,
    });
    // The person signs in and has the organization with the role asked for.
    const session = (await h.signIn(id)) as unknown as {
      organizationList: { slno: number; roles: string[] }[];
    };
    expect(session.organizationList.find((org) => org.slno === ORG)).toMatchObject({
      roles: ['authorizedSignatory'],
    });
  });

  it('leaves a rejected person outside the organization, told why', async () => {
    const id = newPersonId();
    const { transId } = await verified(sara, id);
    const requestId = (await create(sara, requestBody(id, transId))).body.id as number;
    const userSlNo = await count(`SELECT user_slno AS n FROM users WHERE national_id = $1`, [id]);
    const rejected = await post('/api/v1/approval/org/users/new/process', majed, {
      orgSlNo: ORG,
      userSlNo,
      action: 'reject',
      remarks: 'Not one of our employees.',
    });
    expect(rejected.status).toBe(200);
    expect((await view(sara, requestId)).body).toMatchObject({
      status: 3,
      remarks: 'Not one of our employees.',
      cancellable: false,
    });
    const session = (await h.signIn(id)) as unknown as { organizationList: { slno: number }[] };
    expect(session.organizationList.map((org) => org.slno)).not.toContain(ORG);
    expect(
      await count(
        `SELECT count(*) AS n FROM notifications WHERE user_slno = $1 AND title_en = 'Your request was not approved'`,
        [userSlNo],
      ),
    ).toBe(1);
  });

  it('uses an approval once', async () => {
    const id = newPersonId();
    const { transId } = await verified(sara, id);
    expect((await create(sara, requestBody(id, transId))).body.status).toBe('1');
    const again = await create(sara, requestBody(id, transId));
    expect(again.body.status).toBe('0');
    expect(await requestsOf(id)).toBe(1);
  });

  it('never makes a request from a rejected, expired, foreign or another admin’s verification', async () => {
    // Rejected on the phone.
    const rejectedId = newPersonId();
    const rejected = await verified(sara, rejectedId, 'reject');
    expect(rejected.answer.status).toBe('0');
    expect((await create(sara, requestBody(rejectedId, rejected.transId))).body.status).toBe('0');

    // Approved, but for another national id than the one submitted.
    const approvedId = newPersonId();
    const otherId = newPersonId();
    const approved = await verified(sara, approvedId);
    expect((await create(sara, requestBody(otherId, approved.transId))).body.status).toBe('0');
    expect(
      (await verifyCall(sara, otherId, approved.transId)).body.status,
      'a poll naming another id',
    ).toBe('0');

    // Another admin cannot use it, nor read the person's details with it.
    const details = await post('/api/v1/orguser/userDetails', majed, {
      orgSlNo: ORG,
      nationalID: approvedId,
      transId: approved.transId,
    });
    expect(details.body.status).toBe('0');
    expect((await create(majed, requestBody(approvedId, approved.transId))).body.status).toBe('0');

    // An approval is good for half an hour; then it has expired.
    const [kept] = (
      await h.ownerPool.query<{ minutes: number }>(
        `SELECT extract(epoch FROM expires_at - $2::timestamptz) / 60 AS minutes
           FROM identity_challenges WHERE trans_id = $1`,
        [approved.transId, h.clock.now],
      )
    ).rows;
    expect(Number(kept?.minutes)).toBeCloseTo(30, 0);
    await h.ownerPool.query(`UPDATE identity_challenges SET expires_at = $2 WHERE trans_id = $1`, [
      approved.transId,
      h.clock.now,
    ]);
    const late = await create(sara, requestBody(approvedId, approved.transId), 'ar');
    expect(late.body.errorMessage).toContain('انتهت صلاحيته');

    for (const id of [rejectedId, approvedId, otherId]) expect(await requestsOf(id)).toBe(0);
  });

  it('makes one request when two admins add the same person at once', async () => {
    const id = newPersonId();
    const [first, second] = await Promise.all([verified(sara, id), verified(majed, id)]);
    const answers = await Promise.all([
      create(sara, requestBody(id, first.transId)),
      create(majed, requestBody(id, second.transId)),
    ]);
    expect(answers.map((answer) => answer.body.status).sort()).toEqual(['0', '1']);
    expect(await requestsOf(id)).toBe(1);
  });

  it('refuses a unit that is not active', async () => {
    const id = newPersonId();
    const { transId } = await verified(sara, id);
    const inactive = await h.ownerPool.query<{ org_unit_slno: number }>(
      `INSERT INTO organization_units (org_slno, name_en, name_ar, status, is_active, created_at)
       VALUES (${String(ORG)}, 'Closed unit', 'وحدة مغلقة', 'Approved', false, now()) RETURNING org_unit_slno`,
    );
    const refused = await create(
      sara,
      requestBody(id, transId, { orgUnitSlNo: inactive.rows[0]?.org_unit_slno }),
    );
    expect(refused.body).toMatchObject({
      status: '0',
      errorMessage: 'Choose an active organization unit.',
    });
    // The approval is still there to use with an active unit.
    expect((await create(sara, requestBody(id, transId))).body.status).toBe('1');
  });
});

describe('an open request', () => {
  it('can be cancelled once: the pending membership goes, and it cannot be approved', async () => {
    const id = newPersonId();
    const { transId } = await verified(sara, id);
    const requestId = (await create(sara, requestBody(id, transId))).body.id as number;
    const cancel = (token: string, language = 'en') =>
      post(
        '/api/v1/user/org/uav/cancelUavRequest',
        token,
        { orgSlNo: ORG, id: requestId },
        language,
      );
    expect((await cancel(majed)).body).toEqual({ status: '1', errorMessage: null });
    expect((await view(sara, requestId)).body).toMatchObject({
      status: 4,
      processedBy: majedPerson.name,
      cancellable: false,
    });
    expect(
      await count(
        `SELECT count(*) AS n FROM memberships m JOIN users u USING (user_slno)
          WHERE m.org_slno = ${String(ORG)} AND u.national_id = $1`,
        [id],
      ),
    ).toBe(0);
    const twice = await cancel(sara, 'ar');
    expect(twice.status).toBe(409);
    expect(twice.body.message).toContain('لم يعد هذا الطلب مفتوحًا');
    const userSlNo = await count(`SELECT user_slno AS n FROM users WHERE national_id = $1`, [id]);
    const approve = await post('/api/v1/approval/org/users/new/process', majed, {
      orgSlNo: ORG,
      userSlNo,
      action: 'approve',
    });
    expect(approve.status).toBe(404);
    // Cancelled, the person may be asked for again.
    const ok = await post('/api/v1/orguser/validate/nationalID', sara, {
      orgSlNo: ORG,
      nationalID: id,
    });
    expect(ok.body.status).toBe('1');
  });

  it('is not found from another organization', async () => {
    const [any] = (
      await h.ownerPool.query<{ request_slno: number }>(
        `SELECT request_slno FROM user_requests WHERE org_slno = ${String(ORG)} AND kind = 'newUser' LIMIT 1`,
      )
    ).rows;
    const foreign = await h.call('POST', '/api/v1/user/org/uav/viewUavRequest', {
      token: khalid,
      body: { orgSlNo: OTHER, id: any?.request_slno },
    });
    expect(foreign.status).toBe(404);
  });
});

describe('the new-user requests grid', () => {
  it('pages the organization’s requests newest first and filters them by status code', async () => {
    const all = await grid(sara, { pageSize: 50 });
    expect(all.status).toBe(200);
    const rows = all.body.dataList as { createdDate: string; status: number }[];
    expect(rows.length).toBeGreaterThan(0);
    expect([...rows.map((row) => row.createdDate)].sort().reverse()).toEqual(
      rows.map((row) => row.createdDate),
    );
    const cancelled = await grid(sara, { statuses: [4], pageSize: 50 });
    expect(cancelled.body.totalCount).toBe(
      await count(
        `SELECT count(*) AS n FROM user_requests WHERE org_slno = ${String(ORG)} AND kind = 'newUser' AND status = 'Cancelled'`,
      ),
    );
    expect((cancelled.body.dataList as { status: number }[]).every((row) => row.status === 4)).toBe(
      true,
    );
  });
});

describe('supporting documents', () => {
  // Files as they are: a PDF, a 1×1 PNG and the start of a JPEG, each what its bytes say.
  const PDF = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );
  const PNG = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
    'base64',
  );
  const JPEG = Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01,
  ]);

  const upload = (
    token: string,
    bytes: Buffer,
    name: string,
    mediaType: string,
    options: { org?: number; category?: string; language?: string } = {},
  ) =>
    h.call(
      'POST',
      `/api/v1/documents/org/${String(options.org ?? ORG)}/upload?${new URLSearchParams({
        name,
        category: options.category ?? 'authorizationLetter',
      }).toString()}`,
      {
        token,
        body: bytes,
        language: options.language ?? 'en',
        headers: { 'content-type': mediaType },
      },
    );
  const download = (token: string, uniqueFileId: string, org = ORG) =>
    h.call('GET', `/api/v1/documents/org/${String(org)}/${uniqueFileId}`, { token });
  const untakenOf = (person: FreshPerson) =>
    count(
      'SELECT count(*) AS n FROM documents WHERE uploaded_by = $1 AND user_request_slno IS NULL',
      [person.userSlno],
    );

  it('go with a request: uploaded, shown on it, and downloaded by the approver under their own name', async () => {
    const letter = await upload(sara, PDF, 'خطاب التفويض.pdf', 'application/pdf', {
      language: 'ar',
    });
    expect(letter.status).toBe(200);
    expect(letter.body).toMatchObject({
      category: 'authorizationLetter',
      name: 'خطاب التفويض.pdf',
      status: 'مرفوع',
      type: 'pdf',
      size: PDF.length,
      uniqueFileId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
    });
    // A browser that does not know a file's type sends octet-stream; the content decides.
    const scan = await upload(sara, PNG, 'id scan.png', 'application/octet-stream', {
      category: 'identityCopy',
    });
    expect(scan.body).toMatchObject({ type: 'png', name: 'id scan.png' });

    const id = newPersonId();
    const { transId } = await verified(sara, id);
    const made = await create(
      sara,
      requestBody(id, transId, {
        uniqueFileIds: [letter.body.uniqueFileId, scan.body.uniqueFileId],
      }),
    );
    expect(made.body.status).toBe('1');
    const shown = await view(sara, made.body.id as number);
    expect(shown.body.documents).toEqual([
      expect.objectContaining({ name: 'خطاب التفويض.pdf', status: 'Submitted', type: 'pdf' }),
      expect.objectContaining({ name: 'id scan.png', category: 'identityCopy', type: 'png' }),
    ]);

    const userSlNo = await count(`SELECT user_slno AS n FROM users WHERE national_id = $1`, [id]);
    const detail = await post('/api/v1/approval/org/users/new/viewNewRequestDetails', majed, {
      orgSlNo: ORG,
      userSlNo,
    });
    expect(detail.body.documents).toHaveLength(2);

    const file = await download(majed, letter.body.uniqueFileId as string);
    expect(file.status).toBe(200);
    expect(file.raw.equals(PDF)).toBe(true);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="____ _______.pdf"; filename*=UTF-8''${encodeURIComponent('خطاب التفويض.pdf')}`,
    );
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(file.headers.get('content-security-policy')).toBe('sandbox');
    expect(file.headers.get('cache-control')).toBe('no-store');

    // A member who does not manage users may not read it; another organization does not find it.
    expect((await download(mohammed, letter.body.uniqueFileId as string)).status).toBe(403);
    expect((await download(khalid, letter.body.uniqueFileId as string)).status).toBe(403);
    expect((await download(khalid, letter.body.uniqueFileId as string, OTHER)).status).toBe(404);
  });

  it('refuse a file that is not what its name says, and say why in the caller’s language', async () => {
    const before = await untakenOf(saraPerson);
    const contentsBefore = await count('SELECT count(*) AS n FROM document_contents');
    const disguised = await upload(sara, PNG, 'letter.pdf', 'application/pdf', { language: 'ar' });
    expect(disguised.status).toBe(415);
    expect(disguised.body.message).toContain('لا يطابق محتواه');
    // The media type sent must agree with the content too.
    expect((await upload(sara, PNG, 'scan.png', 'image/jpeg')).status).toBe(415);
    expect((await upload(sara, JPEG, 'photo.png', 'image/png')).status).toBe(415);
    expect((await upload(sara, Buffer.from('hello'), 'note.txt', 'text/plain')).status).toBe(415);
    // JSON is not a file.
    const json = await h.call(
      'POST',
      `/api/v1/documents/org/${String(ORG)}/upload?name=a.pdf&category=other`,
      {
        token: sara,
        body: { content: PDF.toString('base64') },
      },
    );
    expect(json.status).toBe(415);
    expect((await upload(sara, Buffer.alloc(0), 'empty.pdf', 'application/pdf')).status).toBe(400);
    const huge = Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]);
    const tooLarge = await upload(sara, huge, 'huge.pdf', 'application/pdf');
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe('The file is larger than 10 MB. Choose a smaller one.');
    const category = await upload(sara, PDF, 'a.pdf', 'application/pdf', { category: 'selfie' });
    expect(category.status).toBe(400);
    expect(await untakenOf(saraPerson)).toBe(before);
    // Nor are the bytes of any refused file kept.
    expect(await count('SELECT count(*) AS n FROM document_contents')).toBe(contentsBefore);
    // Nobody without a session, and no member who may not manage users, uploads.
    const anonymous = await h.call(
      'POST',
      `/api/v1/documents/org/${String(ORG)}/upload?name=a.pdf&category=other`,
      {
        body: PDF,
        headers: { 'content-type': 'application/pdf' },
      },
    );
    expect(anonymous.status).toBe(401);
    expect((await upload(mohammed, PDF, 'a.pdf', 'application/pdf')).status).toBe(403);
    expect((await upload(khalid, PDF, 'a.pdf', 'application/pdf')).status).toBe(403);
  });

  it('keep a name that cannot mislead: no folders, no direction overrides', async () => {
    const stored = await upload(sara, JPEG, '../../x\u202Egnp.jpg', 'image/jpeg');
    expect(stored.body).toMatchObject({ name: 'xgnp.jpg', type: 'jpeg' });
  });

  it('belong to their uploader until a request takes them, once', async () => {
    const mine = await upload(sara, PDF, 'mine.pdf', 'application/pdf');
    const id = newPersonId();
    const { transId } = await verified(majed, id);
    // Majed cannot read or send Sara's document; his request is refused whole, nothing made.
    expect((await download(majed, mine.body.uniqueFileId as string)).status).toBe(404);
    const refused = await create(
      majed,
      requestBody(id, transId, { uniqueFileIds: [mine.body.uniqueFileId] }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toContain('was not uploaded by you');
    expect(await requestsOf(id)).toBe(0);
    // His verification was not used up by the refusal: he sends the request without it.
    expect((await create(majed, requestBody(id, transId))).body.status).toBe('1');

    // Sara reads her own untaken document; once a request took it, no second request can.
    expect((await download(sara, mine.body.uniqueFileId as string)).status).toBe(200);
    const first = newPersonId();
    const firstCheck = await verified(sara, first);
    expect(
      (
        await create(
          sara,
          requestBody(first, firstCheck.transId, { uniqueFileIds: [mine.body.uniqueFileId] }),
        )
      ).body.status,
    ).toBe('1');
    const second = newPersonId();
    const secondCheck = await verified(sara, second);
    expect(
      (
        await create(
          sara,
          requestBody(second, secondCheck.transId, { uniqueFileIds: [mine.body.uniqueFileId] }),
        )
      ).status,
    ).toBe(400);
    // At most five a request.
    const six = Array.from({ length: 6 }, () => mine.body.uniqueFileId as string);
    expect(
      (await create(sara, requestBody(second, secondCheck.transId, { uniqueFileIds: six }))).status,
    ).toBe(400);
  });

  it('come with the demo world’s pending requests: a letter a PDF reader can open', async () => {
    // The demo world's own data: its organization 314 and an Enrolment Admin of it.
    const DEMO_ORG = 314;
    const demoAdmin = (await h.signIn((await h.demoPerson('majed')).nationalId)).token;
    const pending = await count(
      `SELECT min(r.user_slno) AS n FROM user_requests r
        WHERE r.org_slno = $1 AND r.kind = 'newUser' AND r.status = 'Pending' AND r.created_by IS NULL`,
      [DEMO_ORG],
    );
    const detail = await post('/api/v1/approval/org/users/new/viewNewRequestDetails', demoAdmin, {
      orgSlNo: DEMO_ORG,
      userSlNo: pending,
    });
    expect(detail.body.documents).toEqual([
      expect.objectContaining({ name: 'authorization letter.pdf', type: 'pdf' }),
    ]);
    const file = await download(
      demoAdmin,
      detail.body.documents[0].uniqueFileId as string,
      DEMO_ORG,
    );
    const pdf = file.raw.toString('latin1');
    expect(pdf.startsWith('%PDF-1.4\n')).toBe(true);
    // Its cross-reference table points at each object, as a reader looks them up.
    const xref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(pdf)?.[1]);
    expect(pdf.slice(xref, xref + 4)).toBe('xref');
    const offsets = [...pdf.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((offset, index) =>
      expect(pdf.slice(offset).startsWith(`${String(index + 1)} 0 obj`)).toBe(true),
    );
    expect(pdf).toContain('Authorization letter');
  });

  it('cannot fill the database: twenty waiting a person, and the untaken removed after a day', async () => {
    const held = await untakenOf(majedPerson);
    for (let i = held; i < 20; i += 1)
      expect((await upload(majed, PNG, `scan ${String(i)}.png`, 'image/png')).status).toBe(200);
    const over = await upload(majed, PNG, 'one more.png', 'image/png');
    expect(over.status).toBe(400);
    expect(over.body.message).toContain('20 documents waiting');
    h.clock.advance(25 * 60 * 60 * 1000);
    const nextDay = (await h.signIn(majedPerson.nationalId)).token;
    expect((await upload(nextDay, PNG, 'next day.png', 'image/png')).status).toBe(200);
    expect(await untakenOf(majedPerson)).toBe(1);
  });
});
