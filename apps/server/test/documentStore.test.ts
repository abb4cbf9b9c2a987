/**
 * Where documents' bytes are kept (issue 17): the disk store on its own, and the server with
 * DOCUMENT_STORE=disk — an upload's bytes are a file named by the document's key and nowhere in
 * the database, read back on download, never written for a refused upload, and removed with the
 * untaken document after a day; and the S3 store against a bucket on loopback that checks each
 * request's Signature V4 and body hash as S3 does. (The database store is the default every other
 * test runs on.)
 */
import {
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { diskDocuments, newDocumentKey, s3Documents } from '../src/modules/documents/store.js';
import { startHarness } from './harness.js';
import { fakeBucket, S3 } from './s3Bucket.js';
import { freshOrganization, type FreshPerson } from './world.js';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
);
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
// The database is not touched by the disk store's own calls.
const NO_DATABASE = {} as never;

describe('the disk store', () => {
  it('keeps a document whole under its key, readable by this user only, and lets it go', async () => {
    const folder = join(mkdtempSync(join(tmpdir(), 'tawqi-documents-')), 'made on first use');
    const store = diskDocuments(folder);
    const key = newDocumentKey();
    await store.put(NO_DATABASE, key, PDF);
    expect(readdirSync(folder)).toEqual([key]);
    expect(statSync(join(folder, key)).mode & 0o777).toBe(0o600);
    expect((await store.get(NO_DATABASE, key))?.equals(PDF)).toBe(true);
    expect(await store.get(NO_DATABASE, newDocumentKey())).toBeNull();
    await store.forget([key]);
    expect(readdirSync(folder)).toEqual([]);
    expect(await store.get(NO_DATABASE, key)).toBeNull();
  });

  it('takes nothing but a document key as a name', async () => {
    const store = diskDocuments(mkdtempSync(join(tmpdir(), 'tawqi-documents-')));
    await expect(store.put(NO_DATABASE, '../../etc/passwd', PDF)).rejects.toThrow(RangeError);
    await expect(store.forget(['../x'])).rejects.toThrow(RangeError);
    expect(await store.get(NO_DATABASE, '../../etc/passwd')).toBeNull();
  });
});

describe('the S3 store', () => {
  it('puts, reads and removes a document as a signed object of its bucket', async () => {
    const bucket = await fakeBucket();
    const store = s3Documents({ ...S3, endpoint: bucket.endpoint, bucket: 'tawqi-documents' });
    const key = newDocumentKey();
    await store.put(NO_DATABASE, key, PDF);
    expect([...bucket.objects.keys()]).toEqual([`/tawqi-documents/${key}`]);
    expect((await store.get(NO_DATABASE, key))?.equals(PDF)).toBe(true);
    expect(await store.get(NO_DATABASE, newDocumentKey())).toBeNull();
    await store.forget([key, newDocumentKey()]);
    expect(bucket.objects.size).toBe(0);
    // Another secret's signature is refused, and said so.
    const stranger = s3Documents({
      ...S3,
      secretAccessKey: 'not-the-secret',
      endpoint: bucket.endpoint,
      bucket: 'tawqi-documents',
    });
    await expect(stranger.put(NO_DATABASE, key, PDF)).rejects.toThrow(/403 SignatureDoesNotMatch/);
    expect(bucket.objects.size).toBe(0);
    await bucket.close();
  });

  it('is configured whole or not at all', () => {
    expect(() =>
      loadConfig({
        TAWQI_MODE: 'demo',
        DOCUMENT_STORE: 's3',
        S3_BUCKET: 'tawqi-documents',
        S3_SECRET_ACCESS_KEY: 'very-secret-value',
      }),
    ).toThrow(/S3_ENDPOINT=\(not set\): required when DOCUMENT_STORE=s3[\s\S]*S3_ACCESS_KEY_ID/);
  });
});

const folder = mkdtempSync(join(tmpdir(), 'tawqi-documents-'));
const h = await startHarness({ DOCUMENT_STORE: 'disk', DOCUMENT_DIR: folder });
// An organization of this file's own, and its Enrolment Admin.
const { orgSlno, members } = await freshOrganization(h);
const [admin] = members as [FreshPerson];
const token = (await h.signIn(admin.nationalId)).token;

