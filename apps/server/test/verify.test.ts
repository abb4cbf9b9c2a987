/**
 * The public verify page cannot be fooled (issue 35). A timestamp counts only when our
 * time-stamping authority made it (its certificate's one critical purpose timeStamping, issued by
 * our CA, not revoked), over the signature value, dated no later than now; a certificate revoked
 * before that time makes the signature invalid; a certificate that is not ours names nobody; a
 * signature by SHA-384 is checked by SHA-384. Each PDF here is made as an attacker or a foreign
 * signer would make it, and posted to the page's call.
 */
import { webcrypto } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { CryptoKeySigner, PDF } from '@libpdf/core';
import { describe, expect, it } from 'vitest';
import type { CaMember } from '../src/modules/pki/authority.js';
import {
  OWN_WAITING,
  createPdfWork,
  readerOf,
  readingTurns,
} from '../src/modules/esign/pdfWork.js';
import { NICE, statFields } from '../src/threadPriority.js';
import { signPdf, type PdfSigning, type SigningSteps } from '../src/modules/pki/pades.js';
import { ownSigningSteps } from '../src/modules/pki/padesSteps.js';
import * as x509 from '../src/modules/pki/x509.js';
import { holderSigner, startHarness, subscriberCertificate } from './harness.js';
import { freshPerson } from './world.js';

const h = await startHarness({
  // A loaded machine reads a file slowly: an address's next file waits for it as long as it takes.
  VERIFY_WAIT_MS: '600000',
});
h.clock.now = new Date();
const authority = h.deps.authority;
const HOUR = 3_600_000;

async function contract(): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage().drawText('A contract', { x: 72, y: 720, size: 14 });
  return pdf.save();
}

const newKeys = () =>
  webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-256' }, true, ['sign', 'verify']);

/** A subscriber's certificate of ours and its key: what a holder of a .p12 file has. */
const subscriber = async () => subscriberCertificate(h, await freshPerson(h));

interface Holder {
  certificate: x509.X509Certificate;
  keys: CryptoKeyPair;
}

/** The contract to sign at PAdES B-T with `signer` at `at`. */
const signing = async (signer: Holder, at: Date): Promise<PdfSigning> => ({
  pdf: await contract(),
  certificates: [signer.certificate, authority.issuing].map((one) => new Uint8Array(one.rawData)),
  now: at,
  reason: 'Agreed',
  level: 'B-T',
});

/** What `signer` does with its key, the token made by `tsa` at `stampedAt`. */
const stepsOf = (signer: Holder, tsa: CaMember, stampedAt: Date) =>
  ownSigningSteps({
    certificate: signer.certificate,
    signer: holderSigner(signer.keys),
    issuing: authority.issuing,
    tsa,
    now: stampedAt,
    validationData: () => Promise.reject(new Error('B-T has none')),
  });

/** Signs at PAdES B-T with `signer`, the token made by `tsa` at `stampedAt`. */
async function signed(signer: Holder, tsa: CaMember, stampedAt: Date): Promise<Uint8Array> {
  return signPdf(await signing(signer, stampedAt), stepsOf(signer, tsa, stampedAt));
}

async function verify(pdf: Uint8Array) {
  const answer = await h.call('POST', '/api/v1/esign/verify', {
    body: pdf,
    headers: { 'content-type': 'application/pdf' },
  });
  expect(answer.status).toBe(200);
  expect(answer.body.signatures).toHaveLength(1);
  return answer.body.signatures[0];
}

