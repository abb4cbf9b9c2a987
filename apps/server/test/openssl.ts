/**
 * openssl (and poppler's pdfsig) as a relying party runs them, for the certificate authority's and
 * the eSign service's tests: files in a folder of
 * the test's own, a command's output (its error output too, where openssl says "verify OK"), and
 * the OCSP status of a certificate asked of the test's server against our chain.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { certificatePem, chainPem } from '../src/modules/pki/routes.js';
import type { Harness } from './harness.js';

// Asynchronous: the server answering OCSP runs in the test's process.
const run = promisify(execFile);

export function opensslKit(h: Pick<Harness, 'baseUrl' | 'deps'>, folder: string) {
  const dir = mkdtempSync(join(tmpdir(), `${folder}-`));
  const file = (name: string, content: string | Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, content);
    return path;
  };
  const openssl = async (...args: string[]) => {
    try {
      const { stdout, stderr } = await run('openssl', args, { encoding: 'utf8' });
      return stdout + stderr;
    } catch (error) {
      const failed = error as { stdout?: string; stderr?: string };
      throw new Error(
        `openssl ${args[0] ?? ''} failed: ${failed.stdout ?? ''}${failed.stderr ?? ''}`,
        { cause: error },
      );
    }
  };
  const issuingFile = file('issuing.pem', certificatePem(h.deps.authority.issuing.rawData));
  const chainFile = file('chain.pem', chainPem(h.deps.authority));
  /** What our responder says of the certificate in `leaf` (a PEM file), checked against our chain. */
  const ocsp = (leaf: string, ...more: string[]) =>
    openssl(
      'ocsp',
      '-issuer',
      issuingFile,
      '-cert',
      leaf,
      '-url',
      `${h.baseUrl}/pki/ocsp`,
      '-CAfile',
      chainFile,
      ...more,
    );
  /** `openssl cms -verify` of a detached signature (DER) over a document, against our chain. */
  const verifyCms = (signature: string, content: string) =>
    // Our document signers are not e-mail signers: any purpose, checked against our chain.
    openssl(
      'cms',
      '-verify',
      '-binary',
      '-inform',
      'DER',
      '-in',
      signature,
      '-content',
      content,
      '-CAfile',
      chainFile,
      '-purpose',
      'any',
      '-out',
      file('verified.bin', ''),
    );
  /**
   * A detached CMS signature as issue 19 asks every one to be: `openssl cms -verify` accepts it
   * for its content against our chain, it carries ESS signing-certificate-v2, and its timestamp
   * token passes `openssl ts -verify` for the signature value's SHA-256.
   */
  const checkSignature = async (signature: Buffer, content: Buffer, name: string) => {
    const signatureFile = file(`${name}.p7s`, signature);
    const verified = await verifyCms(signatureFile, file(`${name}.content`, content)).then(
      (output) => output.includes('Verification successful'),
      () => false,
    );
    const printed = await openssl(
      'cms',
      '-cmsout',
      '-inform',
      'DER',
      '-in',
      signatureFile,
      '-print',
    );
    const info = pkijs.ContentInfo.fromBER(new Uint8Array(signature));
    const signerInfo = new pkijs.SignedData({ schema: info.content }).signerInfos[0];
    const stamp = signerInfo?.unsignedAttrs?.attributes.find(
      (one) => one.type === '1.2.840.113549.1.9.16.2.14',
    )?.values[0] as asn1js.Sequence | undefined;
    const stamped =
      !!signerInfo &&
      !!stamp &&
      (
        await openssl(
          'ts',
          '-verify',
          '-digest',
          createHash('sha256').update(signerInfo.signature.valueBlock.valueHexView).digest('hex'),
          '-in',
          file(`${name}.tsr`, Buffer.from(stamp.toBER(false))),
          '-token_in',
          '-CAfile',
          chainFile,
        )
      ).includes('Verification: OK');
    const [bc] = await bouncyCastle('cms', signatureFile, file(`${name}.content`, content));
    return {
      verified,
      signingCertificateV2: /signingCertificateV2|1\.2\.840\.113549\.1\.9\.16\.2\.47/.test(printed),
      timestampVerified: stamped,
      bouncyCastle: {
        der: bc?.der,
        verified: bc?.verified,
        signingCertificateV2: bc?.signingCertificateV2,
        timestamp: bc?.timestamp,
      },
    };
  };
  return { file, openssl, ocsp, verifyCms, checkSignature, issuingFile, chainFile };
}

/** What every relying party's check of a signature says when it accepts it (`checkSignature`). */
export const ACCEPTED_EVERYWHERE = {
  verified: true,
  signingCertificateV2: true,
  timestampVerified: true,
  bouncyCastle: { der: true, verified: true, signingCertificateV2: true, timestamp: 'verified' },
} as const;

const BOUNCY_CASTLE = fileURLToPath(new URL('relying-party/Bc.java', import.meta.url));
/** Debian's BouncyCastle (libbcprov-java, libbcpkix-java and the bcutil they need). */
const BOUNCY_CASTLE_CLASSPATH = ['bcprov', 'bcpkix', 'bcutil']
  .map((jar) => `/usr/share/java/${jar}.jar`)
  .join(':');

export interface BouncyCastleReport {
  file: string;
  der: boolean;
  error?: string;
  signer?: string;
  verified?: boolean;
  signingCertificateV2?: boolean;
  timestamp?: string;
  timestampTime?: string;
}

/** Bc.java compiled once per test process (the source launcher compiled it on every call). */
let compiled: Promise<string> | undefined;
function bouncyCastleClasses(): Promise<string> {
  compiled ??= (async () => {
    const classes = mkdtempSync(join(tmpdir(), 'tawqi-bc-'));
    await run('javac', ['-cp', BOUNCY_CASTLE_CLASSPATH, '-d', classes, BOUNCY_CASTLE]);
    return classes;
  })();
  return compiled;
}

/**
 * BouncyCastle as a relying party (relying-party/Bc.java): `der` files, or `cms` pairs of a
 * detached signature and its content; one report per file or pair.
 */
export async function bouncyCastle(
  command: 'der' | 'cms',
  ...files: string[]
): Promise<BouncyCastleReport[]> {
  const classes = await bouncyCastleClasses();
  const { stdout } = await run(
    'java',
    ['-cp', `${classes}:${BOUNCY_CASTLE_CLASSPATH}`, 'Bc', command, ...files],
    { encoding: 'utf8' },
  );
  return stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as BouncyCastleReport);
}

/**
 * An NSS database (what pdfsig, Evince and Okular read) trusting `rootPem` alone, as a relying
 * party that installed our root has it (NSS's certutil, Debian's libnss3-tools).
 */
export async function nssTrusting(rootPem: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'tawqi-nss-'));
  const root = join(dir, 'root.pem');
  writeFileSync(root, rootPem);
  await run('certutil', ['-N', '-d', `sql:${dir}`, '--empty-password']);
  await run('certutil', ['-A', '-d', `sql:${dir}`, '-n', 'Tawqi root', '-t', 'C,C,C', '-i', root]);
  return `sql:${dir}`;
}

/**
 * What poppler's pdfsig says of a PDF's signatures (its report, whatever its exit code); with an
 * NSS database, whether it trusts them. Never online: the test server's certificates name an
 * origin with port 0 (revocation is checked through the file's own DSS instead).
 */
export async function pdfsig(path: string, nssDir?: string): Promise<string> {
  try {
    const { stdout, stderr } = await run(
      'pdfsig',
      [...(nssDir ? ['-nssdir', nssDir, '-no-ocsp'] : []), path],
      { encoding: 'utf8' },
    );
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}
