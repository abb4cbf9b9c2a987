/**
 * A person's digital signature certificate (issue 18) through the API: bought and paid at the
 * gateway, a key made outside the server sent as a PKCS#10 request (weak, forged and reused keys
 * refused), the subscriber agreement accepted, confirmed in the identity app, issued — verified by
 * openssl against the chain — listed with SPEC §3's fields, and revoked after a second
 * confirmation, which OCSP then reports.
 */
import { randomUUID, webcrypto } from 'node:crypto';
import { SUBSCRIBER_AGREEMENT_VERSION } from '@tawqi/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { CERTIFICATE_POLICIES } from '../src/modules/pki/profiles.js';
import { certificatePem } from '../src/modules/pki/routes.js';
import * as x509 from '../src/modules/pki/x509.js';
import { startHarness } from './harness.js';
import { freshOrganization, freshPerson, type FreshPerson } from './world.js';
import { opensslKit } from './openssl.js';
import { closePrimes, csrOfPrimes } from './weakRsa.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

const noura = (await h.signIn((await freshPerson(h)).nationalId)).token;
// An organization with an Enrolment Admin who signs for it, an Authorized Signatory and another
// Enrolment Admin.
const organization = await freshOrganization(h, {
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['authorizedSignatory'], ['enrolmentAdmin']],
});
const ORG = organization.orgSlno;
const [saraPerson, reemPerson, majedPerson] = organization.members as [
  FreshPerson,
  FreshPerson,
  FreshPerson,
];
const sara = (await h.signIn(saraPerson.nationalId)).token;
const as = (token: string) => ({
  post: (path: string, body: unknown, language = 'en') =>
    h.call('POST', path, {
      token,
      body,
      language,
      headers: { 'idempotency-key': randomUUID() },
    }),
  get: (path: string, language = 'en') => h.call('GET', path, { token, language }),
});
const me = as(noura);

