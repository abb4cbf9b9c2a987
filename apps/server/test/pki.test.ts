/**
 * The certificate authority (issue 18), proved with OpenSSL: the chain verifies, every issued
 * certificate verifies against it with the document-signer profile, the OCSP responder answers
 * good then revoked, the CRL parses and lists the revoked serial, 1,000 serials are unique,
 * positive and random, and weak or forged requests are refused.
 */
import { webcrypto } from 'node:crypto';
import * as x509 from '../src/modules/pki/x509.js';
import { describe, expect, it } from 'vitest';
import { inTransaction } from '../src/db/pool.js';
import { openVault } from '../src/adapters/hsm/pkcs11.js';
import { ensureSoftHsmToken, findSoftHsm } from '../src/adapters/hsm/softHsm.js';
import { checkCsr } from '../src/modules/pki/csr.js';
import { CERTIFICATE_POLICIES, OID } from '../src/modules/pki/profiles.js';
import { certificatePem, chainPem } from '../src/modules/pki/routes.js';
import { opensslKit } from './openssl.js';
import { startHarness } from './harness.js';
import { freshPerson } from './world.js';

const h = await startHarness();
/** The subscriber the certificates name: a person of this test's own. */
const subscriber = await freshPerson(h);
// OpenSSL checks times against the real clock.
h.clock.now = new Date();
const { file, openssl, ocsp, issuingFile } = opensslKit(h, 'tawqi-pki');

const RSA = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
} as const;
const P256 = { name: 'ECDSA', namedCurve: 'P-256' } as const;
/** No Debian weak-key list (weakKeys.test.ts has one). */
const NO_LIST = { debianWeakKeys: new Set<string>() };

async function csrPem(
  algorithm: 'rsa2048' | 'rsa1024' | 'p256' | 'p384',
  name = 'CN=Someone',
): Promise<string> {
  const params =
    algorithm === 'p256'
      ? P256
      : algorithm === 'p384'
        ? { name: 'ECDSA', namedCurve: 'P-384' }
        : { ...RSA, modulusLength: algorithm === 'rsa1024' ? 1024 : 2048 };
  const keys = await webcrypto.subtle.generateKey(params, false, ['sign', 'verify']);
  const request = await x509.Pkcs10CertificateRequestGenerator.create({
    name,
    keys,
    signingAlgorithm: algorithm.startsWith('p') ? { name: 'ECDSA', hash: 'SHA-256' } : RSA,
  });
  return request.toString('pem');
}

async function issue(csr: string, organization?: { name: string; crNumber: string }) {
  const checked = await checkCsr(csr, NO_LIST);
  if (typeof checked === 'string') throw new Error(checked);
  const person = subscriber;
  return inTransaction(h.pool, (tx) =>
    h.deps.authority.issue(tx, {
      publicKey: checked.request.publicKey,
      name: {
        nameEnglish: 'Sara Al-Qahtani',
        nationalId: person.nationalId,
        ...(organization ? { organization } : {}),
      },
      level: organization ? 'organizationSignatory' : 'identityApp',
      months: 12,
      userSlno: person.userSlno,
      orgSlno: null,
      class: organization ? 'organization' : 'individual',
    }),
  );
}

const rootFile = file('root.pem', certificatePem(h.deps.authority.root.rawData));

