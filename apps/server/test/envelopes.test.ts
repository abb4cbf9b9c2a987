/**
 * Envelopes (issue 44's third part): a PDF its sender sends to others to sign in order. Each
 * signer is told in the app and by e-mail, signs in the identity app, and their signature extends
 * the PDF (an incremental update: the earlier signatures stay valid — poppler's pdfsig, openssl,
 * BouncyCastle and our own verify page say so of each); a decline with a reason ends it. The
 * sender pays, one counter per signature; anyone else is told the envelope is not there.
 */
import { PDF, PdfArray, PdfDict, PdfName, PdfNumber, PdfRef, PdfStream } from '@libpdf/core';
import { createHash, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { readOutbox } from '../src/adapters/notifier/outbox.js';
import { findSignatures, signedBytes } from '../src/modules/pki/pdfSignatures.js';
import { esignKit } from './esignKit.js';
import { startHarness, validNationalId } from './harness.js';
import { freshOrganization, freshPerson, individualPlan, type FreshPerson } from './world.js';
import { ACCEPTED_EVERYWHERE, opensslKit, pdfsig } from './openssl.js';

const h = await startHarness();
h.clock.now = new Date();
const { pdfOf, derLength } = esignKit(h);
const { file, checkSignature } = opensslKit(h, 'tawqi-envelopes');
// The sender, with a plan that pays for the envelopes and an organization whose counters she may
// send on; a member of it whose role does not sign, and another person, asked to sign.
const world = await freshOrganization(h, {
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['organizationUser']],
});
const [sara, mohammed] = world.members as [FreshPerson, FreshPerson];
await individualPlan(h, sara, 100);
const noura = await freshPerson(h);
const NOURA_EMAIL = 'noura.envelopes@example.sa';
await h.ownerPool.query('UPDATE users SET email = $2 WHERE user_slno = $1', [
  noura.userSlno,
  NOURA_EMAIL,
]);
const sessions = {
  sara: await h.signIn(sara.nationalId),
  mohammed: await h.signIn(mohammed.nationalId),
  noura: await h.signIn(noura.nationalId),
};

beforeEach(async () => {
  await h.ownerPool.query(
    "DELETE FROM rate_limit_hits WHERE bucket LIKE 'nafath:%' OR bucket LIKE 'esign-ask%' OR bucket LIKE 'envelope-send:%'",
  );
});

/** What a person's plans have used. */
async function used(userSlno: number): Promise<number> {
  const { rows } = await h.pool.query<{ used: number }>(
    'SELECT coalesce(sum(utilized), 0)::int AS used FROM purchased_plans WHERE user_slno = $1 AND org_slno IS NULL',
    [userSlno],
  );
  return rows[0]?.used ?? 0;
}

async function send(signers: { nationalId?: string; email?: string; placement: string }[]) {
  return h.call('POST', '/api/v1/esign/envelopes', {
    token: sessions.sara.token,
    headers: { 'idempotency-key': randomUUID() },
    body: {
      title: 'Office lease',
      document: { kind: 'pdf', name: 'lease.pdf', content: (await pdfOf(2)).toString('base64') },
      signers,
    },
  });
}

const details = (who: keyof typeof sessions, id: string, language: 'en' | 'ar' = 'en') =>
  h.call('GET', `/api/v1/esign/envelopes/${id}`, { token: sessions[who].token, language });