describe('a timestamp on the verify page', () => {
  it('counts when our TSA made it (the control)', async () => {
    const report = await verify(
      await signed(await subscriber(), await authority.timestamper(), h.clock.now),
    );
    expect(report).toMatchObject({ verdict: 'valid', timestamped: true });
  });

  it('does not count when a revoked holder backdated one with their own key', async () => {
    const holder = await subscriber();
    const beforeRevocation = new Date(h.clock.now.getTime() - 1000);
    expect(await authority.revoke(h.pool, holder.certificate.serialNumber.toUpperCase(), 1)).toBe(
      true,
    );
    // The token is the holder's own, dated before the revocation, by a certificate our CA issued.
    const ownTsa: CaMember = {
      certificate: holder.certificate,
      signer: holderSigner(holder.keys, 'SHA-384'),
    };
    const report = await verify(await signed(holder, ownTsa, beforeRevocation));
    expect(report.timestamped).toBe(false);
    expect(report.signedAt).toBeNull();
    expect(report.verdict).not.toBe('valid');
  });

  it('does not count when another certificate of ours, not revoked, made it', async () => {
    const holder = await subscriber();
    const other = await subscriber();
    const otherTsa: CaMember = {
      certificate: other.certificate,
      signer: holderSigner(other.keys, 'SHA-384'),
    };
    const report = await verify(await signed(holder, otherTsa, h.clock.now));
    expect(report).toMatchObject({ timestamped: false, verdict: 'untrusted' });
  });

  it('does not count when dated in the future', async () => {
    const report = await verify(
      await signed(
        await subscriber(),
        await authority.timestamper(),
        new Date(h.clock.now.getTime() + HOUR),
      ),
    );
    expect(report).toMatchObject({ timestamped: false, verdict: 'untrusted' });
  });

  it('makes the signature invalid when the certificate was revoked before it', async () => {
    const holder = await subscriber();
    expect(await authority.revoke(h.pool, holder.certificate.serialNumber.toUpperCase(), 1)).toBe(
      true,
    );
    // Stamped by our TSA a moment later (its time is to the second).
    h.clock.advance(2000);
    const report = await verify(await signed(holder, await authority.timestamper(), h.clock.now));
    expect(report).toMatchObject({
      timestamped: true,
      intact: true,
      verdict: 'invalid',
      certificate: { status: 'revoked' },
    });
  });
});

describe('a signature by a certificate that is not ours', () => {
  it('is checked by its own digest (SHA-384), and names nobody', async () => {
    const keys = await newKeys();
    const foreign = await x509.X509CertificateGenerator.createSelfSigned({
      // It claims to be Sara, of our own organization's name.
      name: 'CN=Sara Al-Qahtani, 2.5.4.5=1000000008, O=Tawqi Trust Services, C=SA',
      keys,
      signingAlgorithm: { name: 'ECDSA', hash: 'SHA-384' },
      notBefore: new Date(h.clock.now.getTime() - HOUR),
      notAfter: new Date(h.clock.now.getTime() + HOUR),
    });
    const pdf = await PDF.load(await contract());
    const { bytes } = await pdf.sign({
      signer: new CryptoKeySigner(
        keys.privateKey,
        new Uint8Array(foreign.rawData),
        'EC',
        'ECDSA',
        [],
      ),
      level: 'B-B',
      subFilter: 'ETSI.CAdES.detached',
      digestAlgorithm: 'SHA-384',
    });
    const report = await verify(bytes);
    // The signature itself verifies; the certificate is not one we vouch for, so its name is not
    // shown as anyone's.
    expect(report).toMatchObject({
      intact: true,
      verdict: 'untrusted',
      signerName: null,
      organization: null,
      nationalId: null,
      certificate: { issuedByTawqi: false },
    });
  });
});

/** A signed PDF whose signature is named again and again (each copy points at the real one). */
async function manySignatures(copies: number): Promise<Buffer> {
  const pdf = Buffer.from(
    await signed(await subscriber(), await authority.timestamper(), h.clock.now),
  );
  const range = /\/ByteRange\s*\[[^\]]*\]/.exec(pdf.toString('latin1'))?.[0] ?? '';
  return Buffer.concat([pdf, Buffer.from(`%${range}\n`.repeat(copies))]);
}

/**
 * A signed PDF followed by `count` small revisions, each named by a copy of the signature's byte
 * range that ends where that revision ends — or, `atRevisions` false, inside its `%%EOF`.
 */
async function manyRevisions(count: number, atRevisions = true): Promise<Buffer> {
  let pdf = await manySignatures(0);
  const [, offset, length, next] =
    /\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/.exec(pdf.toString('latin1')) ?? [];
  for (let i = 0; i < count; i += 1) {
    // The range's last number is written ten digits wide, so the revision's length is known first.
    const piece = (rest: number) =>
      `%/ByteRange [${String(offset)} ${String(length)} ${String(next)} ${String(rest).padStart(10, '0')}]\n%%EOF\n`;
    const end = pdf.length + piece(0).length - (atRevisions ? 0 : 4);
    pdf = Buffer.concat([pdf, Buffer.from(piece(end - Number(next)))]);
  }
  return pdf;
}

/** Who sends the files read directly (not through the server) in these tests. */
const SOMEONE = '192.0.2.1';