describe('a server keeping documents on disk', () => {
  const upload = (token: string, bytes: Buffer, name: string, mediaType: string) =>
    h.call(
      'POST',
      `/api/v1/documents/org/${String(orgSlno)}/upload?${new URLSearchParams({ name, category: 'other' }).toString()}`,
      { token, body: bytes, headers: { 'content-type': mediaType } },
    );
  const inDatabase = async (key: string) =>
    Number(
      (
        await h.ownerPool.query(
          'SELECT count(*) AS n FROM document_contents WHERE unique_file_id = $1',
          [key],
        )
      ).rows[0].n,
    );

  it('writes an upload’s bytes to a file, not the database, and sends them back', async () => {
    const stored = await upload(token, PDF, 'letter.pdf', 'application/pdf');
    expect(stored.status).toBe(200);
    const key = stored.body.uniqueFileId as string;
    expect(readFileSync(join(folder, key)).equals(PDF)).toBe(true);
    expect(await inDatabase(key)).toBe(0);
    const file = await h.call('GET', `/api/v1/documents/org/${String(orgSlno)}/${key}`, { token });
    expect(file.status).toBe(200);
    expect(file.raw.equals(PDF)).toBe(true);
    // Both are in the audit log, with the document's key (issue 41).
    const { rows } = await h.pool.query<{ action: string }>(
      'SELECT action FROM audit_log WHERE target = $1 ORDER BY audit_slno',
      [key],
    );
    expect(rows.map((row) => row.action)).toEqual(['document.uploaded', 'document.downloaded']);
  });

  it('writes nothing for a refused upload, and removes an untaken document’s file after a day', async () => {
    const files = () => readdirSync(folder).sort();
    const before = files();
    expect((await upload(token, PNG, 'letter.pdf', 'application/pdf')).status).toBe(415);
    expect(files()).toEqual(before);

    const waiting = await upload(token, PNG, 'scan.png', 'image/png');
    const key = waiting.body.uniqueFileId as string;
    expect(files()).toContain(key);
    h.clock.advance(25 * 60 * 60 * 1000);
    const nextDay = (await h.signIn(admin.nationalId)).token;
    const next = await upload(nextDay, PNG, 'next.png', 'image/png');
    expect(next.status).toBe(200);
    expect(files()).toEqual([next.body.uniqueFileId as string]);
  });

  it('removes what a process that died mid-write left, an hour on, and nothing else', async () => {
    const leftBehind = mkdtempSync(join(tmpdir(), 'tawqi-documents-'));
    const store = diskDocuments(leftBehind);
    const hourAgo = new Date(Date.now() - 3_600_000);
    const aged = (name: string) => {
      writeFileSync(join(leftBehind, name), PDF);
      utimesSync(
        join(leftBehind, name),
        new Date(hourAgo.getTime() - 1000),
        new Date(hourAgo.getTime() - 1000),
      );
      return name;
    };
    // Half written when the process died; written whole but its row never committed.
    const halfWritten = aged(`${newDocumentKey()}.0123456789ab.partial`);
    const neverCommitted = aged(newDocumentKey());
    // A document of the world's, as old: its row is there.
    const [kept] = (
      await h.pool.query<{ unique_file_id: string }>('SELECT unique_file_id FROM documents LIMIT 1')
    ).rows;
    const stored = aged(kept?.unique_file_id ?? '');
    // Being written now, by a process that lives.
    const writing = `${newDocumentKey()}.ba9876543210.partial`;
    writeFileSync(join(leftBehind, writing), PDF);
    const other = aged('README');
    expect(await store.tidy(h.pool, hourAgo)).toBe(2);
    expect(readdirSync(leftBehind).sort()).toEqual([other, stored, writing].sort());
    expect(readdirSync(leftBehind)).not.toContain(halfWritten);
    expect(readdirSync(leftBehind)).not.toContain(neverCommitted);
  });
});
