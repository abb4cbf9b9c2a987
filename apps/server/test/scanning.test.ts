/**
 * Every upload passes the malware scanner (issue 41, case 40): ClamAV's clamd with the signature
 * set the project ships. A flagged file is refused, quarantined and audited; with the scanner
 * down, uploads are refused (503), never let through unscanned.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDF } from '@libpdf/core';
import { describe, expect, inject, it } from 'vitest';
import { createClamdScanner, startClamd } from '../src/adapters/scanner/clamd.js';
import { EICAR } from './eicar.js';
import { startHarness } from './harness.js';
import { freshOrganization, type FreshPerson } from './world.js';

async function pdf(attachment?: string): Promise<Buffer> {
  const document = PDF.create();
  document.addPage().drawText('A letter', { x: 72, y: 720, size: 14 });
  if (attachment) document.addAttachment('readme.com', new TextEncoder().encode(attachment));
  return Buffer.from(await document.save());
}

describe('the scanner', () => {
  it('finds EICAR (alone and attached to a PDF) and the project’s own test pattern, and passes a clean file', async () => {
    const scanner = createClamdScanner(inject('clamdAddress'));
    expect(await scanner.scan(await pdf())).toEqual({ clean: true });
    expect(await scanner.scan(Buffer.from(EICAR))).toEqual({
      clean: false,
      finding: 'Tawqi.Test.EICAR.UNOFFICIAL',
    });
    expect(await scanner.scan(await pdf(EICAR))).toMatchObject({ clean: false });
    expect(
      await scanner.scan(Buffer.from('a note: TAWQI-UPLOAD-SCANNER-TEST-PATTERN, nothing else')),
    ).toEqual({ clean: false, finding: 'Tawqi.Test.Pattern.UNOFFICIAL' });
  });
});

describe('demo mode’s clamd, on a data folder two processes share', () => {
  it('belongs to neither: it answers until the last of them stops, whichever started it', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'tawqi-clamd-shared-'));
    const answers = () => createClamdScanner(`unix:${join(dir, 'clamd.sock')}`).ping();
    for (const stopsFirst of ['starter', 'joiner'] as const) {
      const starter = await startClamd({ dir });
      const joiner = await startClamd({ dir });
      const [first, survivor] = stopsFirst === 'starter' ? [starter, joiner] : [joiner, starter];
      await first.close();
      expect(await survivor.ping()).toBe(true);
      expect(await survivor.scan(Buffer.from(EICAR))).toMatchObject({ clean: false });
      await survivor.close();
      expect(await answers()).toBe(false);
    }
  });
});

const clamdDir = mkdtempSync(join(tmpdir(), 'tawqi-clamd-own-'));
// This file's own clamd, so that a test may stop it.
const ownClamd = await startClamd({ dir: clamdDir });
const h = await startHarness({ CLAMD_ADDRESS: `unix:${join(clamdDir, 'clamd.sock')}` });
// An organization of this file's own, and its Enrolment Admin.
const { orgSlno, members } = await freshOrganization(h);
const [admin] = members as [FreshPerson];
const token = (await h.signIn(admin.nationalId)).token;

const upload = (bytes: Buffer, language = 'en') =>
  h.call('POST', `/api/v1/documents/org/${String(orgSlno)}/upload?name=letter.pdf&category=other`, {
    token,
    body: bytes,
    language,
    headers: { 'content-type': 'application/pdf' },
  });
const count = async (sql: string) => Number((await h.ownerPool.query(sql)).rows[0].n);

describe('an upload the scanner flags', () => {
  it('is refused in the caller’s language, kept in quarantine for the operator only, and audited', async () => {
    const documentsBefore = await count('SELECT count(*) AS n FROM documents');
    const flagged = await pdf(EICAR);
    for (const [language, message] of [
      ['en', /malware scanner flagged this file/],
      ['ar', /فاحص البرمجيات الضارة/],
    ] as const) {
      const answer = await upload(flagged, language);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toMatch(message);
    }
    expect(await count('SELECT count(*) AS n FROM documents')).toBe(documentsBefore);
    const { rows } = await h.ownerPool.query<{
      source: string;
      finding: string;
      name: string;
      actor: number;
      content: Buffer;
    }>('SELECT source, finding, name, actor, content FROM quarantined_uploads ORDER BY at');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      source: 'uploadDocument',
      finding: 'Tawqi.Test.EICAR.UNOFFICIAL',
      name: 'letter.pdf',
      actor: admin.userSlno,
    });
    expect(rows[0]?.content.equals(flagged)).toBe(true);
    // The application's own role may put things in quarantine, never take them out.
    await expect(h.pool.query('SELECT count(*) FROM quarantined_uploads')).rejects.toThrow(
      /permission denied/,
    );
    const audited = await h.pool.query<{ outcome: string; detail: { finding: string } }>(
      "SELECT outcome, detail FROM audit_log WHERE action = 'upload.quarantined'",
    );
    expect(audited.rows).toHaveLength(2);
    expect(audited.rows[0]).toMatchObject({
      outcome: 'denied',
      detail: { finding: 'Tawqi.Test.EICAR.UNOFFICIAL' },
    });
    // A clean file still goes in.
    expect((await upload(await pdf())).status).toBe(200);
  });

  it('is refused on the public verify page too', async () => {
    const answer = await h.call('POST', '/api/v1/esign/verify', {
      body: await pdf(EICAR),
      headers: { 'content-type': 'application/pdf' },
    });
    expect(answer.status).toBe(422);
    expect(
      await count(
        "SELECT count(*) AS n FROM quarantined_uploads WHERE source = 'verifySignedPdf' AND actor IS NULL",
      ),
    ).toBe(1);
  });
});

describe('an empty upload', () => {
  it('is refused as empty (400), never as the scanner being down', async () => {
    // clamd sometimes answered a stream of nothing with nothing (a CI run's 503).
    for (let i = 0; i < 20; i++) expect((await upload(Buffer.alloc(0))).status).toBe(400);
  });
});

describe('with the scanner down', () => {
  it('refuses every upload with 503 and Retry-After, keeping nothing, and takes them again once it is back', async () => {
    await ownClamd.close();
    const documentsBefore = await count('SELECT count(*) AS n FROM documents');
    const refused = await upload(await pdf());
    expect(refused.status).toBe(503);
    expect(refused.headers.get('retry-after')).toBe('60');
    expect(refused.body.message).toMatch(/cannot be checked for malware/);
    expect(await count('SELECT count(*) AS n FROM documents')).toBe(documentsBefore);
    // The operator restarts clamd where it was: the server needs no restart.
    const back = await startClamd({ dir: clamdDir });
    try {
      expect((await upload(await pdf())).status).toBe(200);
    } finally {
      await back.close();
    }
  });
});
