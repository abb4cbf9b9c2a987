/**
 * Pre-enrolment (issue 17), over real HTTP against the server with the identity-app and gateway
 * simulators: an applicant passes the embedded captcha, approves in the identity app, fills in
 * and saves the application, uploads its documents (a disguised or oversized file is refused and
 * nothing is kept), submits it, verifies the e-mail link (used once, only the newest good,
 * expiring), pays the fee where there is one, and the application is filed for the L1 provider's
 * approval screen.
 */
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/notifier/outbox.js';
import { captchaToken as solvedCaptcha, startHarness, validNationalId } from './harness.js';
import {
  freshOrganization,
  freshPerson,
  freshProvider,
  freshStaff,
  type FreshPerson,
} from './world.js';

const h = await startHarness({ CAPTCHA_COST: '1', CAPTCHA_MAX_COUNTER: '40' });
// An L1 provider of the test's own, and someone on its staff who approves.
const L1 = await freshProvider(h);
const approver = await freshStaff(h, L1, ['providerApprover']);
/** An organization whose Enrolment Admin invites people. */
const inviting = await freshOrganization(h);
const DEVICE = 'a'.repeat(64);

const PDF = Buffer.from('%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n');
const HTML = Buffer.from('<!doctype html><html><script>alert(1)</script></html>');

let fresh = 0;
function newPersonId(): string {
  fresh += 1;
  return validNationalId(`1066${String(fresh).padStart(5, '0')}`);
}
let crs = 0;
const newCr = () => {
  crs += 1;
  return `40309${String(crs).padStart(5, '0')}`;
};

const captchaToken = () => solvedCaptcha(h);

const call = (
  method: string,
  path: string,
  options: { token?: string | null; body?: unknown; language?: string; device?: string } = {},
) =>
  h.call(method, path, {
    deviceId: options.device ?? DEVICE,
    language: options.language ?? 'en',
    ...(options.body === undefined ? {} : { body: options.body }),
    headers: {
      'idempotency-key': randomUUID(),
      ...(options.token ? { 'x-application-token': options.token } : {}),
    },
  });

/** Verifies a new applicant in the identity app; their application's secret. */
async function begin(kind: 'organization' | 'l2Provider', nationalID = newPersonId()) {
  const started = await call('POST', '/api/v1/enrolment/nafath/verify', {
    body: { nationalID, kind, captchaToken: await captchaToken() },
  });
  expect(started.status).toBe(200);
  expect(started.body).toMatchObject({ status: '1', random: expect.stringMatching(/^\d{2}$/) });
  const transId = started.body.transId as string;
  expect(await h.simulator.answer(transId, 'approve')).toBe(true);
  h.clock.advance(1_000);
  const approved = await call('POST', '/api/v1/enrolment/nafath/verify', {
    body: { nationalID, kind, transId },
  });
  expect(approved.body).toMatchObject({ status: '1', applicationToken: expect.any(String) });
  return { token: approved.body.applicationToken as string, nationalID };
}

function upload(token: string, name: string, category: string, bytes: Buffer, type: string) {
  return fetch(
    `${h.baseUrl}/api/v1/enrolment/application/documents?name=${encodeURIComponent(name)}&category=${category}`,
    {
      method: 'POST',
      headers: {
        'content-type': type,
        'x-device-id': DEVICE,
        'x-application-token': token,
        'accept-language': 'ar',
      },
      body: new Uint8Array(bytes),
    },
  );
}

function details(overrides: object = {}) {
  return {
    organizationNameEnglish: 'Al Noor Trading',
    organizationNameArabic: 'النور للتجارة',
    crNumber: newCr(),
    crExpiryDate: '2028-01-31',
    unifiedNumber: '7001234567',
    email: `admin.${randomUUID().slice(0, 8)}@alnoor.example.sa`,
    mobile: '0551234567',
    telephone: '0112345678',
    countrySlno: '1',
    stateSlno: '1',
    citySlno: '1',
    address: 'King Fahd Road',
    postalCode: '12214',
    sponsor: {
      nameEnglish: 'Khalid Al-Harbi',
      nameArabic: 'خالد الحربي',
      email: 'khalid@alnoor.example.sa',
      mobile: '0559876543',
    },
    technicalContact: {
      nameEnglish: 'Huda Al-Shammari',
      nameArabic: 'هدى الشمري',
      email: 'huda@alnoor.example.sa',
      mobile: '0553456789',
    },
    ...overrides,
  };
}

