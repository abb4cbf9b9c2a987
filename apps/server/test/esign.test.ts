/**
 * The eSign service end to end over HTTP (issue 19): an application proves itself with an
 * assertion, asks a signer, the signer approves in the (simulated) identity app, and the answer's
 * signatures are what openssl and pdfsig accept; a transaction id signs once (50 identical
 * requests at once, replays), a stale or foreign request changes nothing, and the counter is
 * taken once, on success only.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import { createHash, randomUUID } from 'node:crypto';
import { PDF, PdfStream } from '@libpdf/core';
import * as pkijs from 'pkijs';
import { assertionAudience } from '@tawqi/api';
import { isValidNationalId } from '@tawqi/domain';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifiedOutcome, webhookIsAuthentic } from '../src/demo/esignApp/client.js';
import { remainingOf } from '../src/modules/counters/ledger.js';
import { checkedRegistration, webhookSecret } from '../src/modules/esign/applications.js';
import { findSignatures, signedBytes } from '../src/modules/pki/pdfSignatures.js';
import { deliverDueWebhooks, sweep, webhookDeliveryId } from '../src/modules/esign/webhooks.js';
import { deriveKeys } from '../src/keys.js';
import * as x509 from '../src/modules/pki/x509.js';
import { pem } from '../src/modules/pki/routes.js';
import { AppError } from '../src/http/errors.js';
import { esignKit } from './esignKit.js';
import { startHarness } from './harness.js';
import { freshOrganization, freshPerson, type FreshPerson } from './world.js';
import { EICAR } from './eicar.js';
import { ACCEPTED_EVERYWHERE, nssTrusting, opensslKit, pdfsig } from './openssl.js';

const h = await startHarness();
// openssl and pdfsig check certificates against the real clock.
h.clock.now = new Date();
const { file, openssl, checkSignature } = opensslKit(h, 'tawqi-esign');
const { RETURN, pdfOf, application, request, approve, derLength } = esignKit(h);

/** The Document Security Store of a PDF: its certificates, OCSP answers and CRLs. */
async function securityStore(bytes: Uint8Array) {
  const document = await PDF.load(bytes);
  const store = document.getCatalog().getDict('DSS', (ref) => document.getObject(ref));
  const streams = (key: string) =>
    (store?.getArray(key, (ref) => document.getObject(ref))?.toArray() ?? []).map((item) => {
      const stream = item.type === 'ref' ? document.getObject(item) : item;
      if (!(stream instanceof PdfStream)) throw new Error(`${key} holds no stream`);
      return stream.getDecodedData();
    });
  return { certificates: streams('Certs'), ocspResponses: streams('OCSPs'), crls: streams('CRLs') };
}

const hashOf = (text: string) => createHash('sha256').update(text).digest('base64');

/** An organization of the test's own, and a member for each test (the identity app is asked 3 times per person in 10 minutes). */
let organization: { orgSlno: number; nationalId: string; name: string };
let members: string[];
let individual: FreshPerson;

beforeAll(async () => {
  // Eight signers, one a test, the first the Enrolment Admin.
  const world = await freshOrganization(h, {
    members: [
      ['enrolmentAdmin'],
      ...Array.from({ length: 7 }, () => ['organizationUser' as const]),
    ],
  });
  const nationalIds = world.members.map((member) => member.nationalId);
  const [admin] = world.members as [FreshPerson];
  organization = { orgSlno: world.orgSlno, nationalId: admin.nationalId, name: admin.name };
  members = nationalIds;
  individual = await freshPerson(h, { signatures: 10 });
});

