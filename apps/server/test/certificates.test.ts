/**
 * A person's digital signature certificate (issue 18) through the API: bought and paid at the
 * gateway, a key made outside the server sent as a PKCS#10 request (weak, forged and reused keys
 * refused), the subscriber agreement accepted, confirmed in the identity app, issued — verified by
 * openssl against the chain — listed with SPEC §3's fields, and revoked after a second
 * confirmation, which OCSP then reports.
 */
import { execFile } from 'node:child_process';
import { randomUUID, webcrypto } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { SUBSCRIBER_AGREEMENT_VERSION } from '@tawqi/domain';
import { beforeEach, describe, expect, it } from 'vitest';
import { certificatePem, chainPem } from '../src/modules/pki/routes.js';
import * as x509 from '../src/modules/pki/x509.js';
import { NOURA, SARA, startHarness } from './harness.js';

const h = await startHarness();
// OpenSSL checks times against the real clock.
h.clock.now = new Date();

beforeEach(async () => {
  await h.pool.query('DELETE FROM rate_limit_hits');
});

const noura = (await h.signIn(NOURA)).token;
const sara = (await h.signIn(SARA)).token;
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
  const payment = h.gatewaySimulator.get(id);
  if (!payment) throw new Error('no payment at the gateway');
  payment.status = 'paid';
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
  h.simulator.answer(started.body.transId, 'approve');
  return me.post(`/api/v1/dsc/my/requests/${reference}/confirm/verify`, {
    transId: started.body.transId,
  });
}

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tawqi-dsc-'));
const file = (name: string, content: string) => {
  const path = join(dir, name);
  writeFileSync(path, content);
  return path;
};

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
      keyUsage: ['digitalSignature', 'nonRepudiation'],
      status: 'valid',
      statusLabel: 'Valid',
      class: 'individual',
      serialNumberDecimal: BigInt(`0x${serial}`).toString(10),
      revokedAt: null,
    });
    const leaf = file('leaf.pem', certificatePem(Buffer.from(held.der, 'base64')));
    const root = file('root.pem', certificatePem(h.deps.authority.root.rawData));
    const issuing = file('issuing.pem', certificatePem(h.deps.authority.issuing.rawData));
    const verified = await run('openssl', ['verify', '-CAfile', root, '-untrusted', issuing, leaf]);
    expect(verified.stdout).toContain(': OK');
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
    h.simulator.answer(started.body.transId, 'approve');
    const revoked = await me.post(`/api/v1/dsc/my/certificates/${serial}/revoke/verify`, {
      transId: started.body.transId,
      reason: 'keyCompromise',
    });
    expect(revoked.body).toMatchObject({ status: '1', revokedAt: expect.any(String) });
    const held = (await me.get('/api/v1/dsc/my/certificates', 'ar')).body.dataList.find(
      (row: { serialNumberHex: string }) => row.serialNumberHex === serial,
    );
    expect(held).toMatchObject({ status: 'revoked', statusLabel: 'ملغى' });

    const leaf = file(`revoked-${serial}.pem`, certificatePem(Buffer.from(held.der, 'base64')));
    const issuing = file('issuing2.pem', certificatePem(h.deps.authority.issuing.rawData));
    const chain = file('chain.pem', chainPem(h.deps.authority));
    const { stdout } = await run('openssl', [
      'ocsp',
      '-issuer',
      issuing,
      '-cert',
      leaf,
      '-url',
      `${h.baseUrl}/pki/ocsp`,
      '-CAfile',
      chain,
    ]);
    expect(stdout).toMatch(/: revoked/);
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
    expect(repository.body.policies).toHaveLength(3);
  });
});