/** Uploads the two documents an application is submitted with. */
async function attachDocuments(token: string) {
  for (const [name, category] of [
    ['السجل التجاري.pdf', 'commercialRegistration'],
    ['authorization letter.pdf', 'authorizationLetter'],
  ] as const)
    expect((await upload(token, name, category, PDF, 'application/pdf')).status).toBe(200);
}

async function submit(token: string, kind: string, body: object = {}) {
  return call('POST', '/api/v1/enrolment/application/submit', {
    token,
    body: {
      kind,
      l1SipSlNo: L1,
      details: details(),
      agreementVersion: '2026-11-01',
      captchaToken: await captchaToken(),
      ...body,
    },
  });
}

/** The token of the newest verification link e-mailed to an address. */
async function linkTo(address: string): Promise<string> {
  // The outbox reads newest first.
  const [message] = await readOutbox(h.pool, address);
  const token = /email-verification\?token=([^\s]+)/.exec(message?.body ?? '')?.[1];
  if (!token) throw new Error(`no link to ${address}`);
  return token;
}

const verifyLink = (token: string) =>
  call('POST', '/api/v1/enrolment/email/verify', { body: { token } });

describe('the captcha', () => {
  it('must be answered, and an answer is good once', async () => {
    const body = { nationalID: newPersonId(), kind: 'organization' };
    const without = await call('POST', '/api/v1/enrolment/nafath/verify', {
      body,
      language: 'ar',
    });
    expect(without.status).toBe(400);
    expect(without.body.message).toContain('روبوت');
    const token = await captchaToken();
    expect(
      (
        await call('POST', '/api/v1/enrolment/nafath/verify', {
          body: { ...body, captchaToken: token },
        })
      ).status,
    ).toBe(200);
    const again = await call('POST', '/api/v1/enrolment/nafath/verify', {
      body: { ...body, nationalID: newPersonId(), captchaToken: token },
    });
    expect(again.status).toBe(400);
    // A made-up answer is no answer.
    const forged = Buffer.from(
      JSON.stringify({ challenge: { parameters: {}, signature: 'x' }, solution: { counter: 1 } }),
    ).toString('base64');
    expect(
      (
        await call('POST', '/api/v1/enrolment/nafath/verify', {
          body: { ...body, captchaToken: forged },
        })
      ).status,
    ).toBe(400);
  });

  it('guards the contact form too', async () => {
    const message = { name: 'Visitor', email: 'v@example.sa', subject: 'Hello', message: 'Hi' };
    expect((await call('POST', '/api/v1/common/contactUs', { body: message })).status).toBe(400);
    const sent = await call('POST', '/api/v1/common/contactUs', {
      body: { ...message, captchaToken: await captchaToken() },
    });
    expect(sent.status).toBe(200);
    expect(sent.body.referenceNumber).toMatch(/^CU-/);
  });

  it('is the embedded one by default', async () => {
    const key = await call('GET', '/api/v1/common/getRecaptchaClientKey');
    expect(key.body).toEqual({ clientKey: 'altcha', provider: 'altcha' });
  });
});

