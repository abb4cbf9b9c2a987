/**
 * Signing one's own PDFs in the portal (issue 44): a person who bought a plan could sign only
 * through an application that integrates the API. Now the portal sends the same request for them
 * (its own application, one signing path): each PDF with its stamp's place, approved in the
 * identity app, counted once, listed in my transactions, downloaded one by one or as a zip; an
 * organization's member whose role may sign does the same on its counters.
 */
import { PDF, PdfDict, PdfName, PdfString, type PdfNumber, type PdfRef } from '@libpdf/core';
import { unzipSync } from 'fflate';
import { SignJWT, generateKeyPair } from 'jose';
import { createHash, randomUUID } from 'node:crypto';
import { beforeEach, describe, expect, it } from 'vitest';
import { findSignatures } from '../src/modules/pki/pdfSignatures.js';
import { esignKit } from './esignKit.js';
import { startHarness } from './harness.js';
import { freshOrganization, freshPerson, individualPlan, type FreshPerson } from './world.js';

const h = await startHarness();
h.clock.now = new Date();
const { pdfOf } = esignKit(h);
const world = await freshOrganization(h, {
  members: [['enrolmentAdmin', 'authorizedSignatory'], ['organizationUser']],
});
const [sara, mohammed] = world.members as [FreshPerson, FreshPerson];
const ORGANIZATION = world.orgSlno;
await individualPlan(h, sara, 100);
const saraSession = await h.signIn(sara.nationalId);

beforeEach(async () => {
  await h.ownerPool.query(
    "DELETE FROM rate_limit_hits WHERE bucket LIKE 'nafath:%' OR bucket LIKE 'esign-ask%'",
  );
});

const pdfDocument = async (name: string, pages: number, placement?: string) => ({
  kind: 'pdf' as const,
  name,
  content: (await pdfOf(pages)).toString('base64'),
  ...(placement ? { stamp: { placement } } : {}),
});

/** The counters a payer has used (a person's plans, or an organization's lots). */
async function used(payer: { userSlno: number } | { orgSlno: number }): Promise<number> {
  const { rows } = await h.pool.query<{ used: number }>(
    'userSlno' in payer
      ? 'SELECT coalesce(sum(utilized), 0)::int AS used FROM purchased_plans WHERE user_slno = $1 AND org_slno IS NULL'
      : 'SELECT coalesce(sum(utilized), 0)::int AS used FROM purchased_plans WHERE org_slno = $1',
    ['userSlno' in payer ? payer.userSlno : payer.orgSlno],
  );
  return rows[0]?.used ?? 0;
}