describe('the eSign integration API', () => {
  it('signs digests: the signer approves, the counter is taken once, openssl accepts each CMS and the JWS proves the answer', async () => {
    const { client } = await application(organization.orgSlno);
    const before = await remainingOf(h.pool, { orgSlno: organization.orgSlno }, 'esign');
    const sent = request(organization.nationalId, [
      { kind: 'hash', name: 'invoice-1.xml', sha256: hashOf('invoice one') },
      { kind: 'hash', name: 'invoice-2.xml', sha256: hashOf('invoice two') },
    ]);
    const asked = await client.requestSigning(sent);
    expect(asked.status).toBe(202);
    expect(asked.body).toMatchObject({ txnId: sent.txnId, status: 'pending' });
    const approval = asked.body.approval as { number: string; url: string };
    expect(approval.number).toMatch(/^\d{2}$/);
    expect(approval.url).toContain('/esign/approve?request=');
    const token = new URL(approval.url).searchParams.get('request') ?? '';
    const page = await h.call('GET', `/api/v1/esign/approval/${token}`, { language: 'ar' });
    expect(page.body).toMatchObject({
      status: 'pending',
      number: approval.number,
      application: 'نظام الاختبار',
      documents: ['invoice-1.xml', 'invoice-2.xml'],
      returnUrl: null,
    });

    const answered = await approve(client, sent.txnId, organization.nationalId);
    expect(answered.status).toBe(200);
    expect(answered.body.status).toBe('success');
    const done = await h.call('GET', `/api/v1/esign/approval/${token}`);
    expect(done.body).toMatchObject({ status: 'success', number: null });
    expect(done.body.returnUrl).toBe(
      `${RETURN}/signed?txnId=${encodeURIComponent(sent.txnId)}&transactionID=${String(answered.body.transactionId)}&status=success`,
    );

    // The organization's records: the request, the response and the signed response.
    const khalid = await h.signIn(organization.nationalId);
    const esignLogsId = (
      await h.pool.query<{ esign_logs_id: number }>(
        'SELECT esign_logs_id FROM esign_transactions WHERE transaction_id = $1',
        [asked.body.transactionId],
      )
    ).rows[0]?.esign_logs_id;
    const record = (kind: string) =>
      h.call(
        'POST',
        `/api/v1/org/esigntransactions/transactions/${kind}?esignlogsSlNo=${String(esignLogsId)}&orgSlno=${String(organization.orgSlno)}`,
        { token: khalid.token },
      );
    const requestRecord = await record('request');
    expect(requestRecord.status).toBe(200);
    expect(JSON.parse(requestRecord.body.data)).toMatchObject({ txnId: sent.txnId });
    expect(JSON.parse((await record('response')).body.data)).toMatchObject({ status: 'success' });
    expect((await record('signresponse')).body).toMatchObject({
      contentType: 'text/plain',
      data: answered.body.signedResponse,
    });
    const outcome = await verifiedOutcome(
      String(answered.body.signedResponse),
      h.deps.authority.root,
    );
    expect(outcome?.transactionId).toBe(asked.body.transactionId);
    expect(outcome?.documents).toHaveLength(2);
    // A forged answer does not verify.
    const forged = String(answered.body.signedResponse).replace(
      /\.[^.]+\./,
      `.${Buffer.from(JSON.stringify({ ...outcome, status: 'failed' })).toString('base64url')}.`,
    );
    expect(await verifiedOutcome(forged, h.deps.authority.root)).toBeNull();

    expect(await remainingOf(h.pool, { orgSlno: organization.orgSlno }, 'esign')).toBe(before - 1);
    for (const [index, text] of ['invoice one', 'invoice two'].entries()) {
      const document = outcome?.documents?.[index];
      if (!document) throw new Error('a document is missing');
      expect(
        await checkSignature(
          Buffer.from(document.cms, 'base64'),
          Buffer.from(text),
          `doc-${String(index)}`,
        ),
      ).toEqual(ACCEPTED_EVERYWHERE);
    }
    // The signer's certificate is short-lived and names them.
    const leaf = file('leaf.der', Buffer.from(outcome?.certificates?.[0] ?? '', 'base64'));
    const text = await openssl(
      'x509',
      '-inform',
      'DER',
      '-in',
      leaf,
      '-noout',
      '-subject',
      '-dates',
    );
    expect(text).toContain(organization.nationalId);
    // The signer's own name (issue 38: the identity-app simulator knew only three demo people).
    expect(text).toContain(organization.name);

    // Asked again, the same answer; nothing more is taken.
    const again = await client.outcome(sent.txnId);
    expect(again.body.signedResponse).toBe(answered.body.signedResponse);
    const replayed = await client.requestSigning(sent);
    expect(replayed.status).toBe(200);
    expect(replayed.body.signedResponse).toBe(answered.body.signedResponse);
    expect(await remainingOf(h.pool, { orgSlno: organization.orgSlno }, 'esign')).toBe(before - 1);
  });

  it('signs a PDF at PAdES B-LT that pdfsig accepts, its proof in the file, and reports a change made afterwards', async () => {
    const { client } = await application(null);
    const pdf = await pdfOf(3);
    const sent = request(individual.nationalId, [
      { kind: 'pdf', name: 'lease.pdf', content: pdf.toString('base64') },
    ]);
    expect((await client.requestSigning(sent)).status).toBe(202);
    const answered = await approve(client, sent.txnId, individual.nationalId);
    expect(answered.body.status).toBe('success');
    const signed = await client.signedPdf(sent.txnId, 1);
    if (!signed) throw new Error('no signed PDF');
    const outcome = await verifiedOutcome(
      String(answered.body.signedResponse),
      h.deps.authority.root,
    );
    expect(outcome?.documents?.[0]?.signedPdfSha256).toBe(
      createHash('sha256').update(signed).digest('base64'),
    );
    expect(signed.subarray(0, pdf.length).equals(pdf)).toBe(true);
    const report = await pdfsig(file('lease-signed.pdf', signed));
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(report).toContain('Signature Type: ETSI.CAdES.detached');
    // The DSS follows in a revision of its own.
    expect(report).toContain('Not total document signed');
    expect(report).toContain(`Signer Certificate Common Name: ${individual.name}`);
    // A reader that trusts our root trusts the signature (NSS asks for a signer's purpose).
    const trusted = await pdfsig(
      file('lease-trusted.pdf', signed),
      await nssTrusting(pem('CERTIFICATE', h.deps.authority.root.rawData)),
    );
    expect(trusted).toContain('Certificate Validation: Certificate is Trusted.');
    // The PDF's own signature, and the detached one over the PDF sent, as openssl and
    // BouncyCastle see them.
    const [embedded] = findSignatures(signed);
    if (!embedded) throw new Error('no signature in the PDF');
    const signedRanges = signedBytes(signed, embedded);
    const padded = embedded.contents;
    const der = padded.subarray(0, derLength(padded));
    expect(await checkSignature(der, signedRanges, 'pades')).toEqual(ACCEPTED_EVERYWHERE);
    expect(
      await checkSignature(Buffer.from(outcome?.documents?.[0]?.cms ?? '', 'base64'), pdf, 'lease'),
    ).toEqual(ACCEPTED_EVERYWHERE);
    // PAdES: no signing-time attribute (the time is M and the token's), a reason a reader shows
    // as written, and no name in ContactInfo.
    const signerInfo = new pkijs.SignedData({
      schema: pkijs.ContentInfo.fromBER(new Uint8Array(der)).content,
    }).signerInfos[0];
    expect(signerInfo?.signedAttrs?.attributes.map((one) => one.type)).not.toContain(
      '1.2.840.113549.1.9.5',
    );
    const dictionary = signed.toString('latin1');
    expect(dictionary).toContain(
      `/Reason (Signed through Tawqi, transaction ${String(answered.body.transactionId)})`,
    );
    expect(dictionary).not.toContain('/ContactInfo');

    // The Document Security Store proves offline that the certificates were good: from the root
    // alone, with the CRLs it carries, the signer's certificate validates; the OCSP answers it
    // carries say good for the signer and the TSA, signed by our responder.
    const store = await securityStore(signed);
    expect(store.certificates.length).toBeGreaterThanOrEqual(5);
    expect(store.ocspResponses).toHaveLength(2);
    expect(store.crls).toHaveLength(2);
    const pemOf = (ders: Uint8Array[], label: string) =>
      ders.map((one) => pem(label, one)).join('');
    const leafFile = file(
      'dss-leaf.pem',
      pemOf([Buffer.from(outcome?.certificates?.[0] ?? '', 'base64')], 'CERTIFICATE'),
    );
    const storeCertificates = file('dss-certs.pem', pemOf(store.certificates, 'CERTIFICATE'));
    const storeCrls = file('dss-crls.pem', pemOf(store.crls, 'X509 CRL'));
    const root = file(
      'dss-root.pem',
      pemOf([new Uint8Array(h.deps.authority.root.rawData)], 'CERTIFICATE'),
    );
    expect(
      await openssl(
        'verify',
        '-crl_check_all',
        '-CAfile',
        root,
        '-untrusted',
        storeCertificates,
        '-CRLfile',
        storeCrls,
        '-purpose',
        'smimesign',
        '-attime',
        String(Math.floor(h.clock.now.getTime() / 1000)),
        leafFile,
      ),
    ).toContain('dss-leaf.pem: OK');
    for (const [index, answer] of store.ocspResponses.entries()) {
      const text = await openssl(
        'ocsp',
        '-respin',
        file(`dss-${String(index)}.ocsp`, Buffer.from(answer)),
        '-CAfile',
        root,
        '-verify_other',
        storeCertificates,
        '-resp_text',
      );
      expect(text).toMatch(/Response verify OK/);
      expect(text).toMatch(/Cert Status: good/);
    }

    // The public verify page reads the same: who, when, unchanged, the certificate's standing,
    // and that what came after is validation data only.
    const verify = (pdfBytes: Buffer | Uint8Array, language = 'en') =>
      h.call('POST', '/api/v1/esign/verify', {
        body: new Uint8Array(pdfBytes),
        language,
        headers: { 'content-type': 'application/pdf' },
      });
    const read = await verify(signed);
    expect(read.status).toBe(200);
    expect(read.body.signatures).toHaveLength(1);
    expect(read.body.signatures[0]).toMatchObject({
      verdict: 'valid',
      intact: true,
      coversWholeDocument: false,
      addedAfter: 'validationData',
      timestamped: true,
      nationalId: expect.stringMatching(/\*/),
      certificate: { issuedByTawqi: true, status: 'good' },
    });
    expect(Date.parse(read.body.signatures[0].signedAt)).toBeLessThanOrEqual(Date.now());

    // A byte changed inside the signed ranges; bytes appended; a page changed in a later revision.
    const changed = Buffer.from(signed);
    // The header's binary comment (%âãÏÓ): still a readable PDF, no longer the one signed.
    const at = changed.indexOf('\n') + 2;
    changed[at] = (changed[at] ?? 0) ^ 0x01;
    expect(await pdfsig(file('changed.pdf', changed))).toContain('Digest Mismatch');
    const appended = Buffer.concat([signed, Buffer.from('\n% changed after signing\n')]);
    expect((await verify(appended)).body.signatures[0]).toMatchObject({
      verdict: 'modified',
      addedAfter: 'changes',
    });
    const edited = await PDF.load(signed);
    edited.getPage(0)?.drawText('Paid in full', { x: 72, y: 600, size: 14 });
    const redrawn = await edited.save({ incremental: true });
    expect((await verify(redrawn)).body.signatures[0]).toMatchObject({
      verdict: 'modified',
      addedAfter: 'changes',
    });
    expect((await verify(changed)).body.signatures[0].verdict).toBe('invalid');
    expect((await verify(pdf)).body.signatures).toEqual([]);

    // The signer finds it among their transactions, and downloads the signed PDF.
    const session = await h.signIn(individual.nationalId);
    const mine = await h.call('POST', '/api/v1/esign/my/documents', {
      token: session.token,
      body: { transactionID: answered.body.transactionId },
    });
    expect(mine.body.dataList).toEqual([expect.objectContaining({ documentName: 'lease.pdf' })]);
    const download = await h.call(
      'GET',
      `/api/v1/esign/my/documents/${String(mine.body.dataList[0].uniqueFileID)}/signed`,
      { token: session.token },
    );
    expect(download.status).toBe(200);
    expect(download.raw.equals(signed)).toBe(true);
  }, 180_000);

  it('signs at PAdES B-LTA when asked: a document timestamp seals the signature and its proof', async () => {
    const { client } = await application(organization.orgSlno);
    const signer = members[6] ?? '';
    const sent = {
      ...request(signer, [
        { kind: 'pdf' as const, name: 'deed.pdf', content: (await pdfOf(1)).toString('base64') },
      ]),
      padesLevel: 'B-LTA' as const,
    };
    expect((await client.requestSigning(sent)).status).toBe(202);
    expect((await approve(client, sent.txnId, signer)).body.status).toBe('success');
    const signed = await client.signedPdf(sent.txnId, 1);
    if (!signed) throw new Error('no signed PDF');
    const report = await pdfsig(file('deed-signed.pdf', signed));
    expect(report).toMatch(/Signature #1:[\s\S]*Signature Type: ETSI\.CAdES\.detached/);
    // (Debian 12's poppler names the document timestamp's type "unknown".)
    expect(report).toMatch(
      /Signature #2:[\s\S]*Field Name: Timestamp_1[\s\S]*Total document signed/,
    );
    expect(report).not.toContain('Digest Mismatch');
    expect((await securityStore(signed)).ocspResponses).toHaveLength(2);
    // The document timestamp is the TSA's token over the whole file before it.
    const [, archival] = findSignatures(signed);
    if (!archival) throw new Error('no document timestamp');
    const tokenFile = file(
      'archival.tst',
      archival.contents.subarray(0, derLength(archival.contents)),
    );
    expect(
      await openssl(
        'ts',
        '-verify',
        '-in',
        tokenFile,
        '-token_in',
        '-data',
        file('archival.data', signedBytes(signed, archival)),
        '-CAfile',
        file(
          'archival-chain.pem',
          pem('CERTIFICATE', h.deps.authority.issuing.rawData) +
            pem('CERTIFICATE', h.deps.authority.root.rawData),
        ),
      ),
    ).toMatch(/Verification: OK/);
    const read = await h.call('POST', '/api/v1/esign/verify', {
      body: new Uint8Array(signed),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(read.body.signatures).toEqual([
      expect.objectContaining({ verdict: 'valid', addedAfter: 'validationData' }),
    ]);
  });

  it('keeps a signature valid when another tool adds long-term validation data after it', async () => {
    const { client } = await application(organization.orgSlno);
    const signer = members[5] ?? '';
    const sent = request(signer, [
      { kind: 'pdf', name: 'memo.pdf', content: (await pdfOf(1)).toString('base64') },
    ]);
    expect((await client.requestSigning(sent)).status).toBe(202);
    expect((await approve(client, sent.txnId, signer)).body.status).toBe('success');
    const signed = await client.signedPdf(sent.txnId, 1);
    if (!signed) throw new Error('no signed PDF');
    // @libpdf/core's own LTV update (DSS with VRI entries), with our answers as its revocation data.
    const store = await securityStore(signed);
    const document = await PDF.load(signed);
    const { bytes } = await document.addValidationData({
      revocationProvider: {
        getOCSP: () => Promise.resolve(store.ocspResponses[0] ?? null),
        getCRL: () => Promise.resolve(store.crls[0] ?? null),
      },
    });
    expect(Buffer.from(bytes).length).toBeGreaterThan(signed.length);
    const read = await h.call('POST', '/api/v1/esign/verify', {
      body: new Uint8Array(bytes),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(read.body.signatures[0]).toMatchObject({
      verdict: 'valid',
      addedAfter: 'validationData',
    });
  });

  it('answers 50 identical requests at once with one transaction, one signature and one deduction', async () => {
    const { client } = await application(organization.orgSlno);
    const signer = members[1] ?? '';
    const before = await remainingOf(h.pool, { orgSlno: organization.orgSlno }, 'esign');
    const sent = request(signer, [
      { kind: 'hash', name: 'order.json', sha256: hashOf('order 50') },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => client.requestSigning(sent)),
    );
    expect(answers.every((answer) => answer.status === 202)).toBe(true);
    expect(new Set(answers.map((answer) => answer.body.transactionId)).size).toBe(1);
    expect(await h.simulator.pending(signer)).toHaveLength(1);
    await approve(client, sent.txnId, signer);
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => client.requestSigning(sent)),
    );
    expect(new Set(outcomes.map((outcome) => outcome.body.signedResponse)).size).toBe(1);
    const { rows } = await h.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM counter_entries WHERE reference = 'esign:' || $1`,
      [answers[0]?.body.transactionId],
    );
    expect(rows[0]?.n).toBe(1);
    expect(await remainingOf(h.pool, { orgSlno: organization.orgSlno }, 'esign')).toBe(before - 1);
  });

  it('signs only for active members: never for one pending, rejected or deactivated', async () => {
    // An organization with a member in each of those statuses.
    const world = await freshOrganization(h, {
      members: [
        ['enrolmentAdmin'],
        ['organizationUser'],
        ['organizationUser'],
        ['organizationUser'],
      ],
    });
    await h.ownerPool.query(
      `UPDATE memberships m SET status = s.status, is_active = false
         FROM unnest($2::int[], $3::text[]) AS s (user_slno, status)
        WHERE m.org_slno = $1 AND m.user_slno = s.user_slno`,
      [
        world.orgSlno,
        world.members.slice(1).map((member) => member.userSlno),
        ['Pending', 'Rejected', 'Deactivated'],
      ],
    );
    const { client } = await application(world.orgSlno);
    const { rows } = await h.pool.query<{ national_id: string; status: string }>(
      `SELECT u.national_id, m.status FROM memberships m JOIN users u USING (user_slno)
        WHERE m.org_slno = $1 AND m.status IN ('Pending', 'Rejected', 'Deactivated')`,
      [world.orgSlno],
    );
    expect(rows.map((row) => row.status).sort()).toEqual(['Deactivated', 'Pending', 'Rejected']);
    for (const { national_id: nationalId } of rows) {
      const refused = await client.requestSigning(
        request(nationalId, [{ kind: 'hash', name: 'a.txt', sha256: hashOf('a') }]),
      );
      expect(refused).toMatchObject({ status: 422, body: { code: 'E1008' } });
      expect(await h.simulator.pending(nationalId)).toHaveLength(0);
    }
  });

  it('signs only for a signer still a member as they approve: one removed meanwhile is refused, nothing paid; the sweep ends the waiting request of another', async () => {
    const { client } = await application(organization.orgSlno);
    const admin = await h.signIn(organization.nationalId);
    const setActive = async (nationalId: string, active: boolean) => {
      const { rows } = await h.pool.query<{ user_slno: number }>(
        'SELECT user_slno FROM users WHERE national_id = $1',
        [nationalId],
      );
      const changed = await h.call('POST', '/api/v1/user/org/orgUser/setActive', {
        token: admin.token,
        body: { orgSlNo: organization.orgSlno, userSlNo: rows[0]?.user_slno, active },
        headers: { 'idempotency-key': `key-${randomUUID()}` },
      });
      expect(changed.body).toMatchObject({ status: '1' });
    };
    const remove = (nationalId: string) => setActive(nationalId, false);
    const counters = () => remainingOf(h.pool, { orgSlno: organization.orgSlno }, 'esign');
    const before = await counters();

    // Asked while a member, removed, then approves: refused, and the organization pays nothing.
    const removedThenApproving = members[7] ?? '';
    const sent = request(removedThenApproving, [{ kind: 'hash', name: 'r', sha256: hashOf('r') }]);
    expect((await client.requestSigning(sent)).status).toBe(202);
    await remove(removedThenApproving);
    const answered = await approve(client, sent.txnId, removedThenApproving);
    expect(answered.body).toMatchObject({ status: 'failed', error: { code: 'E1008' } });
    expect(await counters()).toBe(before);

    // Removed while the request waits: the sweep ends it, as refused, before anyone approves.
    // One of the client-certificate test's signers (asked once there), back as a member after.
    const removedWhileWaiting = members[4] ?? '';
    const waiting = request(removedWhileWaiting, [
      { kind: 'hash', name: 'w', sha256: hashOf('w') },
    ]);
    expect((await client.requestSigning(waiting)).status).toBe(202);
    await remove(removedWhileWaiting);
    await sweep(h.deps);
    const ended = await client.outcome(waiting.txnId);
    expect(ended.body).toMatchObject({ status: 'failed', error: { code: 'E1008' } });
    expect(await counters()).toBe(before);
    for (const member of [removedThenApproving, removedWhileWaiting]) await setActive(member, true);
  });

  it('refuses a reused transaction id with another request, a stale timestamp and a missing consent, storing nothing', async () => {
    const { client } = await application(organization.orgSlno);
    const signer = members[2] ?? '';
    const sent = request(signer, [{ kind: 'hash', name: 'a.txt', sha256: hashOf('a') }]);
    expect((await client.requestSigning(sent)).status).toBe(202);
    const reused = await client.requestSigning({
      ...sent,
      documents: [{ kind: 'hash', name: 'a.txt', sha256: hashOf('b') }],
    });
    expect(reused).toMatchObject({ status: 409, body: { code: 'E1004' } });

    const stale = request(signer, sent.documents);
    stale.timestamp = new Date(h.clock.now.getTime() - 10 * 60_000).toISOString();
    const refused = await client.requestSigning(stale, 'ar');
    expect(refused).toMatchObject({ status: 400, body: { code: 'E1002', fields: ['timestamp'] } });
    expect(String(refused.body.message)).toMatch(/[\u0600-\u06FF]/);
    const noConsent = { ...request(signer, sent.documents), consent: false };
    expect(await client.requestSigning(noConsent)).toMatchObject({
      status: 400,
      body: { code: 'E1005' },
    });
    const elsewhere = { ...request(signer, sent.documents), returnUrl: 'https://evil.example/x' };
    expect(await client.requestSigning(elsewhere)).toMatchObject({
      status: 400,
      body: { code: 'E1006' },
    });
    const notPdf = request(signer, [
      { kind: 'pdf', name: 'x.pdf', content: Buffer.from('not a pdf at all').toString('base64') },
    ]);
    expect(await client.requestSigning(notPdf)).toMatchObject({
      status: 422,
      body: { code: 'E1007' },
    });
    // A PDF cut short (its last revision's cross-reference and end marker gone): a parser that
    // rebuilds what is missing would read it, but it is not the file the application meant.
    const whole = await pdfOf(2);
    const truncated = request(signer, [
      {
        kind: 'pdf',
        name: 'cut.pdf',
        content: whole.subarray(0, whole.length - 200).toString('base64'),
      },
    ]);
    expect(await client.requestSigning(truncated)).toMatchObject({
      status: 422,
      body: { code: 'E1007' },
    });
    // A PDF the malware scanner flags (issue 41): refused before anything parses it, quarantined.
    const flaggedPdf = Buffer.concat([whole, Buffer.from(`%${EICAR}\n`)]);
    const flagged = request(signer, [
      { kind: 'pdf', name: 'invoice.pdf', content: flaggedPdf.toString('base64') },
    ]);
    expect(await client.requestSigning(flagged)).toMatchObject({
      status: 422,
      body: { code: 'E1010', fields: ['documents.0'] },
    });
    const quarantined = await h.ownerPool.query<{ source: string; name: string }>(
      'SELECT source, name FROM quarantined_uploads',
    );
    expect(quarantined.rows).toEqual([
      { source: 'esignCreateSigningRequest', name: 'invoice.pdf' },
    ]);
    const { rows } = await h.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM esign_transactions WHERE app_txn_id = ANY($1)',
      [
        [
          stale.txnId,
          noConsent.txnId,
          elsewhere.txnId,
          notPdf.txnId,
          truncated.txnId,
          flagged.txnId,
        ],
      ],
    );
    expect(rows[0]?.n).toBe(0);
  });

  it('publishes its OpenAPI description, the integration API and its refusals included', async () => {
    const described = await h.call('GET', '/api/openapi.json');
    expect(described.status).toBe(200);
    const create = described.body.paths['/api/esign/v1/sign-requests'].post;
    expect(create.security).toEqual([{ applicationAssertion: [] }]);
    expect(JSON.stringify(create.responses)).toContain('E1004');
    expect(described.body.servers).toEqual([{ url: h.deps.config.publicOrigin }]);
  });

  it('refuses a wrong credential: another key, a reused assertion, another audience', async () => {
    const { clientId, client } = await application(organization.orgSlno);
    const sent = request(members[3] ?? '', [{ kind: 'hash', name: 'a', sha256: hashOf('x') }]);
    const post = (assertion: string) =>
      fetch(`${h.baseUrl}/api/esign/v1/sign-requests`, {
        method: 'POST',
        headers: { authorization: `Bearer ${assertion}`, 'content-type': 'application/json' },
        body: JSON.stringify(sent),
      });
    const stranger = await generateKeyPair('ES256');
    const now = Math.floor(h.clock.now.getTime() / 1000);
    const forged = await new SignJWT({})
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer(clientId)
      .setSubject(clientId)
      .setAudience(assertionAudience(h.deps.config.publicOrigin))
      .setIssuedAt(now)
      .setExpirationTime(now + 60)
      .setJti(randomUUID())
      .sign(stranger.privateKey);
    const refused = await post(forged);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'E1001' });
    const once = await client.assertion();
    expect((await post(once)).status).toBe(202);
    expect((await post(once)).status).toBe(401);
    expect((await post('')).status).toBe(401);
    const { rows } = await h.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM esign_transactions WHERE app_txn_id = $1',
      [sent.txnId],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('counts an application’s requests to the identity app apart from the person’s own sign-in', async () => {
    const person = members[0] ?? '';
    const { client } = await application(organization.orgSlno);
    const asks = [];
    for (let i = 0; i < 4; i += 1)
      asks.push(
        await client.requestSigning(
          request(person, [
            { kind: 'hash', name: `n${String(i)}`, sha256: hashOf(`n${String(i)}`) },
          ]),
        ),
      );
    expect(asks.map((answer) => answer.status)).toEqual([202, 202, 202, 429]);
    expect(asks[3]?.body).toMatchObject({ code: 'E2002' });
    // The person signs in through the identity app as ever (three application requests used to
    // lock them out for ten minutes).
    const session = await h.signIn(person);
    expect(session.token).toEqual(expect.any(String));
    // Another application is counted apart too.
    const other = await application(organization.orgSlno);
    expect(
      (
        await other.client.requestSigning(
          request(person, [{ kind: 'hash', name: 'o', sha256: hashOf('o') }]),
        )
      ).status,
    ).toBe(202);
  });

  it('refuses before asking the signer when no counter is left, and takes none when the signer declines', async () => {
    const { client, clientId } = await application(null);
    const [pennyless] = (
      await h.pool.query<{ national_id: string }>(
        `SELECT u.national_id FROM users u WHERE TRUE
            AND NOT EXISTS (SELECT 1 FROM purchased_plans p WHERE p.user_slno = u.user_slno AND p.org_slno IS NULL)
          ORDER BY u.user_slno LIMIT 1`,
      )
    ).rows;
    if (!pennyless) throw new Error('everyone has a plan');
    // To an application for individuals, someone without a plan who never signed through it is
    // answered exactly as someone unknown: it may not probe who has an account.
    const document = [{ kind: 'hash' as const, name: 'a', sha256: hashOf('z') }];
    const nobody = Array.from({ length: 10 }, (_, digit) => `199999999${String(digit)}`).find(
      isValidNationalId,
    );
    const unknown = await client.requestSigning(request(nobody ?? '', document));
    const noPlan = await client.requestSigning(request(pennyless.national_id, document));
    expect(unknown).toMatchObject({ status: 422, body: { code: 'E1008' } });
    expect({ status: noPlan.status, message: noPlan.body.message, code: noPlan.body.code }).toEqual(
      {
        status: unknown.status,
        message: unknown.body.message,
        code: unknown.body.code,
      },
    );
    expect(await h.simulator.pending(pennyless.national_id)).toHaveLength(0);
    // Once they have signed through it, it is told the counters ran out.
    const { rows: apps } = await h.ownerPool.query<{ app_slno: number }>(
      'SELECT app_slno FROM esign_applications WHERE client_id = $1',
      [clientId],
    );
    await h.ownerPool.query(
      `INSERT INTO esign_transactions (transaction_id, user_slno, plan_type, user_role, status, originator,
              transaction_date, app_slno, app_txn_id)
       SELECT 'T-consented', user_slno, 'Individual', 'Individual', 'success', 'Test ERP', $2, $3, 'T-consented'
         FROM users WHERE national_id = $1`,
      [pennyless.national_id, h.clock.now, apps[0]?.app_slno],
    );
    const exhausted = await client.requestSigning(request(pennyless.national_id, document));
    expect(exhausted).toMatchObject({ status: 402, body: { code: 'E2001' } });
    expect(await h.simulator.pending(pennyless.national_id)).toHaveLength(0);

    const used = async () =>
      (
        await h.pool.query<{ n: number }>(
          'SELECT coalesce(sum(utilized), 0)::int AS n FROM purchased_plans WHERE user_slno = (SELECT user_slno FROM users WHERE national_id = $1)',
          [individual.nationalId],
        )
      ).rows[0]?.n;
    const before = await used();
    const sent = request(individual.nationalId, [{ kind: 'hash', name: 'a', sha256: hashOf('q') }]);
    expect((await client.requestSigning(sent)).status).toBe(202);
    const [waiting] = await h.simulator.pending(individual.nationalId);
    await h.simulator.answer(waiting?.transId ?? '', 'reject');
    const declined = await client.outcome(sent.txnId, 'ar');
    expect(declined.body).toMatchObject({ status: 'failed', error: { code: 'E3001' } });
    expect(await used()).toBe(before);
  });

  it('accepts an application proving itself with its client certificate, not once it has expired', async () => {
    const selfSigned = (notAfter: Date) => async (keys: CryptoKeyPair) =>
      (
        await x509.X509CertificateGenerator.createSelfSigned({
          name: 'CN=Test ERP client, O=Test',
          keys,
          signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
          notBefore: new Date(h.clock.now.getTime() - 86_400_000),
          notAfter,
        })
      ).toString('pem');
    const valid = await application(organization.orgSlno, {
      certificate: selfSigned(new Date(h.clock.now.getTime() + 86_400_000)),
    });
    const sent = request(members[4] ?? '', [{ kind: 'hash', name: 'c', sha256: hashOf('c') }]);
    expect((await valid.client.requestSigning(sent)).status).toBe(202);
    const expired = await application(organization.orgSlno, {
      certificate: selfSigned(new Date(h.clock.now.getTime() - 1000)),
    });
    expect(await expired.client.outcome(sent.txnId)).toMatchObject({
      status: 401,
      body: { code: 'E1001' },
    });
  });

  // Last: it moves the clock past what openssl would accept for the certificates above.
  it('sends the outcome to the webhook signed with HMAC, retries a failed delivery, and expires an unanswered request', async () => {
    const received: { headers: IncomingHttpHeaders; body: string }[] = [];
    const receiver = createServer((incoming, response) => {
      let body = '';
      incoming.on('data', (chunk: Buffer) => (body += chunk.toString()));
      incoming.on('end', () => {
        received.push({ headers: incoming.headers, body });
        // The first delivery fails, as a receiver down for a moment does.
        response.writeHead(received.length === 1 ? 503 : 204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    const address = receiver.address();
    if (!address || typeof address === 'string') throw new Error('no address');
    const { clientId, client } = await application(organization.orgSlno, {
      webhookUrl: `http://127.0.0.1:${String(address.port)}/hook`,
    });
    const signer = { nationalId: members[5] ?? '' };
    const sent = request(signer.nationalId, [{ kind: 'hash', name: 'w', sha256: hashOf('w') }]);
    expect((await client.requestSigning(sent)).status).toBe(202);
    const [waiting] = await h.simulator.pending(signer.nationalId);
    await h.simulator.answer(waiting?.transId ?? '', 'approve');
    // Nobody polls: the sweeper signs, then delivers.
    await sweep(h.deps);
    expect(received).toHaveLength(1);
    h.clock.advance(10_000);
    expect(await deliverDueWebhooks(h.deps)).toBe(1);
    expect(received).toHaveLength(2);
    const delivered = received[1];
    if (!delivered) throw new Error('not delivered');
    expect(
      webhookIsAuthentic(
        webhookSecret(h.deps, clientId),
        delivered.headers,
        delivered.body,
        h.clock.now,
      ),
    ).toBe(true);
    expect(
      webhookIsAuthentic(
        webhookSecret(h.deps, clientId),
        delivered.headers,
        `${delivered.body} `,
        h.clock.now,
      ),
    ).toBe(false);
    expect(JSON.parse(delivered.body)).toMatchObject({ txnId: sent.txnId, status: 'success' });
    // Both attempts are one delivery, by one id (issue 42): a receiver takes it once.
    const [first] = received;
    const deliveryId = delivered.headers['x-tawqi-delivery'];
    expect(deliveryId).toMatch(/^whd_[0-9a-f]{32}$/);
    expect(first?.headers['x-tawqi-delivery']).toBe(deliveryId);
    expect(JSON.parse(first?.body ?? '{}')).toMatchObject({ deliveryId });
    expect(JSON.parse(delivered.body)).toMatchObject({ deliveryId });
    // Keyed by this environment's secret: another database's transaction of the same number
    // is another delivery, and the number cannot be found from the id.
    const [logged] = (
      await h.pool.query<{ esign_logs_id: number }>(
        'SELECT esign_logs_id FROM esign_transactions WHERE app_txn_id = $1',
        [sent.txnId],
      )
    ).rows;
    const number = logged?.esign_logs_id ?? 0;
    expect(webhookDeliveryId(h.deps.keys, number)).toBe(deliveryId);
    const elsewhere = deriveKeys({
      server: 'another-environment-'.repeat(3),
      audit: 'a'.repeat(40),
    });
    expect(webhookDeliveryId(elsewhere, number)).not.toBe(deliveryId);
    const unkeyed = createHash('sha256')
      .update(`tawqi webhook ${String(number)}`)
      .digest('hex');
    expect(deliveryId).not.toBe(`whd_${unkeyed.slice(0, 32)}`);
    const { rows: attempts } = await h.pool.query<{
      attempt: number;
      outcome: string;
      http_status: number;
    }>(
      `SELECT d.attempt, d.outcome, d.http_status FROM esign_webhook_deliveries d
         JOIN esign_transactions t USING (esign_logs_id) WHERE t.app_txn_id = $1 ORDER BY d.attempt`,
      [sent.txnId],
    );
    expect(attempts).toEqual([
      { attempt: 1, outcome: 'failed', http_status: 503 },
      { attempt: 2, outcome: 'delivered', http_status: 204 },
    ]);
    expect(await deliverDueWebhooks(h.deps)).toBe(0);

    // A request nobody answers expires (E3002) and takes no counter.
    const unanswered = request(signer.nationalId, [
      { kind: 'hash', name: 'u', sha256: hashOf('u') },
    ]);
    expect((await client.requestSigning(unanswered)).status).toBe(202);
    h.clock.advance(181_000);
    await sweep(h.deps);
    expect((await client.outcome(unanswered.txnId)).body).toMatchObject({
      status: 'failed',
      error: { code: 'E3002' },
    });
    receiver.close();
  });

  it('the demo application sends a PDF, its signer approves, and it downloads the signed PDF', async () => {
    h.clock.now = new Date();
    const home = await fetch(`${h.baseUrl}/simulators/esign-app`);
    expect(home.status).toBe(200);
    const html = await home.text();
    // A member of the demo organization not asked in this file yet (3 asks per person in 10 minutes).
    const option = [...html.matchAll(/<option value="(tawqi-demo-app-org\|\d{10})">/g)].at(-1)?.[1];
    if (!option) throw new Error('no demo signer');
    const form = new FormData();
    form.append(
      'document',
      new Blob([new Uint8Array(await pdfOf(2))], { type: 'application/pdf' }),
      'عقد.pdf',
    );
    form.append('signer', option);
    form.append('consent', 'yes');
    const sentForm = await fetch(`${h.baseUrl}/simulators/esign-app/send`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    expect(sentForm.status, await sentForm.clone().text()).toBe(303);
    const approvalUrl = sentForm.headers.get('location') ?? '';
    expect(approvalUrl).toContain('/esign/approve?request=');
    const nationalId = option.split('|')[1] ?? '';
    const [waiting] = await h.simulator.pending(nationalId);
    await h.simulator.answer(waiting?.transId ?? '', 'approve');
    const token = new URL(approvalUrl).searchParams.get('request') ?? '';
    const approved = await h.call('GET', `/api/v1/esign/approval/${token}`);
    expect(approved.body.status).toBe('success');
    const back = new URL(approved.body.returnUrl as string);
    const outcome = await fetch(`${h.baseUrl}${back.pathname}${back.search}`);
    const outcomeHtml = await outcome.text();
    expect(outcomeHtml).toContain('Signed');
    expect(outcomeHtml).toContain('The service’s signature on the answer verifies');
    const link = /href="(\/simulators\/esign-app\/download[^"]+)"/.exec(outcomeHtml)?.[1];
    const download = await fetch(`${h.baseUrl}${(link ?? '').replaceAll('&amp;', '&')}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain(
      encodeURIComponent('عقد-signed.pdf'),
    );
    const report = await pdfsig(file('demo-signed.pdf', Buffer.from(await download.arrayBuffer())));
    expect(report).toContain('Signature Validation: Signature is Valid.');
  });

  it('the demo application says a failed send as its own page, and trying again sends the same request once', async () => {
    h.clock.now = new Date();
    const html = await (await fetch(`${h.baseUrl}/simulators/esign-app`)).text();
    // The first of the demo organization's members offered (the test above asked the last).
    const option = /<option value="(tawqi-demo-app-org\|\d{10})">/.exec(html)?.[1];
    if (!option) throw new Error('no demo signer');
    const nationalId = option.split('|')[1] ?? '';
    const form = new FormData();
    form.append(
      'document',
      new Blob([new Uint8Array(await pdfOf(1))], { type: 'application/pdf' }),
      'lease.pdf',
    );
    form.append('signer', option);
    form.append('consent', 'yes');
    // The service busy: its check of the PDF ran out of time (503, try again).
    const check = h.deps.pdfWork.check;
    h.deps.pdfWork.check = () =>
      Promise.reject(
        new AppError(503, 'SERVICE_UNAVAILABLE', { headers: { 'retry-after': '10' } }),
      );
    const failed = await fetch(`${h.baseUrl}/simulators/esign-app/send`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    h.deps.pdfWork.check = check;
    expect(failed.status).toBe(503);
    expect(failed.headers.get('content-type')).toContain('text/html');
    const page = await failed.text();
    expect(page).toContain('The eSign service has not taken the request yet');
    expect(page).not.toContain('"statusCode"');
    const txnId = /name="txnId" value="([^"]+)"/.exec(page)?.[1] ?? '';
    expect(txnId).toMatch(/^DEMO-/);
    expect(await h.simulator.pending(nationalId)).toHaveLength(0);

    // Tried again, twice (a double click): the same request, taken once, the signer asked once.
    const again = () => {
      const retry = new FormData();
      retry.append('txnId', txnId);
      return fetch(`${h.baseUrl}/simulators/esign-app/retry`, {
        method: 'POST',
        body: retry,
        redirect: 'manual',
      });
    };
    const [first, second] = [await again(), await again()];
    expect([first.status, second.status]).toEqual([303, 303]);
    expect(second.headers.get('location')).toBe(first.headers.get('location'));
    const { rows } = await h.pool.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM esign_transactions WHERE app_txn_id = $1',
      [txnId],
    );
    expect(rows).toEqual([{ n: 1 }]);
    expect(await h.simulator.pending(nationalId)).toHaveLength(1);
  });

  it('registers an application only when its provider, organization, credential and addresses check out', async () => {
    const keys = await generateKeyPair('ES256', { extractable: true });
    const [provider] = (
      await h.pool.query<{ sip_id: string }>(
        'SELECT p.sip_id FROM service_providers p JOIN organizations o ON o.sip_slno = p.sip_slno WHERE o.org_slno = $1',
        [organization.orgSlno],
      )
    ).rows;
    const request = {
      clientId: 'erp-registered',
      providerId: provider?.sip_id ?? '',
      organization: organization.orgSlno,
      nameEnglish: 'Riyadh ERP',
      nameArabic: 'نظام الرياض',
      credential: { kind: 'publicKey' as const, pem: await exportSPKI(keys.publicKey) },
      returnOrigins: ['https://erp.example.sa/path'],
      webhookUrl: 'https://erp.example.sa/hooks/tawqi',
    };
    const checked = await checkedRegistration(h.pool, request, { production: true });
    expect(checked).toMatchObject({
      application: { returnOrigins: ['https://erp.example.sa'], orgSlno: organization.orgSlno },
    });
    const refused = await checkedRegistration(
      h.pool,
      {
        ...request,
        clientId: 'x',
        providerId: 'SIP-NONE',
        credential: { kind: 'publicKey', pem: 'not a key' },
        returnOrigins: ['http://erp.example.sa'],
        webhookUrl: 'http://127.0.0.1:9/hook',
      },
      { production: true },
    );
    expect('problems' in refused ? refused.problems : []).toHaveLength(5);
    // Outside production a webhook on this machine may be plain http (the demo application's).
    expect(
      await checkedRegistration(
        h.pool,
        { ...request, webhookUrl: 'http://127.0.0.1:9/hook' },
        { production: false },
      ),
    ).toHaveProperty('application');
    // A webhook never points at this machine, a private network or a metadata service (issue 41).
    for (const webhookUrl of [
      'https://169.254.169.254/latest/meta-data',
      'https://127.0.0.1:22/',
      'https://10.0.0.5/hook',
      'https://192.168.1.10/hook',
      'https://localhost/hook',
      'https://metadata.google.internal/computeMetadata/v1/',
      'https://[::1]/hook',
      'https://[::ffff:7f00:1]/hook',
      'https://[fd00::1]/hook',
      'https://0x7f000001/hook',
      'https://224.0.0.1/hook',
    ]) {
      const ssrf = await checkedRegistration(
        h.pool,
        { ...request, webhookUrl },
        { production: true },
      );
      expect('problems' in ssrf ? ssrf.problems.join() : '', webhookUrl).toMatch(
        /the webhook is not on the internet/,
      );
    }
    // Another provider's organization is refused.
    expect(
      await checkedRegistration(h.pool, { ...request, organization: 1 }, { production: true }),
    ).toHaveProperty('problems');
  });
});