describe('an organization signs up', () => {
  it('from the identity app to its provider’s approval screen', async () => {
    const { token, nationalID } = await begin('organization');
    const mine = await call('GET', '/api/v1/enrolment/application', { token });
    expect(mine.body).toMatchObject({
      status: 'draft',
      kind: 'organization',
      applicant: { nationalID: `******${nationalID.slice(-4)}` },
      fee: null,
    });

    // What was typed is kept, half-filled as it is.
    const saved = await call('POST', '/api/v1/enrolment/application/save', {
      token,
      body: { kind: 'organization', l1SipSlNo: L1, details: { crNumber: '12' } },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.details).toEqual({ crNumber: '12' });

    // Without its documents it is not submitted.
    const bare = await submit(token, 'organization');
    expect(bare.status).toBe(400);
    await attachDocuments(token);

    // Every field in its format.
    const badCr = await submit(token, 'organization', { details: details({ crNumber: '9999' }) });
    expect(badCr.status).toBe(400);
    expect(JSON.stringify(badCr.body)).toContain('crNumber');

    const application = details();
    const submitted = await submit(token, 'organization', { details: application });
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'emailPending', emailVerified: false });
    // Submitted, it no longer changes.
    expect(
      (
        await call('POST', '/api/v1/enrolment/application/save', {
          token,
          body: { kind: 'organization', l1SipSlNo: L1, details: {} },
        })
      ).status,
    ).toBe(409);

    // A resend: only the newest link is good.
    const first = await linkTo(application.email);
    expect(
      (await call('POST', '/api/v1/enrolment/application/email/resend', { token })).status,
    ).toBe(200);
    const second = await linkTo(application.email);
    expect(second).not.toBe(first);
    expect((await verifyLink(first)).body.outcome).toBe('superseded');
    // A forged one is nobody's.
    expect((await verifyLink(`${second.slice(0, -4)}0000`)).body.outcome).toBe('invalid');

    const verified = await verifyLink(second);
    expect(verified.body).toMatchObject({ outcome: 'verified', status: 'filed' });
    expect((await verifyLink(second)).body.outcome).toBe('used');

    // Filed: a pending L2 request of the organization kind, its documents, a pending admin.
    const after = await call('GET', '/api/v1/enrolment/application', { token });
    expect(after.body).toMatchObject({
      status: 'filed',
      emailVerified: true,
      decision: { status: 'Pending' },
    });
    const { rows } = await h.ownerPool.query(
      `SELECT r.kind, r.status, r.originator, o.cr_number, m.status AS member, m.roles,
              (SELECT count(*) FROM documents d WHERE d.l2_request_slno = r.request_slno)::int AS documents,
              (SELECT count(*) FROM agreement_acceptances a
                 JOIN applications ap ON ap.application_slno = a.application_slno
                WHERE ap.l2_request_slno = r.request_slno)::int AS acceptances
         FROM l2_requests r JOIN organizations o ON o.org_slno = r.l2_org_slno
         JOIN memberships m ON m.org_slno = o.org_slno
        WHERE o.cr_number = $1`,
      [application.crNumber],
    );
    expect(rows).toEqual([
      {
        kind: 'organization',
        status: 'Pending',
        originator: 'Self-registration',
        cr_number: application.crNumber,
        member: 'Pending',
        roles: ['enrolmentAdmin', 'authorizedSignatory'],
        documents: 2,
        acceptances: 1,
      },
    ]);
    // The L1's staff find it on the approval screen (issue 36).
    const grid = await h.call('POST', '/api/v1/l2sip/grid', {
      token: (await h.signIn(approver.nationalId)).token,
      body: { l1SipId: L1, pageNumber: 0, pageSize: 50, search: application.crNumber },
    });
    expect(grid.body.dataList).toHaveLength(1);
    expect(grid.body.dataList[0]).toMatchObject({
      status: 'Pending',
      originator: 'Self-registration',
      kind: 'organization',
      kindLabel: 'Organization',
      l2sipId: '',
    });
    // An organization applies as one (issue 38): no provider of its own, under the L1 at once.
    const [placed] = (
      await h.ownerPool.query<{ l2_sip_slno: number | null; sip_slno: number }>(
        `SELECT r.l2_sip_slno, o.sip_slno FROM l2_requests r
           JOIN organizations o ON o.org_slno = r.l2_org_slno WHERE o.cr_number = $1`,
        [application.crNumber],
      )
    ).rows;
    expect(placed).toEqual({ l2_sip_slno: null, sip_slno: L1 });
    // The applicant who signs in before the decision sees where it stands (issue 38).
    const applicant = (await h.signIn(nationalID)).token;
    const dashboard = await h.call('POST', '/api/v1/dashboard/my/dashboard', {
      token: applicant,
      body: {},
    });
    expect(dashboard.body.applications).toEqual([
      expect.objectContaining({
        organizationName: application.organizationNameEnglish,
        status: 'Pending',
        remarks: null,
      }),
    ]);
    // Approved, its admin is told of the organization and becomes nobody's staff.
    const decided = await h.call('POST', '/api/v1/l2sip/process', {
      token: (await h.signIn(approver.nationalId)).token,
      body: { l1SipId: L1, requestId: grid.body.dataList[0].requestId, action: 'approve' },
      headers: { 'idempotency-key': `approve-${application.crNumber}` },
    });
    expect(decided.status).toBe(200);
    const notices = await h.ownerPool.query<{ title_en: string; staff: number }>(
      `SELECT n.title_en, (SELECT count(*) FROM provider_staff s WHERE s.user_slno = n.user_slno)::int AS staff
         FROM notifications n JOIN memberships m ON m.user_slno = n.user_slno
         JOIN organizations o ON o.org_slno = m.org_slno
        WHERE o.cr_number = $1 AND n.title_en LIKE 'Your %'`,
      [application.crNumber],
    );
    expect(notices.rows).toEqual([{ title_en: 'Your organization is approved', staff: 0 }]);
    // The agreement accepted while applying is among their agreements, its record a PDF.
    const agreements = await h.call('GET', '/api/v1/profile/my/agreements', { token: applicant });
    expect(agreements.body.dataList).toEqual([
      expect.objectContaining({
        title: 'Subscriber agreement',
        userType: 'Record of acceptance',
        organization: application.organizationNameEnglish,
        uniqueFileID: expect.stringMatching(/^acceptance-\d+$/u),
        acceptedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/u),
      }),
    ]);
    const record = await h.call(
      'GET',
      `/api/v1/profile/my/agreements/${String(agreements.body.dataList[0].uniqueFileID)}`,
      { token: applicant },
    );
    expect(record.headers.get('content-type')).toBe('application/pdf');
    expect(record.raw.subarray(0, 5).toString()).toBe('%PDF-');
    // Nobody else's to read.
    const stranger = (await h.signIn((await freshPerson(h)).nationalId)).token;
    expect(
      (
        await h.call(
          'GET',
          `/api/v1/profile/my/agreements/${String(agreements.body.dataList[0].uniqueFileID)}`,
          { token: stranger },
        )
      ).status,
    ).toBe(404);

    // The same registration number cannot apply again.
    const other = await begin('organization');
    await attachDocuments(other.token);
    const twice = await submit(other.token, 'organization', {
      details: details({ crNumber: application.crNumber }),
    });
    expect(twice.status).toBe(409);
  });

  it('refuses a disguised or oversized file and keeps nothing of it', async () => {
    const { token } = await begin('organization');
    const count = async () =>
      Number(
        (
          await h.ownerPool.query(
            `SELECT count(*) AS n FROM documents d JOIN applications a USING (application_slno)
              WHERE a.token_hash = encode(sha256($1::bytea), 'hex')`,
            [token],
          )
        ).rows[0].n,
      );
    const disguised = await upload(
      token,
      'letter.pdf',
      'authorizationLetter',
      HTML,
      'application/pdf',
    );
    expect(disguised.status).toBe(415);
    expect(((await disguised.json()) as { message: string }).message).toMatch(/[\u0600-\u06FF]/);
    const oversized = await upload(
      token,
      'big.pdf',
      'authorizationLetter',
      Buffer.concat([PDF, Buffer.alloc(10 * 1024 * 1024)]),
      'application/pdf',
    );
    expect(oversized.status).toBe(413);
    expect(await count()).toBe(0);
  });

  it('expires a link after a day', async () => {
    const { token } = await begin('organization');
    await attachDocuments(token);
    const application = details();
    expect((await submit(token, 'organization', { details: application })).status).toBe(200);
    const link = await linkTo(application.email);
    h.clock.advance(25 * 3600 * 1000);
    expect((await verifyLink(link)).body.outcome).toBe('expired');
  });

  it('refuses an unknown field on its calls, as every call does', async () => {
    const { token } = await begin('organization');
    const answer = await call('POST', '/api/v1/enrolment/application/save', {
      token,
      body: { kind: 'organization', l1SipSlNo: L1, details: {}, unexpectedField: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toContainEqual({
      path: 'body.unexpectedField',
      message: 'This field is not accepted.',
    });
  });

  it('answers only the browser it was given to', async () => {
    const { token } = await begin('organization');
    const elsewhere = await call('GET', '/api/v1/enrolment/application', {
      token,
      device: 'b'.repeat(64),
    });
    expect(elsewhere.status).toBe(401);
    expect(
      (await call('GET', '/api/v1/enrolment/application', { token: 'x'.repeat(43) })).status,
    ).toBe(401);
  });
});

describe('a provider applying as an L2', () => {
  it('pays its fee after verifying its e-mail, then is filed', async () => {
    const { token } = await begin('l2Provider');
    await attachDocuments(token);
    const application = details();
    const submitted = await submit(token, 'l2Provider', { details: application });
    expect(submitted.body.fee).toEqual({ price: 5000, tax: 750, totalPrice: 5750 });
    // No fee before the e-mail is verified.
    expect((await call('POST', '/api/v1/enrolment/application/pay', { token })).status).toBe(409);
    expect((await verifyLink(await linkTo(application.email))).body).toMatchObject({
      outcome: 'verified',
      status: 'paymentPending',
    });
    const paying = await call('POST', '/api/v1/enrolment/application/pay', { token });
    expect(paying.status).toBe(200);
    expect(paying.body).toMatchObject({ totalPrice: 5750 });
    // A second press returns to the same attempt.
    const again = await call('POST', '/api/v1/enrolment/application/pay', { token });
    expect(again.body.encodedPaymentSlno).toBe(paying.body.encodedPaymentSlno);
    await h.gatewaySimulator.decide(paying.body.paymentUrl.split('/').at(-1), 'pay');
    const status = await call('POST', '/api/v1/enrolment/application/payment/status', {
      token,
      body: { encodedPaymentSlno: paying.body.encodedPaymentSlno, recheck: true },
    });
    expect(status.body).toMatchObject({ paymentStatus: 'success' });
    const after = await call('GET', '/api/v1/enrolment/application', { token });
    expect(after.body).toMatchObject({
      status: 'filed',
      paid: true,
      decision: { status: 'Pending' },
    });
    const { rows } = await h.ownerPool.query(
      `SELECT r.kind, p.level, p.status FROM l2_requests r
         JOIN service_providers p ON p.sip_slno = r.l2_sip_slno
         JOIN organizations o ON o.org_slno = r.l2_org_slno WHERE o.cr_number = $1`,
      [application.crNumber],
    );
    expect(rows).toEqual([{ kind: 'l2Provider', level: 'L2', status: 'pending' }]);
    // Another application's payment is not found.
    const stranger = await begin('organization');
    expect(
      (
        await call('POST', '/api/v1/enrolment/application/payment/status', {
          token: stranger.token,
          body: { encodedPaymentSlno: paying.body.encodedPaymentSlno },
        })
      ).status,
    ).toBe(404);
  });
});

/** A submitted application of the kind, and the verification link its e-mail received. */
async function submitted(kind: 'organization' | 'l2Provider') {
  const { token, nationalID } = await begin(kind);
  await attachDocuments(token);
  const application = details();
  await submit(token, kind, { details: application });
  return { nationalID, application, link: await linkTo(application.email) };
}

describe('a verified e-mail link opened in another browser', () => {
  it('continues its own application there, once, after its applicant proves who they are', async () => {
    const { nationalID, application, link } = await submitted('l2Provider');
    const mailApp = 'b'.repeat(64);
    const opened = await call('POST', '/api/v1/enrolment/email/verify', {
      device: mailApp,
      body: { token: link },
    });
    expect(opened.body).toMatchObject({
      outcome: 'verified',
      status: 'paymentPending',
      kind: 'l2Provider',
    });

    const start = (body: object) =>
      call('POST', '/api/v1/enrolment/nafath/verify', { device: mailApp, body });
    // The link continues only its own applicant's application.
    const someoneElse = await start({
      nationalID: newPersonId(),
      kind: 'l2Provider',
      emailLink: link,
    });
    expect(someoneElse.status).toBe(422);
    // A forged link is no link, and without one the robot check is asked as ever.
    expect(
      (await start({ nationalID, kind: 'l2Provider', emailLink: `${link.slice(0, -4)}0000` }))
        .status,
    ).toBe(409);
    expect((await start({ nationalID, kind: 'l2Provider' })).status).toBe(400);

    // The link stands in for the robot check; the approval continues the same application.
    const started = await start({ nationalID, kind: 'l2Provider', emailLink: link });
    expect(started.body).toMatchObject({ status: '1' });
    const transId = started.body.transId as string;
    expect(await h.simulator.answer(transId, 'approve')).toBe(true);
    h.clock.advance(1_000);
    const approved = await start({ nationalID, kind: 'l2Provider', transId, emailLink: link });
    expect(approved.body).toMatchObject({ status: '1', applicationToken: expect.any(String) });
    const here = await call('GET', '/api/v1/enrolment/application', {
      device: mailApp,
      token: approved.body.applicationToken as string,
    });
    expect(here.body).toMatchObject({ status: 'paymentPending', kind: 'l2Provider' });
    expect(here.body.details.crNumber).toBe(application.crNumber);
    expect(
      (
        await call('POST', '/api/v1/enrolment/application/pay', {
          device: mailApp,
          token: approved.body.applicationToken as string,
        })
      ).status,
    ).toBe(200);

    // Once: the link has continued it, and says so in the person's language.
    const again = await call('POST', '/api/v1/enrolment/nafath/verify', {
      device: mailApp,
      language: 'ar',
      body: { nationalID, kind: 'l2Provider', emailLink: link },
    });
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('لم يعد هذا الرابط يكمل الطلب');
  });

  it('continues a filed application to where it stands, not to a new one', async () => {
    const { nationalID, application, link } = await submitted('organization');
    const mailApp = 'c'.repeat(64);
    const start = (body: object) =>
      call('POST', '/api/v1/enrolment/nafath/verify', { device: mailApp, body });
    expect(
      (
        await call('POST', '/api/v1/enrolment/email/verify', {
          device: mailApp,
          body: { token: link },
        })
      ).body,
    ).toMatchObject({ outcome: 'verified', status: 'filed' });
    const started = await start({ nationalID, kind: 'organization', emailLink: link });
    expect(await h.simulator.answer(started.body.transId as string, 'approve')).toBe(true);
    h.clock.advance(1_000);
    const approved = await start({
      nationalID,
      kind: 'organization',
      transId: started.body.transId,
      emailLink: link,
    });
    const here = await call('GET', '/api/v1/enrolment/application', {
      device: mailApp,
      token: approved.body.applicationToken as string,
    });
    expect(here.body).toMatchObject({ status: 'filed', decision: { status: 'Pending' } });
    expect(here.body.details.crNumber).toBe(application.crNumber);
  });

  it('does not continue an application after the link expires', async () => {
    const { nationalID, link } = await submitted('organization');
    expect((await verifyLink(link)).body.outcome).toBe('verified');
    h.clock.advance(25 * 3600 * 1000);
    const late = await call('POST', '/api/v1/enrolment/nafath/verify', {
      body: { nationalID, kind: 'organization', emailLink: link },
    });
    expect(late.status).toBe(409);
  });
});

describe('an invited user', () => {
  const unit = async () =>
    Number(
      (
        await h.ownerPool.query(
          `SELECT min(org_unit_slno) AS n FROM organization_units WHERE org_slno = $1 AND is_active AND status = 'Approved'`,
          [inviting.orgSlno],
        )
      ).rows[0].n,
    );
  // Signed in afresh: earlier tests moved the clock past a session's life.
  const invite = async (nationalID: string, email: string) =>
    h.call('POST', '/api/v1/user/org/uav/invite', {
      token: (await h.signIn((inviting.members[0] as FreshPerson).nationalId)).token,
      body: {
        orgSlNo: inviting.orgSlno,
        nationalID,
        email,
        mobileNo: '0551234567',
        orgUnitSlNo: await unit(),
        employeeId: 'EMP-INV-1',
        userType: 'organizationUser',
      },
      headers: { 'idempotency-key': randomUUID() },
    });
  const invitationTo = async (address: string) => {
    const [message] = await readOutbox(h.pool, address);
    const token = /verify-orgUser\?invitation=([^\s]+)/.exec(message?.body ?? '')?.[1];
    if (!token) throw new Error(`no invitation to ${address}`);
    return token;
  };

  it('verifies themselves, completes their details, and the request goes to approval', async () => {
    const person = newPersonId();
    const email = `invited.${randomUUID().slice(0, 8)}@example.sa`;
    const invited = await invite(person, email);
    expect(invited.body).toMatchObject({ status: '1', id: expect.any(Number) });
    // Asked for already: a second invitation, or adding them in person, is refused.
    expect((await invite(person, email)).body.status).toBe('0');

    const token = await invitationTo(email);
    const opened = await call('POST', '/api/v1/orguser/invitation/open', { body: { token } });
    expect(opened.body).toMatchObject({
      outcome: 'valid',
      nationalID: `******${person.slice(-4)}`,
      verified: false,
    });
    // Only the person invited is asked.
    const other = await call('POST', '/api/v1/orguser/invitation/nafath/verify', {
      body: { token, nationalID: newPersonId() },
    });
    expect(other.body.status).toBe('0');
    // Details before verifying: refused.
    expect(
      (await call('POST', '/api/v1/orguser/invitation/details', { body: { token } })).status,
    ).toBe(403);

    const started = await call('POST', '/api/v1/orguser/invitation/nafath/verify', {
      body: { token, nationalID: person },
    });
    expect(started.body.status).toBe('1');
    expect(await h.simulator.answer(started.body.transId as string, 'approve')).toBe(true);
    h.clock.advance(1_000);
    const approved = await call('POST', '/api/v1/orguser/invitation/nafath/verify', {
      body: { token, nationalID: person, transId: started.body.transId },
    });
    expect(approved.body.status).toBe('1');

    const details = await call('POST', '/api/v1/orguser/invitation/details', { body: { token } });
    expect(details.body).toMatchObject({ email, role: 'Organization User' });
    // Another browser has not verified.
    expect(
      (
        await call('POST', '/api/v1/orguser/invitation/details', {
          body: { token },
          device: 'c'.repeat(64),
        })
      ).status,
    ).toBe(403);

    const completed = await call('POST', '/api/v1/orguser/invitation/complete', {
      body: { token, email, mobileNo: '0557654321', agreementVersion: '2026-11-01' },
    });
    expect(completed.body.status).toBe('1');
    const { rows } = await h.ownerPool.query(
      `SELECT r.status, m.status AS member, u.national_id,
              (SELECT count(*) FROM agreement_acceptances a WHERE a.user_slno = u.user_slno)::int AS acceptances
         FROM user_requests r JOIN users u ON u.user_slno = r.user_slno
         JOIN memberships m ON m.user_slno = u.user_slno AND m.org_slno = r.org_slno
        WHERE r.request_slno = $1`,
      [invited.body.id],
    );
    expect(rows).toEqual([
      { status: 'Pending', member: 'Pending', national_id: person, acceptances: 1 },
    ]);
    // Used once.
    expect(
      (await call('POST', '/api/v1/orguser/invitation/open', { body: { token } })).body.outcome,
    ).toBe('used');
    expect(
      (
        await call('POST', '/api/v1/orguser/invitation/complete', {
          body: { token, email, mobileNo: '0557654321', agreementVersion: '2026-11-01' },
        })
      ).status,
    ).toBe(409);
  });

  it('says a forged or expired link is no invitation', async () => {
    const email = `late.${randomUUID().slice(0, 8)}@example.sa`;
    await invite(newPersonId(), email);
    const token = await invitationTo(email);
    expect(
      (await call('POST', '/api/v1/orguser/invitation/open', { body: { token: `${token}0` } })).body
        .outcome,
    ).toBe('invalid');
    h.clock.advance(8 * 86_400_000);
    expect(
      (await call('POST', '/api/v1/orguser/invitation/open', { body: { token } })).body.outcome,
    ).toBe('expired');
  });
});
