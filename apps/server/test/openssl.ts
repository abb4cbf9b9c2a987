/**
 * openssl as a relying party runs it, for the certificate authority's tests: files in a folder of
 * the test's own, a command's output (its error output too, where openssl says "verify OK"), and
 * the OCSP status of a certificate asked of the test's server against our chain.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
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
  return { file, openssl, ocsp, issuingFile, chainFile };
}