describe('the certificate authority', () => {
  it('is made on first start: a self-signed root and an issuing CA under it, served publicly', async () => {
    expect(await openssl('verify', '-CAfile', rootFile, issuingFile)).toContain(': OK');
    const root = await fetch(`${h.baseUrl}/pki/root.crt`);
    expect(root.headers.get('content-type')).toBe('application/pkix-cert');
    expect(Buffer.from(await root.arrayBuffer())).toEqual(
      Buffer.from(h.deps.authority.root.rawData),
    );
    const chain = await (await fetch(`${h.baseUrl}/pki/chain.pem`)).text();
    expect(chain).toBe(chainPem(h.deps.authority));
    const issuing = await openssl('x509', '-in', issuingFile, '-noout', '-text');
    expect(issuing).toMatch(/CA:TRUE, pathlen:0/);
    expect(issuing).toMatch(/Demo Document Signing CA G1/);
  });

  it('is the same authority after a restart (its keys found in the module by label)', async () => {
    const { loadAuthority } = await import('../src/modules/pki/authority.js');
    const again = await loadAuthority({
      pool: h.pool,
      config: h.deps.config,
      vault: h.deps.vault,
      audit: h.deps.audit,
      clock: () => h.clock.now,
    });
    expect(again.root.serialNumber).toBe(h.deps.authority.root.serialNumber);
    expect(again.issuing.serialNumber).toBe(h.deps.authority.issuing.serialNumber);
    // Another token (HSM_TOKEN naming the wrong one) has none of its keys: said, not signed with.
    ensureSoftHsmToken(findSoftHsm(), 'another', 'another-pin');
    const another = openVault({ module: findSoftHsm(), token: 'another', pin: 'another-pin' });
    await expect(
      loadAuthority({
        pool: h.pool,
        config: h.deps.config,
        vault: another,
        audit: h.deps.audit,
        clock: () => h.clock.now,
      }),
    ).rejects.toThrow(/issuing key "issuing-[0-9a-f-]+" is not in SoftHSM .*token "another"/);
    another.close();
  });

  it('issues document-signer certificates that verify against the chain (RSA and P-256)', async () => {
    for (const algorithm of ['rsa2048', 'p256'] as const) {
      const certificate = await issue(await csrPem(algorithm));
      const leaf = file(`leaf-${algorithm}.pem`, certificate.toString('pem'));
      expect(
        await openssl(
          'verify',
          '-CAfile',
          rootFile,
          '-untrusted',
          issuingFile,
          '-purpose',
          'any',
          leaf,
        ),
      ).toContain(': OK');
      const text = await openssl('x509', '-in', leaf, '-noout', '-text');
      // Non-repudiation alone (ETSI EN 319 412-2 §4.3.2 type A): no mixed key usage.
      expect(text).toMatch(/Key Usage: critical\s+Non Repudiation\n/);
      expect(text).toMatch(/Basic Constraints: critical\s+CA:FALSE/);
      for (const purpose of [
        OID.documentSigning,
        OID.microsoftDocumentSigning,
        OID.adobeAuthenticDocuments,
      ])
        expect(text).toContain(purpose);
      expect(text).toContain(CERTIFICATE_POLICIES.identityApp);
      expect(text).toMatch(/OCSP - URI:http.*\/pki\/ocsp/);
      expect(text).toMatch(/CA Issuers - URI:http.*\/pki\/issuing\.crt/);
      expect(text).toMatch(/URI:http.*\/pki\/issuing\.crl/);
      expect(text).toMatch(/Subject Key Identifier/);
      expect(text).toMatch(/Authority Key Identifier/);
      const subject = await openssl(
        'x509',
        '-in',
        leaf,
        '-noout',
        '-subject',
        '-nameopt',
        'RFC2253',
      );
      // The national id with its ETSI semantics identifier, the names as the profile has them.
      expect(subject).toMatch(
        /CN=Sara Al-Qahtani,SN=Al-Qahtani,GN=Sara,serialNumber=PNOSA-\d{10},C=SA/,
      );
    }
  });

  it('names an organization signatory’s organization and CR number', async () => {
    const certificate = await issue(await csrPem('p256'), {
      name: 'مؤسسة الواحة',
      crNumber: '1010123456',
    });
    const leaf = file('leaf-org.pem', certificate.toString('pem'));
    const subject = await openssl(
      'x509',
      '-in',
      leaf,
      '-noout',
      '-subject',
      '-nameopt',
      'RFC2253,-esc_msb',
    );
    expect(subject).toContain('O=مؤسسة الواحة');
    expect(subject).toContain('organizationIdentifier=NTRSA-1010123456');
    expect(await openssl('x509', '-in', leaf, '-noout', '-text')).toContain(
      CERTIFICATE_POLICIES.organizationSignatory,
    );
  });

  it('answers OCSP good, then revoked; the CRL lists the revoked serial', async () => {
    const certificate = await issue(await csrPem('p256'));
    const leaf = file('leaf-ocsp.pem', certificate.toString('pem'));
    const ask = () => ocsp(leaf, '-resp_text');
    const good = await ask();
    expect(good).toMatch(/Response verify OK/);
    expect(good).toMatch(/leaf-ocsp\.pem: good/);
    expect(good).toMatch(/Response Type: Basic OCSP Response/);
    expect(good).toMatch(/OCSP Nonce/);

    const serial = certificate.serialNumber.toUpperCase();
    await inTransaction(h.pool, (tx) =>
      h.deps.authority.revoke(tx, serial, x509.X509CrlReason.keyCompromise),
    );
    const revoked = await ask();
    expect(revoked).toMatch(/leaf-ocsp\.pem: revoked/);
    expect(revoked).toMatch(/Reason: keyCompromise/);

    const crlResponse = await fetch(`${h.baseUrl}/pki/issuing.crl`);
    expect(crlResponse.headers.get('content-type')).toBe('application/pkix-crl');
    const crl = file('issuing.crl', Buffer.from(await crlResponse.arrayBuffer()));
    const crlText = await openssl(
      'crl',
      '-inform',
      'DER',
      '-in',
      crl,
      '-noout',
      '-text',
      '-CAfile',
      issuingFile,
    );
    expect(crlText).toContain(`Serial Number: ${serial}`);
    expect(crlText).toMatch(/X509v3 CRL Number/);
    expect(crlText).toMatch(/Key Compromise/);
    const crlPem = file('issuing-crl.pem', await openssl('crl', '-inform', 'DER', '-in', crl));
    await expect(
      openssl(
        'verify',
        '-crl_check',
        '-CAfile',
        rootFile,
        '-untrusted',
        issuingFile,
        '-CRLfile',
        crlPem,
        leaf,
      ),
    ).rejects.toThrow(/certificate revoked/);
  });

  it('answers unknown for a serial it never issued, and malformed for garbage', async () => {
    // A certificate in our issuing CA's name that it never signed: its serial is not ours.
    const keys = await webcrypto.subtle.generateKey(P256, false, ['sign', 'verify']);
    const stranger = await x509.X509CertificateGenerator.create({
      subject: 'CN=Stranger',
      issuer: h.deps.authority.issuing.subjectName,
      publicKey: keys.publicKey,
      signingKey: keys.privateKey,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-256' },
    });
    const strangerFile = file('stranger.pem', stranger.toString('pem'));
    const answer = await ocsp(strangerFile);
    expect(answer).toMatch(/stranger\.pem: unknown/);
    const garbage = await fetch(`${h.baseUrl}/pki/ocsp`, {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request' },
      body: 'not a request',
    });
    expect(garbage.status).toBe(200);
    // OCSPResponse { responseStatus malformedRequest (1) }
    expect(Buffer.from(await garbage.arrayBuffer()).toString('hex')).toBe('30030a0101');
  });

  it('gives 1,000 certificates unique, positive serials of 126 random bits', async () => {
    const person = subscriber;
    const serials = new Set<string>();
    await inTransaction(h.pool, async (tx) => {
      for (let index = 0; index < 1000; index += 1) {
        const keys = await webcrypto.subtle.generateKey(P256, true, ['sign', 'verify']);
        const certificate = await h.deps.authority.issue(tx, {
          publicKey: await x509.PublicKey.create(keys.publicKey),
          name: { nameEnglish: 'Serial Test', nationalId: person.nationalId },
          level: 'identityApp',
          months: 1,
          userSlno: person.userSlno,
          orgSlno: null,
          class: 'individual',
        });
        serials.add(certificate.serialNumber.toUpperCase());
      }
    });
    expect(serials.size).toBe(1000);
    const firstBytes = new Set<number>();
    for (const serial of serials) {
      expect(serial).toMatch(/^[4-7][0-9A-F]{31}$/);
      firstBytes.add(Number.parseInt(serial.slice(0, 2), 16));
    }
    // Spread over the whole first byte's range, not counted up.
    expect(firstBytes.size).toBeGreaterThan(50);
    // 1,000 keys made and certified: about 6 s alone, 20 s and more on a CI machine that runs the
    // browser tests beside it.
  }, 120_000);

  it('refuses a request with a weak key, a weak hash or a forged self-signature', async () => {
    expect(await checkCsr(await csrPem('rsa1024'), NO_LIST)).toBe('weakKey');
    expect(await checkCsr(await csrPem('p384'), NO_LIST)).toBe('weakKey');
    expect(await checkCsr('not a request', NO_LIST)).toBe('unreadable');
    // Another subject put in after signing: the signature no longer matches.
    const good = new x509.Pkcs10CertificateRequest(await csrPem('p256', 'CN=Abc'));
    const der = Buffer.from(good.rawData);
    const at = der.indexOf(Buffer.from('Abc'));
    der.write('Xyz', at);
    expect(await checkCsr(der.toString('base64'), NO_LIST)).toBe('badSignature');
    const checked = await checkCsr(await csrPem('rsa2048'), NO_LIST);
    expect(checked).toMatchObject({ keyAlgorithm: 'RSA-2048' });
  });
});