/** The PDF work's limits in these tests: one verify upload at a time, 15 s of CPU, 128 MB. */
const limits = {
  VERIFY_AT_ONCE: 1,
  VERIFY_LINE: 1,
  // A loaded machine reads a file slowly: a turn is waited for as long as it takes here.
  VERIFY_WAIT_MS: 600_000,
  VERIFY_TIME_MS: 15_000,
  VERIFY_MEMORY_MB: 128,
  VERIFY_MAX_SIGNATURES: 50,
  VERIFY_MAX_OBJECTS: 200_000,
  VERIFY_MAX_PARSE_MB: 64,
  PDF_WORK_AT_ONCE: 2,
};

describe('a hostile upload', () => {
  it('is refused, with a clear message in the caller’s language, when it names too many signatures', async () => {
    const answer = await h.call('POST', '/api/v1/esign/verify', {
      body: new Uint8Array(await manySignatures(60)),
      language: 'ar',
      headers: { 'content-type': 'application/pdf' },
    });
    expect(answer.status).toBe(413);
    expect(answer.body.message).toBe('في هذا الملف تواقيع أكثر مما تقرؤه صفحة التحقق.');
  });

  it('is refused when it has more objects than allowed, before it is parsed', async () => {
    const work = createPdfWork({ ...limits, VERIFY_MAX_OBJECTS: 100 });
    const padded = Buffer.concat([await manySignatures(0), Buffer.from('%1 0 obj\n'.repeat(101))]);
    await expect(work.read(padded, SOMEONE)).rejects.toMatchObject({ statusCode: 413 });
    await work.close();
  });

  it('is refused before it is parsed when the revisions its signatures name would cost more to read than allowed', async () => {
    // Each signed revision is parsed once beside the whole file: sixty of them, ~60 times the file.
    const file = await manyRevisions(60);
    const work = createPdfWork({ ...limits, VERIFY_MAX_SIGNATURES: 100, VERIFY_MAX_PARSE_MB: 1 });
    expect(file.length * 60).toBeGreaterThan(1024 * 1024);
    await expect(work.read(file, SOMEONE)).rejects.toMatchObject({
      statusCode: 413,
      options: {
        localized: { en: expect.stringMatching(/more signed versions than the verify page reads/) },
      },
    });
    await work.close();
  });

  it('parses nothing for a signature whose bytes end where no revision does: what follows is changes', async () => {
    const file = await manyRevisions(60, false);
    // Within the same small budget: none of the sixty ends costs a parse.
    const work = createPdfWork({ ...limits, VERIFY_MAX_SIGNATURES: 100, VERIFY_MAX_PARSE_MB: 1 });
    const read = await work.read(file, SOMEONE);
    expect(read).toHaveLength(61);
    expect(read.slice(1).every((one) => one.addedAfter === 'changes')).toBe(true);
    await work.close();
  });

  it('is ended when its reading outlasts the time limit', async () => {
    const work = createPdfWork({ ...limits, VERIFY_TIME_MS: 1 });
    await expect(work.read(await manySignatures(0), SOMEONE)).rejects.toMatchObject({
      statusCode: 413,
      options: { localized: { en: 'This file takes too long to read. It was not verified.' } },
    });
    await work.close();
  });

  it('is bounded by its own work, not by waiting: a signing whose answer comes slowly is not ended', async () => {
    // The limit was of wall-clock time: a reader niced on a busy machine (a CI run beside other
    // suites starved one past 15 s) or a signing waiting for a slow answer ran out of it.
    const work = createPdfWork({ ...limits, VERIFY_TIME_MS: 2_000 });
    const holder = await subscriber();
    const own = stepsOf(holder, await authority.timestamper(), h.clock.now);
    const slowly: SigningSteps = {
      ...own,
      // A signing service that takes longer to answer than the work may take.
      signature: (digest) =>
        new Promise((resolve) => setTimeout(resolve, 3_000)).then(() => own.signature(digest)),
    };
    const pdf = await work.sign(await signing(holder, h.clock.now), slowly);
    expect((await verify(pdf)).verdict).toBe('valid');
    await work.close();
  });

  it('reads one file of an address’s at a time, its next after it; another’s waits its turn in a short line, past which it is refused', async () => {
    const work = createPdfWork(limits);
    const file = await manySignatures(40);
    const first = work.read(file, SOMEONE);
    // The same client again: waits for its first file, holding no place in the line.
    const again = work.read(file, SOMEONE);
    // Another client waits for its turn, and is read.
    const second = work.read(file, '198.51.100.2');
    // A third finds the line full: refused at once.
    await expect(work.read(file, '203.0.113.3')).rejects.toMatchObject({
      statusCode: 503,
      options: { localized: { en: expect.stringMatching(/Other files are being verified/) } },
    });
    expect(await first).toHaveLength(41);
    expect(await second).toHaveLength(41);
    expect(await again).toHaveLength(41);
    await work.close();
  }, 300_000);

  it('holds an address’s next uploads while its file is read: a few wait, each within VERIFY_WAIT_MS, more are refused in its words', async () => {
    const turns = readingTurns({ VERIFY_AT_ONCE: 2, VERIFY_LINE: 2, VERIFY_WAIT_MS: 600_000 });
    let finish = (): void => undefined;
    const held = new Promise<void>((resolve) => (finish = resolve));
    const first = turns.take(SOMEONE, () => held.then(() => 'first'));
    // Asked before a body is taken in: answered only once the address's file is done.
    let admitted = false;
    const admission = turns.admit(SOMEONE).then(() => (admitted = true));
    const waiting = turns.take(SOMEONE, () => Promise.resolve('next'));
    // OWN_WAITING wait already (the admission and the next file): one more is refused at once.
    expect(OWN_WAITING).toBe(2);
    const ownBusy = {
      statusCode: 503,
      options: {
        localized: { en: expect.stringMatching(/previous file is still being verified/) },
      },
    };
    await expect(turns.take(SOMEONE, () => Promise.resolve('more'))).rejects.toMatchObject(ownBusy);
    // Another address is read beside it meanwhile.
    expect(await turns.take('198.51.100.2', () => Promise.resolve('other'))).toBe('other');
    await new Promise(setImmediate);
    expect(admitted).toBe(false);
    finish();
    expect(await first).toBe('first');
    await admission;
    expect(await waiting).toBe('next');

    // One that waits longer than VERIFY_WAIT_MS is refused, in its words.
    const brief = readingTurns({ VERIFY_AT_ONCE: 2, VERIFY_LINE: 2, VERIFY_WAIT_MS: 100 });
    // Its file is never done.
    const never = brief.take(SOMEONE, () => new Promise<string>(() => undefined));
    await expect(brief.take(SOMEONE, () => Promise.resolve('late'))).rejects.toMatchObject(ownBusy);
    await expect(brief.admit(SOMEONE)).rejects.toMatchObject(ownBusy);
    void never;
  });

  it('counts an IPv6 client by its /64, and an IPv4-mapped one as the IPv4 address', () => {
    expect(readerOf('2001:db8:1:2::5')).toBe(readerOf('2001:db8:1:2:ffff:1:2:9'));
    expect(readerOf('2001:db8:1:2::5')).toBe('2001:db8:1:2::/64');
    expect(readerOf('2001:db8:1:3::5')).not.toBe(readerOf('2001:db8:1:2::5'));
    expect(readerOf('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(readerOf('192.0.2.1')).not.toBe(readerOf('192.0.2.2'));
    expect(readerOf('::1')).toBe('0:0:0:0::/64');
  });

  it('sent to the eSign service is checked in a worker, within the same limits', async () => {
    const ordinary = Buffer.from(await contract());
    const padded = Buffer.concat([ordinary, Buffer.from('%1 0 obj\n'.repeat(101))]);
    const works = [
      createPdfWork(limits),
      createPdfWork({ ...limits, VERIFY_MAX_OBJECTS: 100 }),
      createPdfWork({ ...limits, VERIFY_TIME_MS: 1 }),
    ];
    const [work, fewObjects, littleTime] = works;
    expect(await work?.check(ordinary)).toBe('ok');
    expect(await fewObjects?.check(padded)).toBe('unreadable');
    // Out of time is the machine's state, not the file's: busy, try again — never "unreadable".
    await expect(littleTime?.check(ordinary)).rejects.toMatchObject({
      statusCode: 503,
      options: { headers: { 'retry-after': '10' } },
    });
    expect(await work?.check(Buffer.from('%PDF-1.7\n1 0 obj\n<<'))).toBe('unreadable');
    await Promise.all(works.map((one) => one.close()));
  });

  it('is read off the event loop: the server answers others while it is being read', async () => {
    const file = await manySignatures(49);
    let settled = false;
    const verifying = h
      .call('POST', '/api/v1/esign/verify', {
        body: new Uint8Array(file),
        headers: { 'content-type': 'application/pdf' },
      })
      .finally(() => (settled = true));
    // Answered while the file is still being read in its worker.
    expect((await h.call('GET', '/health')).status).toBe(200);
    expect(settled).toBe(false);
    // Read in full: its time limit counts its own work, however long it waited for a core.
    const answer = await verifying;
    expect(answer.status).toBe(200);
    expect(answer.body.signatures).toHaveLength(50);
  });

  it('waits, its body not yet taken in, while its sender has another being read, and is read after it', async () => {
    const file = new Uint8Array(await manySignatures(49));
    const send = () =>
      h.call('POST', '/api/v1/esign/verify', {
        body: file,
        headers: { 'content-type': 'application/pdf' },
      });
    // Two files from one address at once (127.0.0.1): the second waits for the first, not a 503.
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200]);
    for (const answer of answers) expect(answer.body.signatures).toHaveLength(50);
  });
});