const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
async function newCsr(modulusLength?: number) {
  const rsa = modulusLength !== undefined;
  const keys = await webcrypto.subtle.generateKey(
    rsa
      ? {
          name: 'RSASSA-PKCS1-v1_5',
          hash: 'SHA-256',
          publicExponent: new Uint8Array([1, 0, 1]),
          modulusLength,
        }
      : P256,
    false,
    ['sign', 'verify'],
  );
  const request = await x509.Pkcs10CertificateRequestGenerator.create({
    name: 'CN=ignored',
    keys,
    signingAlgorithm: rsa
      ? { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' }
      : { name: 'ECDSA', hash: 'SHA-256' },
  });
  return Buffer.from(request.rawData).toString('base64');
}

/** Buys the 1-year certificate and pays it at the gateway; answers the request it opened. */
async function buyAndPay(): Promise<string> {
  const before = new Set(
    (await me.get('/api/v1/dsc/my/requests')).body.dataList.map(
      (row: { reference: string }) => row.reference,
    ),
  );
  const order = await me.post('/api/v1/dsc/my/buy', { productSlno: 1 });
  expect(order.status).toBe(200);
  expect(order.body).toMatchObject({ price: 150, tax: 22.5, totalPrice: 172.5 });
  const id = (order.body.paymentUrl as string).split('/').at(-1) as string;
  const payment = await h.gatewaySimulator.captureSilently(id);
  if (!payment) throw new Error('no payment at the gateway');
  expect(
    (
      await h.notifyPayment({
        id,
        reference: payment.reference,
        status: 'paid',
        amount: payment.amount,
      })
    ).status,
  ).toBe(200);
  const requests = (await me.get('/api/v1/dsc/my/requests')).body.dataList as {
    reference: string;
    status: string;
  }[];
  const opened = requests.find((row) => !before.has(row.reference));
  expect(opened).toMatchObject({ status: 'keyPending', statusLabel: 'Waiting for your key' });
  return (opened as { reference: string }).reference;
}

async function confirm(reference: string) {
  const started = await me.post(`/api/v1/dsc/my/requests/${reference}/confirm/initiate`, {
    agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
    accepted: true,
  });
  expect(started.body).toMatchObject({ status: '1' });
  await h.simulator.answer(started.body.transId, 'approve');
  return me.post(`/api/v1/dsc/my/requests/${reference}/confirm/verify`, {
    transId: started.body.transId,
  });
}

const { file, openssl, ocsp, chainFile } = opensslKit(h, 'tawqi-dsc');

describe('a person’s certificate', () => {
  it('lists the products with VAT, publicly', async () => {
    const products = await h.call('GET', '/api/v1/dsc/products', { language: 'ar' });
    expect(products.status).toBe(200);
    expect(products.body.vat).toBe(15);
    expect(products.body.dataList[0]).toMatchObject({
      code: 'DSC-IND-1Y',
      name: 'شهادة توقيع رقمي للأفراد، سنة واحدة',
      validityMonths: 12,
      totalPrice: 172.5,
    });
    // Organization signatory certificates are not sold to a person.
    expect(products.body.dataList.map((row: { class: string }) => row.class)).not.toContain(
      'organization',
    );
  });

  it('is bought, keyed, confirmed and issued; openssl verifies it against the chain', async () => {
    const reference = await buyAndPay();
    // Weak, unreadable and forged requests are refused with what to do, and nothing changes.
    const weak = await me.post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr: await newCsr(1024),
      keyAlgorithm: 'RSA-2048',
    });
    expect(weak.status).toBe(422);
    expect(weak.body.message).toMatch(/too weak/);
    // A 2,048-bit key whose primes are 2^40 apart (Fermat's method factors it at once): refused
    // in both languages, the flaw recorded for an auditor.
    const [p, q] = closePrimes();
    const close = new x509.Pkcs10CertificateRequest(await csrOfPrimes(p, q)).toString('base64');
    for (const [language, message] of [
      ['en', 'This key can be broken: the program that made it has a known flaw'],
      ['ar', 'يمكن كسر هذا المفتاح: في البرنامج الذي أنشأه خلل معروف'],
    ] as const) {
      const breakable = await me.post(
        `/api/v1/dsc/my/requests/${reference}/key`,
        { csr: close, keyAlgorithm: 'RSA-2048' },
        language,
      );
      expect(breakable.status).toBe(422);
      expect(breakable.body.message).toContain(message);
    }
    const { rows: refusals } = await h.pool.query<{ outcome: string; detail: unknown }>(
      `SELECT outcome, detail FROM audit_log WHERE action = 'certificate.key-refused' AND target = $1`,
      [reference],
    );
    expect(refusals).toEqual([
      { outcome: 'denied', detail: { flaw: 'fermat' } },
      { outcome: 'denied', detail: { flaw: 'fermat' } },
    ]);
    const arabic = await me.post(
      `/api/v1/dsc/my/requests/${reference}/key`,
      { csr: 'AAAA', keyAlgorithm: 'ECDSA-P-256' },
      'ar',
    );
    expect(arabic.status).toBe(422);
    expect(arabic.body.message).toBe('تعذّرت قراءة طلب الشهادة. ابدأ من جديد لإنشاء مفتاح جديد.');
    expect((await me.get('/api/v1/dsc/my/requests')).body.dataList[0]).toMatchObject({
      reference,
      status: 'keyPending',
    });
    // Confirming before a key is refused.
    const early = await me.post(`/api/v1/dsc/my/requests/${reference}/confirm/initiate`, {
      agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
      accepted: true,
    });
    expect(early.status).toBe(409);

    const csr = await newCsr(2048);
    const keyed = await me.post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr,
      keyAlgorithm: 'RSA-2048',
    });
    expect(keyed.status).toBe(200);
    expect(keyed.body).toMatchObject({ status: 'confirmationPending', keyAlgorithm: 'RSA-2048' });
    // An old agreement is refused.
    const outdated = await me.post(`/api/v1/dsc/my/requests/${reference}/confirm/initiate`, {
      agreementVersion: '2020-01-01',
      accepted: true,
    });
    expect(outdated.status).toBe(409);

    // Another person cannot touch it.
    const other = await as(sara).post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr: await newCsr(),
      keyAlgorithm: 'ECDSA-P-256',
    });
    expect(other.status).toBe(404);

    const issued = await confirm(reference);
    expect(issued.body).toMatchObject({
      status: '1',
      certificateSerial: expect.stringMatching(/^[4-7][0-9A-F]{31}$/),
    });
    const serial = issued.body.certificateSerial as string;

    const listed = (await me.get('/api/v1/dsc/my/certificates')).body.dataList;
    const held = listed.find((row: { serialNumberHex: string }) => row.serialNumberHex === serial);
    expect(held).toMatchObject({
      issuedBy: 'Tawqi Demo Document Signing CA G1',
      isDocumentSigner: true,
      // Non-repudiation alone: a key that commits to content does nothing else.
      keyUsage: ['nonRepudiation'],
      status: 'valid',
      statusLabel: 'Valid',
      class: 'individual',
      serialNumberDecimal: BigInt(`0x${serial}`).toString(10),
      revokedAt: null,
      // The policy of a person confirmed in the identity app, as openssl reads it too.
      policies: [CERTIFICATE_POLICIES.identityApp],
    });
    const leaf = file('leaf.pem', certificatePem(Buffer.from(held.der, 'base64')));
    expect(await openssl('verify', '-CAfile', chainFile, leaf)).toContain(': OK');
    expect(await openssl('x509', '-in', leaf, '-noout', '-text')).toContain(
      `Policy: ${CERTIFICATE_POLICIES.identityApp}`,
    );
    // The request is done; it is no longer listed as waiting.
    expect(
      (await me.get('/api/v1/dsc/my/requests')).body.dataList.map(
        (row: { reference: string }) => row.reference,
      ),
    ).not.toContain(reference);

    // The same key for another certificate is refused.
    const next = await buyAndPay();
    const reused = await me.post(`/api/v1/dsc/my/requests/${next}/key`, {
      csr,
      keyAlgorithm: 'RSA-2048',
    });
    expect(reused.status).toBe(409);
    expect(reused.body.message).toMatch(/already has a certificate/);
  });

  it('is revoked after a second confirmation; OCSP answers revoked', async () => {
    const reference = await buyAndPay();
    await me.post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr: await newCsr(),
      keyAlgorithm: 'ECDSA-P-256',
    });
    const serial = (await confirm(reference)).body.certificateSerial as string;
    // Someone else's certificate is not found.
    expect(
      (
        await as(sara).post(`/api/v1/dsc/my/certificates/${serial}/revoke/initiate`, {
          reason: 'keyCompromise',
        })
      ).status,
    ).toBe(404);
    const started = await me.post(`/api/v1/dsc/my/certificates/${serial}/revoke/initiate`, {
      reason: 'keyCompromise',
    });
    await h.simulator.answer(started.body.transId, 'approve');
    const revoked = await me.post(`/api/v1/dsc/my/certificates/${serial}/revoke/verify`, {
      transId: started.body.transId,
      reason: 'keyCompromise',
    });
    expect(revoked.body).toMatchObject({ status: '1', revokedAt: expect.any(String) });
    const held = (await me.get('/api/v1/dsc/my/certificates', 'ar')).body.dataList.find(
      (row: { serialNumberHex: string }) => row.serialNumberHex === serial,
    );
    expect(held).toMatchObject({ status: 'revoked', statusLabel: 'مُبطَل' });

    const leaf = file(`revoked-${serial}.pem`, certificatePem(Buffer.from(held.der, 'base64')));
    expect(await ocsp(leaf)).toMatch(/: revoked/);
    // A second revocation is refused.
    const again = await me.post(`/api/v1/dsc/my/certificates/${serial}/revoke/initiate`, {
      reason: 'superseded',
    });
    expect(again.status).toBe(409);
  });

  it('shows the repository: the CA certificates, the CRL, OCSP and the policies', async () => {
    const repository = await h.call('GET', '/api/v1/pki/repository');
    expect(repository.status).toBe(200);
    expect(repository.body.authorities.map((row: { role: string }) => row.role)).toEqual([
      'root',
      'issuing',
    ]);
    // Each authority's certificate itself, for a holder's chain.
    expect(repository.body.authorities[1].der).toBe(
      Buffer.from(h.deps.authority.issuing.rawData).toString('base64'),
    );
    expect(repository.body.crlUrl).toMatch(/\/pki\/issuing\.crl$/);
    expect(repository.body.tsaUrl).toMatch(/\/pki\/tsa$/);
    expect(repository.body.policies.map((one: { level: string }) => one.level)).toEqual([
      'identityApp',
      'credentials',
      'organizationSignatory',
      'organizationSeal',
    ]);
  });
});

