/**
 * The browser's certificate keys (src/certificates/keys.ts), checked by OpenSSL as a relying party
 * would: the PKCS#10 request verifies with its own key, and the PKCS#12 file opens with the
 * holder's password (not with another), holding the key that matches the certificate and the chain.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import {
  certificationRequest,
  certifiedKeyFingerprint,
  makeKeyPair,
  pem,
  pkcs12,
  publicKeyFingerprint,
} from '../src/certificates/keys.js';

const run = promisify(execFile);
const dir = mkdtempSync(join(tmpdir(), 'tawqi-keys-'));
const path = (name: string) => join(dir, name);

/** A certificate for the request's key, signed by a throwaway CA that OpenSSL makes. */
async function issueWithOpenssl(csrDer: Uint8Array, name: string) {
  writeFileSync(path(`${name}.csr`), csrDer);
  await run('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:P-256',
    '-nodes',
    '-keyout',
    path('ca.key'),
    '-out',
    path('ca.pem'),
    '-subj',
    '/CN=Test CA',
    '-days',
    '1',
  ]);
  await run('openssl', [
    'x509',
    '-req',
    '-inform',
    'DER',
    '-in',
    path(`${name}.csr`),
    '-CA',
    path('ca.pem'),
    '-CAkey',
    path('ca.key'),
    '-days',
    '1',
    '-outform',
    'DER',
    '-out',
    path(`${name}.der`),
  ]);
  await run('openssl', ['x509', '-in', path('ca.pem'), '-outform', 'DER', '-out', path('ca.der')]);
  return {
    certificate: new Uint8Array(readFileSync(path(`${name}.der`))),
    ca: new Uint8Array(readFileSync(path('ca.der'))),
  };
}

describe('a key made in the browser', () => {
  it.each(['ECDSA-P-256', 'RSA-2048'] as const)(
    'signs a request OpenSSL verifies, and goes with its certificate into a PKCS#12 file (%s)',
    async (algorithm) => {
      const keys = await makeKeyPair(algorithm);
      const csr = await certificationRequest(keys, 'DSC-test');
      writeFileSync(path(`${algorithm}.csr.der`), csr);
      const checked = await run('openssl', [
        'req',
        '-inform',
        'DER',
        '-in',
        path(`${algorithm}.csr.der`),
        '-verify',
        '-noout',
        '-text',
      ]);
      expect(`${checked.stdout}${checked.stderr}`).toMatch(/verify OK/i);
      expect(checked.stdout).toMatch(algorithm === 'RSA-2048' ? /2048 bit/ : /P-256|prime256v1/);
      expect(checked.stdout).toMatch(/sha256/i);

      const { certificate, ca } = await issueWithOpenssl(csr, algorithm);
      // The certificate is recognised as this key's.
      expect(await certifiedKeyFingerprint(certificate)).toBe(
        await publicKeyFingerprint(keys.publicKey),
      );

      const file = await pkcs12({
        privateKey: keys.privateKey,
        certificate,
        chain: [ca],
        password: 'كلمة سر 1',
        friendlyName: 'Sara Al-Qahtani',
      });
      writeFileSync(path(`${algorithm}.p12`), file);
      const opened = await run('openssl', [
        'pkcs12',
        '-in',
        path(`${algorithm}.p12`),
        '-info',
        '-nodes',
        '-passin',
        'pass:كلمة سر 1',
      ]);
      const text = opened.stdout + opened.stderr;
      expect(text).toMatch(/MAC: sha256, Iteration 600000/);
      expect(text).toMatch(/PBES2, PBKDF2, AES-256-CBC, Iteration 600000, PRF hmacWithSHA256/);
      expect(text).toMatch(/PBES2, PBKDF2, AES-256-CBC/);
      expect(text.match(/-----BEGIN CERTIFICATE-----/g)).toHaveLength(2);
      expect(text).toContain('friendlyName: Sara Al-Qahtani');
      // The key in the file is the certificate's.
      writeFileSync(path(`${algorithm}.out.pem`), opened.stdout);
      const keyOut = await run('openssl', ['pkey', '-in', path(`${algorithm}.out.pem`), '-pubout']);
      const certKey = await run('openssl', [
        'x509',
        '-inform',
        'DER',
        '-in',
        path(`${algorithm}.der`),
        '-noout',
        '-pubkey',
      ]);
      expect(keyOut.stdout).toBe(certKey.stdout);

      // Another password does not open it.
      await expect(
        run('openssl', [
          'pkcs12',
          '-in',
          path(`${algorithm}.p12`),
          '-nodes',
          '-passin',
          'pass:wrong',
        ]),
      ).rejects.toThrow();
    },
  );

  it('writes PEM as RFC 7468 does', async () => {
    const { certificate } = await issueWithOpenssl(
      await certificationRequest(await makeKeyPair('ECDSA-P-256'), 'pem'),
      'pem',
    );
    const text = pem('CERTIFICATE', certificate);
    writeFileSync(path('cert.pem'), text);
    const parsed = await run('openssl', ['x509', '-in', path('cert.pem'), '-noout', '-subject']);
    expect(parsed.stdout).toContain('CN');
    expect(text.split('\n').every((line) => line.length <= 64)).toBe(true);
  });
});