describe("the eSign service's PDF work", () => {
  /** Signing steps that hold the signature's answer until `release` is called. */
  const heldSteps = (own: SigningSteps) => {
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let asked: () => void = () => undefined;
    const wasAsked = new Promise<void>((resolve) => (asked = resolve));
    const steps: SigningSteps = {
      ...own,
      signature: async (digest) => {
        asked();
        await released;
        return own.signature(digest);
      },
    };
    return { steps, release, wasAsked };
  };

  it('signs in a process of its own at the normal priority, asking the server only for the steps with the keys', async () => {
    // In a thread of the server's process, its garbage was collected at the server's priority and
    // its priority counted only within the server's session: other people's p99 rose 2.5–4.5×
    // while 10-page PDFs were signed (bench/contention.mjs). At the lowest priority, a person
    // waiting for their signature waited as long as anything else kept the machine busy.
    const work = createPdfWork(limits);
    const holder = await subscriber();
    const held = heldSteps(stepsOf(holder, await authority.timestamper(), h.clock.now));
    const inProcess = work.sign(await signing(holder, h.clock.now), held.steps);
    await held.wasAsked;
    const pid = work.processId ?? 0;
    expect(pid).toBeGreaterThan(0);
    expect(pid).not.toBe(process.pid);
    // A session of its own (the 6th field), and every thread at the normal priority (the 19th:
    // its workers and V8's helpers among them), as the server's.
    expect(Number(statFields(`/proc/${String(pid)}/stat`)[3])).toBe(pid);
    const threads = readdirSync(`/proc/${String(pid)}/task`).map((tid) =>
      Number(statFields(`/proc/${String(pid)}/task/${tid}/stat`)[16]),
    );
    expect(threads.length).toBeGreaterThan(1);
    expect(threads.every((nice) => nice === 0)).toBe(true);
    held.release();
    // What it made is a signature the verify page accepts: the keys' steps were the server's.
    expect((await verify(await inProcess)).verdict).toBe('valid');
    await work.close();
    expect(work.processId).toBeUndefined();
  });

  it("reads the verify page's uploads in a process of their own, apart from the signing's", async () => {
    // A file anyone may send is parsed where no key, no secret of the server's and no signing's
    // questions are: a flaw in the parser reaches none of them.
    const work = createPdfWork(limits);
    const reading = work.read(await manySignatures(49), SOMEONE);
    await expect.poll(() => work.readingProcessId, { timeout: 30_000 }).toBeDefined();
    const pid = work.readingProcessId ?? 0;
    expect(pid).not.toBe(process.pid);
    expect(work.processId).toBeUndefined();
    expect(Number(statFields(`/proc/${String(pid)}/stat`)[3])).toBe(pid);
    // Lowered by the process itself as it starts, before it takes its first work: low, not the
    // lowest (a busy machine starved the lowest for minutes while a person waited).
    await expect
      .poll(() => Number(statFields(`/proc/${String(pid)}/stat`)[16]), { timeout: 30_000 })
      .toBe(NICE.low);
    expect(await reading).toHaveLength(50);
    await work.close();
    expect(work.readingProcessId).toBeUndefined();
  });

  it('fails a signing whose process ended, and signs the next in another', async () => {
    const work = createPdfWork(limits);
    const holder = await subscriber();
    const own = stepsOf(holder, await authority.timestamper(), h.clock.now);
    const held = heldSteps(own);
    const inProcess = work.sign(await signing(holder, h.clock.now), held.steps);
    await held.wasAsked;
    const crashed = work.processId ?? 0;
    expect(crashed).toBeGreaterThan(0);
    process.kill(crashed, 'SIGKILL');
    await expect(inProcess).rejects.toThrow(/PDF process ended \(SIGKILL\)/);
    held.release();
    const next = await work.sign(await signing(holder, h.clock.now), own);
    expect(work.processId).not.toBe(crashed);
    expect((await verify(next)).verdict).toBe('valid');
    await work.close();
  });
});