/** The person approves on their phone; the approval page follows until the transaction ends. */
async function approveOnPhone(nationalId: string, approvalPath: string) {
  const token = new URL(approvalPath, h.baseUrl).searchParams.get('request') ?? '';
  const [waiting] = await h.simulator.pending(nationalId);
  if (!waiting) throw new Error('the signer was not asked');
  await h.simulator.answer(waiting.transId, 'approve');
  for (;;) {
    h.clock.now = new Date();
    const page = await h.call('GET', `/api/v1/esign/approval/${token}`);
    if (page.body.status !== 'pending') return page.body;
    // The identity app is asked at most once a second per transaction.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Where the PDF's signature widget is drawn: its page (from 1) and rectangle. */
async function widgetOf(signed: Uint8Array) {
  const pdf = await PDF.load(signed);
  const resolve = (ref: PdfRef) => pdf.getObject(ref);
  const fields =
    pdf.getCatalog().getDict('AcroForm', resolve)?.getArray('Fields', resolve)?.toArray() ?? [];
  for (const item of fields) {
    const field = resolve(item as PdfRef) as PdfDict | null;
    const rect = field
      ?.getArray('Rect', resolve)
      ?.toArray()
      .map((value) => (value as PdfNumber).value);
    const pageRef = field?.get('P') as PdfRef | undefined;
    if (!rect || !pageRef) continue;
    const pages = pdf.getPages();
    return {
      page: pages.findIndex((page) => page.ref.objectNumber === pageRef.objectNumber) + 1,
      rect,
    };
  }
  return null;
}

describe('signing my own PDFs in the portal', () => {
  it('puts them to me, signs each with its stamp where I placed it, counts once, and zips them', async () => {
    const before = await used(sara);
    const body = {
      consent: true,
      documents: [
        await pdfDocument('lease.pdf', 3, '2-100,200,320,280'),
        await pdfDocument('annex.pdf', 1),
      ],
    };
    const key = { 'idempotency-key': randomUUID() };
    const asked = await h.call('POST', '/api/v1/esign/my/sign', {
      token: saraSession.token,
      body,
      headers: key,
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect(asked.body.approvalPath).toMatch(/^\/esign\/approve\?request=[A-Za-z0-9_-]{32}$/);
    // Sent again (a retry): the same transaction, nobody asked twice.
    const again = await h.call('POST', '/api/v1/esign/my/sign', {
      token: saraSession.token,
      body,
      headers: key,
    });
    expect(again.body).toEqual(asked.body);
    expect(await h.simulator.pending(sara.nationalId)).toHaveLength(1);

    const page = await h.call(
      'GET',
      `/api/v1/esign/approval/${asked.body.approvalPath.split('=')[1]}`,
      {
        language: 'ar',
      },
    );
    expect(page.body).toMatchObject({
      application: 'بوابة توقيع',
      documents: ['lease.pdf', 'annex.pdf'],
    });
    const done = await approveOnPhone(sara.nationalId, asked.body.approvalPath);
    expect(done.status).toBe('success');
    // Back to the spec's return page, which reads our transaction id.
    const back = new URL(done.returnUrl);
    expect(back.pathname).toBe('/app/my/esign/transaction/return/external');
    expect(back.searchParams.get('transactionID')).toBe(asked.body.transactionID);
    expect(await used(sara)).toBe(before + 1);

    // In my transactions, each document downloadable, and all of them in one zip.
    const mine = await h.call('POST', '/api/v1/esign/my/documents', {
      token: saraSession.token,
      body: { transactionID: asked.body.transactionID },
    });
    expect(mine.body.dataList.map((d: { documentName: string }) => d.documentName)).toEqual([
      'lease.pdf',
      'annex.pdf',
    ]);
    const zip = await h.call(
      'GET',
      `/api/v1/esign/my/transactions/${String(asked.body.transactionID)}/signed`,
      { token: saraSession.token },
    );
    expect(zip.status).toBe(200);
    expect(zip.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(zip.raw));
    expect(Object.keys(files)).toEqual(['lease-signed.pdf', 'annex-signed.pdf']);
    for (const [index, document] of (mine.body.dataList as { uniqueFileID: string }[]).entries()) {
      const one = await h.call(
        'GET',
        `/api/v1/esign/my/documents/${document.uniqueFileID}/signed`,
        {
          token: saraSession.token,
        },
      );
      const zipped = Object.values(files)[index] ?? new Uint8Array();
      expect(Buffer.from(zipped).equals(one.raw)).toBe(true);
      expect(findSignatures(one.raw)).toHaveLength(1);
    }
    // Each PDF's stamp where it was placed: the lease's on its second page, the annex's default.
    expect(await widgetOf(files['lease-signed.pdf'] ?? new Uint8Array())).toEqual({
      page: 2,
      rect: [100, 200, 320, 280],
    });
    expect((await widgetOf(files['annex-signed.pdf'] ?? new Uint8Array()))?.page).toBe(1);

    // The stamp's QR code leads anyone to what the transaction signed: the signed files' digests.
    const named = await h.call(
      'GET',
      `/api/v1/esign/verify/transactions/${String(asked.body.transactionID)}`,
      { language: 'ar' },
    );
    expect(named.status).toBe(200);
    expect(named.body).toMatchObject({
      transactionID: asked.body.transactionID,
      nationalId: `******${sara.nationalId.slice(-4)}`,
      organization: null,
    });
    expect(named.body.signerName).toMatch(/[\u0600-\u06FF]/);
    expect(named.body.documents).toEqual(
      Object.entries(files).map(([name, bytes]) => ({
        name: name.replace('-signed', ''),
        kind: 'pdf',
        sha256: createHash('sha256').update(bytes).digest('hex'),
      })),
    );

    // Nobody else downloads them.
    const mohammedSession = await h.signIn(mohammed.nationalId);
    const theirs = await h.call(
      'GET',
      `/api/v1/esign/my/transactions/${String(asked.body.transactionID)}/signed`,
      { token: mohammedSession.token },
    );
    expect(theirs.status).toBe(404);
  }, 180_000);

  it('names no transaction on the verify page that is not signed, or not there', async () => {
    const asked = await h.call('POST', '/api/v1/esign/my/sign', {
      token: saraSession.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true, documents: [await pdfDocument('waiting.pdf', 1)] },
    });
    expect(asked.status).toBe(200);
    for (const id of [asked.body.transactionID, 'ES-0000000000000000'])
      expect((await h.call('GET', `/api/v1/esign/verify/transactions/${String(id)}`)).status).toBe(
        404,
      );
    // Declined, so the tests after this one find Sara asked for nothing.
    const [waiting] = await h.simulator.pending(sara.nationalId);
    await h.simulator.answer(waiting?.transId ?? '', 'reject');
  });

  it('signs with a certificate that starts no later than the timestamp proving it, however slow the signing', async () => {
    const asked = await h.call('POST', '/api/v1/esign/my/sign', {
      token: saraSession.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true, documents: [await pdfDocument('slow.pdf', 1)] },
    });
    expect(asked.status).toBe(200);
    const [waiting] = await h.simulator.pending(sara.nationalId);
    await h.simulator.answer(waiting?.transId ?? '', 'approve');
    const token = new URL(String(asked.body.approvalPath), h.baseUrl).searchParams.get('request');
    // A loaded machine: every reading of the clock a second after the one before, so the signing
    // moment and the certificate's issue fall in different seconds (CI met it once in many runs).
    const steady = Object.getOwnPropertyDescriptor(h.clock, 'now');
    let reading = Date.now() + 5_000;
    Object.defineProperty(h.clock, 'now', {
      configurable: true,
      get: () => new Date((reading += 1_000)),
      set: () => undefined,
    });
    try {
      const page = await h.call('GET', `/api/v1/esign/approval/${String(token)}`);
      expect(page.body.status).toBe('success');
    } finally {
      if (steady) Object.defineProperty(h.clock, 'now', steady);
    }
    h.clock.now = new Date(reading + 1_000);
    const mine = await h.call('POST', '/api/v1/esign/my/documents', {
      token: saraSession.token,
      body: { transactionID: asked.body.transactionID },
    });
    const signed = await h.call(
      'GET',
      `/api/v1/esign/my/documents/${String(mine.body.dataList[0].uniqueFileID)}/signed`,
      { token: saraSession.token },
    );
    const read = await h.call('POST', '/api/v1/esign/verify', {
      body: new Uint8Array(signed.raw),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(read.body.signatures).toEqual([expect.objectContaining({ verdict: 'valid' })]);
    h.clock.now = new Date();
  });

  /** Sara asks to sign, in Arabic, and is refused: the answer; nothing was stored or asked. */
  async function refusedInArabic(documents: unknown[]) {
    const before = await h.pool.query('SELECT count(*)::int AS n FROM esign_transactions');
    const refused = await h.call('POST', '/api/v1/esign/my/sign', {
      token: saraSession.token,
      headers: { 'idempotency-key': randomUUID() },
      language: 'ar',
      body: { consent: true, documents },
    });
    expect(refused.status).toBe(422);
    const after = await h.pool.query('SELECT count(*)::int AS n FROM esign_transactions');
    expect(after.rows).toEqual(before.rows);
    expect(await h.simulator.pending(sara.nationalId)).toHaveLength(0);
    return refused;
  }

  it('refuses a stamp placed on a page the PDF lacks, in my language, and keeps nothing', async () => {
    const refused = await refusedInArabic([await pdfDocument('one.pdf', 1, '9-100,100,300,200')]);
    expect(refused.body).toMatchObject({
      detail: 'E1011',
      message: expect.stringMatching(/موضع التوقيع/),
    });
    expect(refused.body.fieldErrors).toEqual([
      { path: 'documents.0', message: expect.stringMatching(/موضع التوقيع/) },
    ]);
  });

  it('refuses a PDF that runs JavaScript when opened, saying what to remove, and keeps nothing', async () => {
    const scripted = await PDF.load(await pdfOf(1));
    scripted
      .getCatalog()
      .set(
        'OpenAction',
        PdfDict.of({ S: PdfName.of('JavaScript'), JS: PdfString.fromString('app.alert(1)') }),
      );
    const refused = await refusedInArabic([
      {
        kind: 'pdf',
        name: 'scripted.pdf',
        content: Buffer.from(await scripted.save()).toString('base64'),
      },
    ]);
    expect(refused.body).toMatchObject({
      detail: 'E1013',
      message: expect.stringMatching(/JavaScript.*اطبعه إلى PDF/),
    });
  });

  it('says my plan has nothing left when it has not (not that I have no account)', async () => {
    const noura = await freshPerson(h, { signatures: 5 });
    await h.ownerPool.query(
      'UPDATE purchased_plans SET utilized = transactions WHERE user_slno = $1 AND org_slno IS NULL',
      [noura.userSlno],
    );
    const session = await h.signIn(noura.nationalId);
    const refused = await h.call('POST', '/api/v1/esign/my/sign', {
      token: session.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true, documents: [await pdfDocument('a.pdf', 1)] },
    });
    expect(refused.status).toBe(409);
    expect(refused.body.detail).toBe('E2001');
  });

  it('reads no document without a session', async () => {
    const refused = await h.call('POST', '/api/v1/esign/my/sign', {
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true, documents: [await pdfDocument('a.pdf', 1)] },
    });
    expect(refused.status).toBe(401);
  });

  it('signs on the organization’s counters for a member whose role signs, and no one else', async () => {
    const before = await used({ orgSlno: ORGANIZATION });
    const asked = await h.call('POST', `/api/v1/esign/org/${String(ORGANIZATION)}/sign`, {
      token: saraSession.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true, documents: [await pdfDocument('po.pdf', 1)] },
    });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
    expect((await approveOnPhone(sara.nationalId, asked.body.approvalPath)).status).toBe('success');
    expect(await used({ orgSlno: ORGANIZATION })).toBe(before + 1);
    const [row] = (
      await h.pool.query<{ org_slno: number | null; originator: string }>(
        'SELECT org_slno, originator FROM esign_transactions WHERE transaction_id = $1',
        [asked.body.transactionID],
      )
    ).rows;
    expect(row).toEqual({ org_slno: ORGANIZATION, originator: 'Tawqi portal' });

    // An Organization User's role does not sign for it.
    const mohammedSession = await h.signIn(mohammed.nationalId);
    const refused = await h.call('POST', `/api/v1/esign/org/${String(ORGANIZATION)}/sign`, {
      token: mohammedSession.token,
      headers: { 'idempotency-key': randomUUID() },
      body: { consent: true, documents: [await pdfDocument('po.pdf', 1)] },
    });
    expect(refused.status).toBe(403);
  }, 120_000);

  it('never lets an application present itself as the portal', async () => {
    const keys = await generateKeyPair('ES256');
    const assertion = await new SignJWT({ jti: randomUUID() })
      .setProtectedHeader({ alg: 'ES256' })
      .setIssuer('tawqi-portal')
      .setSubject('tawqi-portal')
      .setAudience(`${h.deps.config.publicOrigin}/api/esign/v1`)
      .setIssuedAt()
      .setExpirationTime('2m')
      .sign(keys.privateKey);
    const refused = await h.call('GET', '/api/esign/v1/sign-requests/anything', {
      headers: { authorization: `Bearer ${assertion}` },
    });
    expect(refused.status).toBe(401);
  });

  // The applications' numbers are a 4-byte serial: an INSERT … ON CONFLICT on every signing used
  // one each time, and at a million signatures a day they would run out in six years.
  it('asks through the portal’s application without using up the applications’ numbers', async () => {
    const ask = async () =>
      h.call('POST', '/api/v1/esign/my/sign', {
        token: saraSession.token,
        headers: { 'idempotency-key': randomUUID() },
        body: { consent: true, documents: [await pdfDocument('numbers.pdf', 1)] },
      });
    expect((await ask()).status).toBe(200);
    const lastNumber = async () =>
      (
        await h.ownerPool.query<{ last_value: string }>(
          'SELECT last_value FROM esign_applications_app_slno_seq',
        )
      ).rows[0]?.last_value;
    const before = await lastNumber();
    expect((await ask()).status).toBe(200);
    expect(await lastNumber()).toBe(before);
    // Sara says no to both on her phone: the tests after find no request waiting.
    for (const waiting of await h.simulator.pending(sara.nationalId))
      await h.simulator.answer(waiting.transId, 'reject');
  });
});