/** The signer whose turn it is signs: asks, approves on their phone, and the page follows. */
async function signAsked(who: 'mohammed' | 'noura', nationalId: string, id: string) {
  const asked = await h.call('POST', `/api/v1/esign/envelopes/${id}/sign`, {
    token: sessions[who].token,
    headers: { 'idempotency-key': randomUUID() },
    body: { consent: true },
  });
  expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  // Asked again while it waits: the same approval, nobody asked twice.
  const again = await h.call('POST', `/api/v1/esign/envelopes/${id}/sign`, {
    token: sessions[who].token,
    headers: { 'idempotency-key': randomUUID() },
    body: { consent: true },
  });
  expect(again.body).toEqual(asked.body);
  const [waiting] = await h.simulator.pending(nationalId);
  if (!waiting) throw new Error('the signer was not asked');
  await h.simulator.answer(waiting.transId, 'approve');
  const token = new URL(String(asked.body.approvalPath), h.baseUrl).searchParams.get('request');
  for (;;) {
    h.clock.now = new Date();
    const page = await h.call('GET', `/api/v1/esign/approval/${String(token)}`);
    if (page.body.status !== 'pending') {
      expect(page.body.status).toBe('success');
      const back = new URL(String(page.body.returnUrl));
      expect([back.pathname, back.searchParams.get('id')]).toEqual(['/app/my/envelope', id]);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const documentOf = async (who: keyof typeof sessions, id: string) => {
  const answer = await h.call('GET', `/api/v1/esign/envelopes/${id}/document`, {
    token: sessions[who].token,
  });
  expect(answer.status).toBe(200);
  return Buffer.from(answer.raw);
};

/** How many certificates the PDF's latest Document Security Store holds. */
async function storedCertificates(pdf: Buffer): Promise<number> {
  const loaded = await PDF.load(pdf);
  const resolve = (ref: PdfRef) => loaded.getObject(ref);
  return loaded.getCatalog().getDict('DSS', resolve)?.getArray('Certs', resolve)?.length ?? 0;
}

/** How many of the latest security store's certificates, OCSP answers and CRLs repeat another. */
async function repeatedInStore(pdf: Buffer): Promise<number> {
  const loaded = await PDF.load(pdf);
  const resolve = (ref: PdfRef) => loaded.getObject(ref);
  const store = loaded.getCatalog().getDict('DSS', resolve);
  let repeated = 0;
  for (const key of ['Certs', 'OCSPs', 'CRLs']) {
    const digests = (store?.getArray(key, resolve)?.toArray() ?? []).map((item) => {
      const stream = item instanceof PdfRef ? resolve(item) : item;
      if (!(stream instanceof PdfStream)) throw new Error(`a ${key} entry that is no stream`);
      return createHash('sha256').update(stream.getDecodedData()).digest('hex');
    });
    repeated += digests.length - new Set(digests).size;
  }
  return repeated;
}

const verified = async (pdf: Buffer) =>
  (
    await h.call('POST', '/api/v1/esign/verify', {
      body: new Uint8Array(pdf),
      headers: { 'content-type': 'application/pdf' },
    })
  ).body.signatures as { signerName: string; verdict: string; addedAfter: string }[];

describe('an envelope sent to two people to sign in order', () => {
  it('asks each in turn, keeps every signature valid, pays from the sender, and tells everyone', async () => {
    const before = { sara: await used(sara.userSlno), mohammed: await used(mohammed.userSlno) };
    const sent = await send([
      { nationalId: mohammed.nationalId, placement: '2-40,40,260,120' },
      { email: NOURA_EMAIL.toUpperCase(), placement: '2-320,40,540,120' },
    ]);
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = String(sent.body.envelopeID);
    expect(id).toMatch(/^EN-[0-9A-F]{16}$/);

    const first = await details('mohammed', id, 'ar');
    expect(first.body).toMatchObject({
      status: 'inProgress',
      senderName: sara.nameAr,
      sentByMe: false,
      myTurn: true,
      signers: [
        { position: 1, isMe: true, status: 'asked' },
        { position: 2, isMe: false, status: 'waiting' },
      ],
    });
    // Noura's turn has not come: she may not sign yet.
    const early = await h.call('POST', `/api/v1/esign/envelopes/${id}/sign`, {
      token: sessions.noura.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true },
    });
    expect(early.status).toBe(409);
    // Mohammed is told in the app.
    const told = await h.call('GET', '/api/v1/dashboard/my/notifications', {
      token: sessions.mohammed.token,
    });
    expect(JSON.stringify(told.body)).toContain('Office lease');

    await signAsked('mohammed', mohammed.nationalId, id);
    const middle = await details('sara', id);
    expect(middle.body.signers.map((signer: { status: string }) => signer.status)).toEqual([
      'signed',
      'asked',
    ]);
    // Noura is told by e-mail now, with the envelope's address.
    const mail = await readOutbox(h.pool, NOURA_EMAIL);
    expect(mail.at(-1)?.body).toContain(`/app/my/envelope?id=${id}`);
    const once = await documentOf('noura', id);
    expect(findSignatures(once)).toHaveLength(1);

    await signAsked('noura', noura.nationalId, id);
    const done = await details('sara', id);
    expect(done.body).toMatchObject({ status: 'completed', sentByMe: true, myTurn: false });
    // The sender paid both signatures; the signers' own plans are untouched.
    expect(await used(sara.userSlno)).toBe(before.sara + 2);
    expect(await used(mohammed.userSlno)).toBe(before.mohammed);

    // The finished PDF extends the once-signed one: both signatures intact, as every tool reads it.
    const finished = await documentOf('mohammed', id);
    expect(finished.subarray(0, once.length).equals(once)).toBe(true);
    const report = await pdfsig(file('envelope-signed.pdf', finished));
    expect(report.match(/Signature Validation: Signature is Valid\./g)).toHaveLength(2);
    expect(report).toContain(`Signer Certificate Common Name: ${mohammed.name}`);
    expect(report).toContain(`Signer Certificate Common Name: ${noura.name}`);
    for (const signature of findSignatures(finished)) {
      const der = signature.contents.subarray(0, derLength(signature.contents));
      expect(await checkSignature(der, signedBytes(finished, signature), 'envelope')).toEqual(
        ACCEPTED_EVERYWHERE,
      );
    }
    const read = await verified(finished);
    expect(read.map((one) => [one.verdict, one.addedAfter])).toEqual([
      ['valid', 'signatures'],
      ['valid', 'validationData'],
    ]);
    // The latest security store keeps the first signer's proof beside the second's.
    expect(await storedCertificates(finished)).toBeGreaterThan(await storedCertificates(once));
    // …and holds each certificate, OCSP answer and CRL once.
    expect(await repeatedInStore(finished)).toBe(0);
    // Everyone is told it is finished: the sender too, by e-mail when they have one.
    const { rows } = await h.pool.query<{ n: number }>(
      `SELECT count(DISTINCT user_slno)::int AS n FROM notifications
        WHERE message_en LIKE '%is signed by everyone%' AND message_en LIKE $1`,
      [`%${id}%`],
    );
    expect(rows[0]?.n).toBe(3);

    // A later change that is not a signature: the verify page says both were modified after.
    const changed = await PDF.load(finished);
    const page = changed.getPages()[0];
    if (!page) throw new Error('no page');
    const note = changed.register(
      PdfDict.of({
        Type: PdfName.of('Annot'),
        Subtype: PdfName.of('Square'),
        Rect: new PdfArray([0, 0, 100, 100].map((value) => PdfNumber.of(value))),
      }),
    );
    page.dict.set(
      'Annots',
      new PdfArray([...(page.dict.getArray('Annots')?.toArray() ?? []), note]),
    );
    const tampered = Buffer.from(await changed.save({ incremental: true }));
    expect((await verified(tampered)).map((one) => one.verdict)).toEqual(['modified', 'modified']);
  });

  it('ends when a signer declines with a reason: the rest are never asked, nothing is paid', async () => {
    const before = await used(sara.userSlno);
    const sent = await send([
      { nationalId: mohammed.nationalId, placement: '1-40,40,260,120' },
      { nationalId: noura.nationalId, placement: '1-320,40,540,120' },
    ]);
    const id = String(sent.body.envelopeID);
    const declined = await h.call('POST', `/api/v1/esign/envelopes/${id}/decline`, {
      token: sessions.mohammed.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { reason: 'The rent is wrong' },
    });
    expect(declined.status).toBe(200);
    expect(declined.body).toMatchObject({
      status: 'declined',
      signers: [
        { status: 'declined', declineReason: 'The rent is wrong' },
        { status: 'waiting', declineReason: null },
      ],
    });
    const late = await h.call('POST', `/api/v1/esign/envelopes/${id}/sign`, {
      token: sessions.noura.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true },
      language: 'ar',
    });
    expect(late.status).toBe(409);
    expect(late.body.message).toMatch(/ليس دورك/);
    expect(await used(sara.userSlno)).toBe(before);
    const { rows } = await h.pool.query<{ user_slno: number }>(
      `SELECT user_slno FROM notifications WHERE message_en LIKE '%declined to sign%' AND message_en LIKE '%The rent is wrong%'
        AND message_en LIKE $1 ORDER BY user_slno`,
      [`%${id}%`],
    );
    expect(rows.map((row) => row.user_slno).sort()).toEqual([sara.userSlno, noura.userSlno].sort());
  });

  it('takes a decline or a signature, whichever comes first: approved on the phone, then declined, nothing is signed or paid', async () => {
    const before = await used(sara.userSlno);
    const sent = await send([{ nationalId: mohammed.nationalId, placement: '1-40,40,260,120' }]);
    const id = String(sent.body.envelopeID);
    const asked = await h.call('POST', `/api/v1/esign/envelopes/${id}/sign`, {
      token: sessions.mohammed.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true },
    });
    expect(asked.status).toBe(200);
    // He approves on his phone, and declines on the page before the approval is taken up.
    const [waiting] = await h.simulator.pending(mohammed.nationalId);
    await h.simulator.answer(waiting?.transId ?? '', 'approve');
    const declined = await h.call('POST', `/api/v1/esign/envelopes/${id}/decline`, {
      token: sessions.mohammed.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { reason: 'Changed my mind' },
    });
    expect(declined.body).toMatchObject({ status: 'declined' });
    const token = new URL(String(asked.body.approvalPath), h.baseUrl).searchParams.get('request');
    let page;
    do {
      h.clock.now = new Date();
      page = await h.call('GET', `/api/v1/esign/approval/${String(token)}`);
      if (page.body.status === 'pending') await new Promise((resolve) => setTimeout(resolve, 250));
    } while (page.body.status === 'pending');
    expect(page.body.status).toBe('failed');
    const { rows } = await h.pool.query<{ signed: number }>(
      `SELECT count(*)::int AS signed FROM transaction_documents d
         JOIN esign_transactions t USING (esign_logs_id)
         JOIN envelope_signers s ON s.transaction_id = t.transaction_id
         JOIN envelopes e ON e.envelope_slno = s.envelope_slno
        WHERE e.envelope_id = $1 AND d.signed_content IS NOT NULL`,
      [id],
    );
    expect(rows[0]?.signed).toBe(0);
    expect(await used(sara.userSlno)).toBe(before);
  });

  it('names nobody unknown by national id, nobody twice, in the sender’s language, and keeps nothing', async () => {
    const count = async () =>
      (await h.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM envelopes')).rows[0]?.n;
    const before = await count();
    const refused = await h.call('POST', '/api/v1/esign/envelopes', {
      token: sessions.sara.token,
      headers: { 'idempotency-key': randomUUID() },
      language: 'ar',
      body: {
        title: 'x',
        document: { kind: 'pdf', name: 'a.pdf', content: (await pdfOf(1)).toString('base64') },
        signers: [
          { nationalId: validNationalId('199999990'), placement: '1-40,40,260,120' },
          { nationalId: mohammed.nationalId, placement: '1-40,140,260,220' },
          { nationalId: mohammed.nationalId, placement: '1-300,40,520,120' },
          { email: 'twice@example.sa', placement: '1-300,140,520,220' },
          { email: 'TWICE@example.sa', placement: '1-300,240,520,320' },
        ],
      },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.fieldErrors).toEqual([
      { path: 'signers.0.nationalId', message: expect.stringMatching(/لا يوجد مستخدم/) },
      { path: 'signers.2.nationalId', message: expect.stringMatching(/موقّع في هذا المغلّف/) },
      { path: 'signers.4.email', message: expect.stringMatching(/موقّع في هذا المغلّف/) },
    ]);
    // A stamp on a page the PDF lacks.
    const misplaced = await send([
      { nationalId: mohammed.nationalId, placement: '7-40,40,260,120' },
    ]);
    expect(misplaced.status).toBe(422);
    expect(misplaced.body).toMatchObject({ detail: 'E1011', fieldErrors: [{ path: 'document' }] });
    expect(await count()).toBe(before);
  });

  it('answers alike for any e-mail address, invites one nobody has, and is theirs once they register with it', async () => {
    // Khalid is a Tawqi user whose address is not this one yet.
    const invited = `invited-${randomUUID().slice(0, 8)}@example.sa`;
    const khalid = await freshPerson(h);
    const toStranger = await send([{ email: invited, placement: '1-40,40,260,120' }]);
    const toUser = await send([{ email: NOURA_EMAIL, placement: '1-40,40,260,120' }]);
    expect(toStranger.status).toBe(200);
    expect(toUser.status).toBe(200);
    // The sender's page names each by the address given: nothing tells which one is registered.
    const asSent = async (id: string) => (await details('sara', id)).body.signers;
    expect(await asSent(String(toStranger.body.envelopeID))).toEqual([
      expect.objectContaining({ name: invited, status: 'asked', isMe: false }),
    ]);
    expect(await asSent(String(toUser.body.envelopeID))).toEqual([
      expect.objectContaining({ name: NOURA_EMAIL, status: 'asked', isMe: false }),
    ]);
    // The stranger is invited by e-mail, in both languages; the user is asked as any signer.
    const [invitation] = await readOutbox(h.pool, invited);
    expect(invitation?.body).toMatch(
      /سجّل في توقيع[\s\S]*Register in Tawqi with Nafath and this e-mail address/,
    );
    expect(invitation?.body).toContain(String(toStranger.body.envelopeID));
    // Khalid takes that address: the envelope is his to sign.
    const [own] = (
      await h.ownerPool.query<{ email: string }>('SELECT email FROM users WHERE user_slno = $1', [
        khalid.userSlno,
      ])
    ).rows;
    await h.ownerPool.query('UPDATE users SET email = $2 WHERE user_slno = $1', [
      khalid.userSlno,
      invited,
    ]);
    const session = await h.signIn(khalid.nationalId);
    const mine = await h.call('GET', '/api/v1/esign/envelopes', { token: session.token });
    const found = (mine.body.dataList as { envelopeID: string; myTurn: boolean }[]).find(
      (one) => one.envelopeID === toStranger.body.envelopeID,
    );
    expect(found).toMatchObject({ myTurn: true, sentByMe: false });
    await h.ownerPool.query('UPDATE users SET email = $2 WHERE user_slno = $1', [
      khalid.userSlno,
      own?.email,
    ]);
  });

  it('is paid from the organization’s counters when sent on them, by a member whose role signs', async () => {
    const ORGANIZATION = world.orgSlno;
    const orgUsed = async () =>
      (
        await h.pool.query<{ used: number }>(
          'SELECT coalesce(sum(utilized), 0)::int AS used FROM purchased_plans WHERE org_slno = $1',
          [ORGANIZATION],
        )
      ).rows[0]?.used ?? 0;
    const before = { organization: await orgUsed(), sara: await used(sara.userSlno) };
    const body = {
      title: 'Purchase order',
      document: { kind: 'pdf', name: 'po.pdf', content: (await pdfOf(1)).toString('base64') },
      signers: [{ nationalId: noura.nationalId, placement: '1-40,40,260,120' }],
    };
    // An Organization User's role does not sign for it: nor send on its counters.
    const refused = await h.call('POST', `/api/v1/esign/org/${String(ORGANIZATION)}/envelopes`, {
      token: sessions.mohammed.token,
      headers: { 'idempotency-key': randomUUID() },
      body,
    });
    expect(refused.status).toBe(403);
    const sent = await h.call('POST', `/api/v1/esign/org/${String(ORGANIZATION)}/envelopes`, {
      token: sessions.sara.token,
      headers: { 'idempotency-key': randomUUID() },
      body,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = String(sent.body.envelopeID);
    await signAsked('noura', noura.nationalId, id);
    expect(await orgUsed()).toBe(before.organization + 1);
    expect(await used(sara.userSlno)).toBe(before.sara);
    // Noura signed as herself: the transaction is no organization's, its counters paid.
    const { rows } = await h.pool.query(
      `SELECT t.org_slno, t.payer_org_slno, t.payer_user_slno FROM esign_transactions t
         JOIN envelope_signers s ON s.transaction_id = t.transaction_id
         JOIN envelopes e USING (envelope_slno) WHERE e.envelope_id = $1`,
      [id],
    );
    expect(rows).toEqual([{ org_slno: null, payer_org_slno: ORGANIZATION, payer_user_slno: null }]);
  });

  it('is not there for anyone it does not name', async () => {
    const sent = await send([{ nationalId: mohammed.nationalId, placement: '1-40,40,260,120' }]);
    const id = String(sent.body.envelopeID);
    for (const path of [`/api/v1/esign/envelopes/${id}`, `/api/v1/esign/envelopes/${id}/document`])
      expect((await h.call('GET', path, { token: sessions.noura.token })).status).toBe(404);
    const decline = await h.call('POST', `/api/v1/esign/envelopes/${id}/decline`, {
      token: sessions.noura.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { reason: 'no' },
    });
    expect(decline.status).toBe(404);
    const mine = await h.call('GET', '/api/v1/esign/envelopes', { token: sessions.noura.token });
    expect(mine.body.dataList.map((one: { envelopeID: string }) => one.envelopeID)).not.toContain(
      id,
    );
  });
});