const reem = as((await h.signIn(reemPerson.nationalId)).token);
const majed = as((await h.signIn(majedPerson.nationalId)).token);

describe('an organization’s certificate', () => {
  const admin = as(sara);
  const approvals = (caller: typeof admin, statuses?: string[]) =>
    caller.post('/api/v1/approval/org/dsc/requests', {
      orgSlNo: ORG,
      pageNumber: 1,
      pageSize: 20,
      ...(statuses ? { statuses } : {}),
    });
  const decide = (caller: typeof admin, reference: string, action: string, remarks?: string) =>
    caller.post('/api/v1/approval/org/dsc/process', {
      orgSlNo: ORG,
      reference,
      action,
      ...(remarks === undefined ? {} : { remarks }),
    });
  const confirmAs = async (caller: typeof admin, reference: string) => {
    const started = await caller.post(`/api/v1/dsc/my/requests/${reference}/confirm/initiate`, {
      agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
      accepted: true,
    });
    expect(started.body).toMatchObject({ status: '1' });
    await h.simulator.answer(started.body.transId, 'approve');
    return caller.post(`/api/v1/dsc/my/requests/${reference}/confirm/verify`, {
      transId: started.body.transId,
    });
  };
  let issuedSerial = '';
  let sealSerial = '';

  it('is asked for by a member, approved by an enrolment admin, confirmed and issued naming the organization', async () => {
    // Three askings at once make one request.
    const askings = await Promise.all(
      [1, 2, 3].map(() => reem.post('/api/v1/dsc/org/request', { orgSlNo: ORG })),
    );
    expect(new Set(askings.map((one) => one.body.reference as string)).size).toBe(1);
    const [asked] = askings;
    if (!asked) throw new Error('no answer');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({
      status: 'keyPending',
      organizationName: expect.any(String),
    });
    const reference = asked.body.reference as string;
    // Asking again answers the open request; another organization's member cannot see it.
    expect((await reem.post('/api/v1/dsc/org/request', { orgSlNo: ORG })).body.reference).toBe(
      reference,
    );
    const another = await freshOrganization(h, { sip: organization.sipSlno });
    expect((await reem.post('/api/v1/dsc/org/request', { orgSlNo: another.orgSlno })).status).toBe(
      403,
    );

    const keyed = await reem.post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr: await newCsr(),
      keyAlgorithm: 'ECDSA-P-256',
    });
    expect(keyed.body).toMatchObject({ status: 'approvalPending' });
    // Not confirmable before an admin approves; a member who is not an admin cannot decide.
    const early = await reem.post(`/api/v1/dsc/my/requests/${reference}/confirm/initiate`, {
      agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
      accepted: true,
    });
    expect(early.status).toBe(409);
    expect((await decide(reem, reference, 'approve')).status).toBe(403);
    expect((await approvals(reem)).status).toBe(403);

    // The admin finds it among the open requests, with who asked.
    const open = await approvals(admin);
    expect(open.status).toBe(200);
    const row = open.body.dataList.find(
      (one: { reference: string }) => one.reference === reference,
    );
    expect(row).toMatchObject({
      fullNameEnglish: reemPerson.name,
      status: 'approvalPending',
      createdByYou: false,
      keyAlgorithm: 'ECDSA-P-256',
    });
    // Rejecting needs remarks; approving moves it to the member's confirmation, once.
    expect((await decide(admin, reference, 'reject')).status).toBe(400);
    expect((await decide(admin, reference, 'approve')).body).toMatchObject({ status: '1' });
    expect((await decide(majed, reference, 'approve')).status).toBe(409);
    const notices = await h.ownerPool.query(
      "SELECT 1 FROM notifications WHERE user_slno = $1 AND title_en = 'Your certificate request was approved'",
      [reemPerson.userSlno],
    );
    expect(notices.rowCount).toBe(1);

    const issued = await confirmAs(reem, reference);
    expect(issued.body).toMatchObject({ status: '1' });
    issuedSerial = issued.body.certificateSerial as string;
    const held = (await reem.get('/api/v1/dsc/my/certificates')).body.dataList.find(
      (one: { serialNumberHex: string }) => one.serialNumberHex === issuedSerial,
    );
    expect(held).toMatchObject({ class: 'organization', status: 'valid' });
    expect(held.policies).toContain(CERTIFICATE_POLICIES.organizationSignatory);
    const [crNumber] = (
      await h.ownerPool.query<{ cr_number: string }>(
        'SELECT cr_number FROM organizations WHERE org_slno = $1',
        [ORG],
      )
    ).rows.map((one) => one.cr_number);
    const leaf = file('org-leaf.pem', certificatePem(Buffer.from(held.der, 'base64')));
    expect(await openssl('verify', '-CAfile', chainFile, leaf)).toContain(': OK');
    const subject = await openssl('x509', '-in', leaf, '-noout', '-subject', '-nameopt', 'RFC2253');
    expect(subject).toContain(`NTRSA-${String(crNumber)}`);
    expect(subject).toContain(reemPerson.nationalId);

    // A signatory's certificate is not the organization's own (its seal): the profile has none.
    const profile = await h.call('GET', `/api/v1/profile/org/cert/info/${String(ORG)}`, {
      token: sara,
    });
    expect(profile.body).toBeNull();
    const report = await admin.post('/api/v1/reports/org/dsc', {
      orgSlNo: ORG,
      pageNumber: 1,
      pageSize: 20,
      statuses: ['valid'],
    });
    expect(report.body.dataList).toEqual([
      expect.objectContaining({
        serialNumberHex: issuedSerial,
        fullNameEnglish: reemPerson.name,
        status: 'valid',
        daysLeft: expect.any(Number),
      }),
    ]);
    const exported = await h.call('POST', '/api/v1/excel/report/exportDscReport', {
      token: sara,
      body: { orgSlNo: ORG, language: 'ar' },
    });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toContain(
      'Digital_Signature_Certificates.xlsx',
    );
  });

  it('is never decided by the admin who asked for it', async () => {
    const asked = await admin.post('/api/v1/dsc/org/request', { orgSlNo: ORG });
    const reference = asked.body.reference as string;
    await admin.post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr: await newCsr(),
      keyAlgorithm: 'ECDSA-P-256',
    });
    const own = (await approvals(admin, ['approvalPending'])).body.dataList.find(
      (one: { reference: string }) => one.reference === reference,
    );
    expect(own).toMatchObject({ createdByYou: true });
    const refused = await decide(admin, reference, 'approve');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/another enrolment admin/);
    // Another admin rejects it with remarks the member reads.
    expect(
      (await decide(majed, reference, 'reject', 'Ask for it after the audit.')).body,
    ).toMatchObject({ status: '1' });
    const mine = (await admin.get('/api/v1/dsc/my/requests')).body.dataList.find(
      (one: { reference: string }) => one.reference === reference,
    );
    expect(mine).toMatchObject({ status: 'rejected', remarks: 'Ask for it after the audit.' });
  });

  it('seals for the organization: asked by its authorized signatory, naming the organization alone', async () => {
    const sealStatus = async () =>
      (await h.call('POST', `/api/v1/profile/org/view/${String(ORG)}`, { token: sara })).body
        .digitalSealStatus as string;
    expect(await sealStatus()).toBe('Not requested');
    // An enrolment admin who is not a signatory cannot ask for it.
    const refused = await majed.post('/api/v1/dsc/org/request', { orgSlNo: ORG, kind: 'seal' });
    expect(refused.status).toBe(403);
    expect(refused.body.message).toMatch(/authorized signatory/);

    const asked = await reem.post('/api/v1/dsc/org/request', { orgSlNo: ORG, kind: 'seal' });
    expect(asked.body).toMatchObject({ status: 'keyPending' });
    const reference = asked.body.reference as string;
    // One seal asked for at a time: asking again answers it; another signatory is told.
    expect(
      (await reem.post('/api/v1/dsc/org/request', { orgSlNo: ORG, kind: 'seal' })).body.reference,
    ).toBe(reference);
    await h.ownerPool.query(
      "UPDATE memberships SET roles = roles || ARRAY['authorizedSignatory'] WHERE org_slno = $2 AND user_slno = $1",
      [saraPerson.userSlno, ORG],
    );
    const another = await admin.post('/api/v1/dsc/org/request', { orgSlNo: ORG, kind: 'seal' });
    expect(another.status).toBe(409);
    expect(another.body.message).toMatch(/already asked for the organization's seal/);
    expect(await sealStatus()).toBe('Pending');
    await reem.post(`/api/v1/dsc/my/requests/${reference}/key`, {
      csr: await newCsr(),
      keyAlgorithm: 'ECDSA-P-256',
    });
    expect((await decide(admin, reference, 'approve')).body).toMatchObject({ status: '1' });
    const issued = await confirmAs(reem, reference);
    sealSerial = issued.body.certificateSerial as string;

    const seal = await h.call('GET', `/api/v1/profile/org/cert/info/${String(ORG)}`, {
      token: sara,
    });
    expect(seal.body).toMatchObject({ serialNumberHex: sealSerial, class: 'organization' });
    expect(await sealStatus()).toBe('Issued');
    const held = (await reem.get('/api/v1/dsc/my/certificates')).body.dataList.find(
      (one: { serialNumberHex: string }) => one.serialNumberHex === sealSerial,
    );
    expect(held.policies).toEqual([CERTIFICATE_POLICIES.organizationSeal]);
    const leaf = file('seal.pem', certificatePem(Buffer.from(held.der, 'base64')));
    expect(await openssl('verify', '-CAfile', chainFile, leaf)).toContain(': OK');
    const subject = await openssl('x509', '-in', leaf, '-noout', '-subject', '-nameopt', 'RFC2253');
    // The organization, its registration and its country; no person's name or national id.
    expect(subject).toMatch(/CN=[^,]+,organizationIdentifier=NTRSA-\d+,O=[^,]+,C=SA/);
    expect(subject).not.toContain(reemPerson.nationalId);
    expect(subject).not.toContain('serialNumber');
  });

  it('is revoked when its holder is deactivated in the organization; OCSP says so', async () => {
    const deactivated = await admin.post('/api/v1/user/org/orgUser/setActive', {
      orgSlNo: ORG,
      userSlNo: reemPerson.userSlno,
      active: false,
    });
    expect(deactivated.body).toMatchObject({ status: '1' });
    const [row] = (
      await h.ownerPool.query<{ status: string; revocation_reason: number }>(
        'SELECT status, revocation_reason FROM certificates WHERE serial = $1',
        [issuedSerial],
      )
    ).rows;
    expect(row).toEqual({ status: 'revoked', revocation_reason: 3 });
    const report = await admin.post('/api/v1/reports/org/dsc', {
      orgSlNo: ORG,
      pageNumber: 1,
      pageSize: 20,
      statuses: ['revoked'],
    });
    expect(
      report.body.dataList.map((one: { serialNumberHex: string }) => one.serialNumberHex),
    ).toContain(issuedSerial);
    const held = (
      await h.ownerPool.query<{ der: Buffer }>('SELECT der FROM certificates WHERE serial = $1', [
        issuedSerial,
      ])
    ).rows[0];
    const leaf = file('org-revoked.pem', certificatePem(held?.der ?? Buffer.alloc(0)));
    const answer = await ocsp(leaf);
    expect(answer).toMatch(/: revoked/);
    expect(answer).toMatch(/affiliationChanged/);
    // The seal they held for the organization goes with them.
    const sealRow = await h.ownerPool.query('SELECT status FROM certificates WHERE serial = $1', [
      sealSerial,
    ]);
    expect(sealRow.rows[0]).toEqual({ status: 'revoked' });
    const profile = await h.call('POST', `/api/v1/profile/org/view/${String(ORG)}`, {
      token: sara,
    });
    expect(profile.body.digitalSealStatus).toBe('Revoked');
  });
});
