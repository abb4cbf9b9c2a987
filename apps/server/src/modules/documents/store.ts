/**
 * Where a document's bytes are kept ("uploads done right"). The row that describes a
 * document (its owner, cleaned name, media type, size, SHA-256) is always in PostgreSQL; its bytes
 * are in the store the deployment chose (DOCUMENT_STORE):
 * - `database` (the default): a table of their own, `document_contents`, written in the same
 *   transaction as the row, so a document is there whole or not at all, and one backup holds all;
 * - `disk`: one file per document under DOCUMENT_DIR, named by the document's random key, for a
 *   deployment that keeps large files out of its database. The file is written before the row
 *   commits; whoever writes calls `forget` when the transaction fails, so a refused upload leaves
 *   nothing behind.
 * - `s3`: an S3-compatible object store (Amazon S3, MinIO, Ceph, …), one object per document in
 *   one bucket, addressed by path, each request signed with AWS Signature V4 (aws4fetch) and the
 *   body's SHA-256 sent for the store to check. Written before the row commits, as on disk.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AwsClient } from 'aws4fetch';
import type { Config } from '../../config.js';
import type { Queryable } from '../../db/pool.js';

declare module '../../deps.js' {
  interface Deps {
    /** Where uploaded documents' bytes are kept (DOCUMENT_STORE). */
    documents: DocumentStore;
  }
}

export interface DocumentStore {
  /** Keeps a new document's bytes under its key; `tx` is the transaction that records its row. */
  put(tx: Queryable, key: string, bytes: Buffer): Promise<void>;
  /** A document's bytes; null when none are kept under the key. */
  get(db: Queryable, key: string): Promise<Buffer | null>;
  /** Lets go of bytes whose document rows are gone (deleted, or never committed). */
  forget(keys: readonly string[]): Promise<void>;
  /**
   * Removes what a process that died mid-write left written before `before`: half-written files,
   * and bytes whose row never committed. Answers how many went.
   */
  tidy(db: Queryable, before: Date): Promise<number>;
}

/** A document's key as the database's CHECK has it: 128 random bits, base64url. */
const KEY = /^[A-Za-z0-9_-]{22}$/;

export function newDocumentKey(): string {
  return randomBytes(16).toString('base64url');
}

function checkedKey(key: string): string {
  // Never a path: a key is the only part of a file's name on disk.
  if (!KEY.test(key)) throw new RangeError('not a document key');
  return key;
}

/** The bytes in PostgreSQL, beside their row (deleting the row deletes them). */
export const DATABASE_DOCUMENTS: DocumentStore = {
  async put(tx, key, bytes) {
    await tx.query('INSERT INTO document_contents (unique_file_id, content) VALUES ($1, $2)', [
      checkedKey(key),
      bytes,
    ]);
  },
  async get(db, key) {
    const { rows } = await db.query<{ content: Buffer }>(
      'SELECT content FROM document_contents WHERE unique_file_id = $1',
      [key],
    );
    return rows[0]?.content ?? null;
  },
  forget: () => Promise.resolve(),
  // Written in the row's transaction: nothing is ever left over.
  tidy: () => Promise.resolve(0),
};

/** The bytes as files in `folder` (made on first use, readable by this process's user only). */
export function diskDocuments(folder: string): DocumentStore {
  let made: Promise<unknown> | null = null;
  const ready = () => (made ??= mkdir(folder, { recursive: true, mode: 0o700 }));
  return {
    async put(_tx, key, bytes) {
      const path = join(folder, checkedKey(key));
      await ready();
      // Written whole under another name first: a reader never finds half a file.
      const partial = `${path}.${randomBytes(6).toString('hex')}.partial`;
      await writeFile(partial, bytes, { mode: 0o600, flag: 'wx' });
      await rename(partial, path);
    },
    async get(_db, key) {
      if (!KEY.test(key)) return null;
      try {
        return await readFile(join(folder, key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async forget(keys) {
      await Promise.all(keys.map((key) => rm(join(folder, checkedKey(key)), { force: true })));
    },
    async tidy(db, before) {
      await ready();
      const old: { name: string; partial: boolean }[] = [];
      for (const name of await readdir(folder)) {
        const partial = PARTIAL.test(name);
        if (!partial && !KEY.test(name)) continue;
        const written = await stat(join(folder, name)).catch(() => null);
        if (written && written.mtime < before) old.push({ name, partial });
      }
      const { rows } = await db.query<{ unique_file_id: string }>(
        'SELECT unique_file_id FROM documents WHERE unique_file_id = ANY($1)',
        [old.filter((file) => !file.partial).map((file) => file.name)],
      );
      const kept = new Set(rows.map((row) => row.unique_file_id));
      const gone = old.filter((file) => file.partial || !kept.has(file.name));
      await Promise.all(gone.map((file) => rm(join(folder, file.name), { force: true })));
      return gone.length;
    },
  };
}

/** A file being written (renamed to its key once whole). */
const PARTIAL = /^[A-Za-z0-9_-]{22}\.[0-9a-f]{12}\.partial$/;

/** Where an S3-compatible store is and who we are there (DOCUMENT_STORE=s3). */
export interface S3Settings {
  /** The service's origin, e.g. https://s3.me-central-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

/** The bytes as objects of a bucket of an S3-compatible store. */
export function s3Documents(settings: S3Settings): DocumentStore {
  const client = new AwsClient({
    accessKeyId: settings.accessKeyId,
    secretAccessKey: settings.secretAccessKey,
    service: 's3',
    region: settings.region,
    // A failed call is the caller's to report (an upload refused, a download not served), not to
    // be retried for seconds while a request waits.
    retries: 1,
  });
  const base = settings.endpoint.replace(/\/+$/, '');
  const urlOf = (key: string) =>
    `${base}/${encodeURIComponent(settings.bucket)}/${checkedKey(key)}`;
  const failed = async (what: string, response: Response) =>
    new Error(
      `document store: ${what} answered ${String(response.status)} ${(await response.text()).slice(0, 200)}`,
    );
  return {
    async put(_tx, key, bytes) {
      const response = await client.fetch(urlOf(key), {
        method: 'PUT',
        body: new Uint8Array(bytes),
        headers: {
          'content-type': 'application/octet-stream',
          'x-amz-content-sha256': createHash('sha256').update(bytes).digest('hex'),
        },
      });
      if (!response.ok) throw await failed('storing a document', response);
      await response.arrayBuffer();
    },
    async get(_db, key) {
      if (!KEY.test(key)) return null;
      const response = await client.fetch(urlOf(key));
      if (response.status === 404) {
        await response.arrayBuffer();
        return null;
      }
      if (!response.ok) throw await failed('reading a document', response);
      return Buffer.from(await response.arrayBuffer());
    },
    async forget(keys) {
      await Promise.all(
        keys.map(async (key) => {
          const response = await client.fetch(urlOf(key), { method: 'DELETE' });
          // Gone already is as good as deleted.
          if (!response.ok && response.status !== 404)
            throw await failed('removing a document', response);
          await response.arrayBuffer();
        }),
      );
    },
    // A PUT stores an object whole or not at all. One whose row never committed (its process
    // died between the two) is not looked for yet: that needs the bucket listed.
    tidy: () => Promise.resolve(0),
  };
}

/** A new document: its row and its bytes, recorded in the transaction `tx`. */
export interface NewDocument {
  key: string;
  orgSlno: number;
  uploadedBy: number;
  category: string;
  name: string;
  mediaType: string;
  bytes: Buffer;
  createdAt: Date;
  /** The request that has it from the start (the demo world's); none for an upload. */
  owner?: { userRequest: number } | { l2Request: number };
}

/**
 * Records a document that needs no limit checked (the demo world's): its row, then its bytes. An
 * upload records its row under the uploader's limit itself and then calls `put` alike.
 */
export async function recordDocument(
  tx: Queryable,
  store: DocumentStore,
  document: NewDocument,
): Promise<void> {
  const { owner } = document;
  await tx.query(
    `INSERT INTO documents (unique_file_id, org_slno, uploaded_by, category, name, media_type, size, sha256, created_at, user_request_slno, l2_request_slno)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      document.key,
      document.orgSlno,
      document.uploadedBy,
      document.category,
      document.name,
      document.mediaType,
      document.bytes.length,
      createHash('sha256').update(document.bytes).digest('hex'),
      document.createdAt,
      owner && 'userRequest' in owner ? owner.userRequest : null,
      owner && 'l2Request' in owner ? owner.l2Request : null,
    ],
  );
  await store.put(tx, document.key, document.bytes);
}

/** The document store the configuration names. */
export function documentStoreOf(config: Config): DocumentStore {
  switch (config.DOCUMENT_STORE) {
    case 'database':
      return DATABASE_DOCUMENTS;
    case 'disk':
      return diskDocuments(config.DOCUMENT_DIR ?? join(config.DATA_DIR, 'documents'));
    case 's3':
      // loadConfig has refused an s3 store without its four settings.
      return s3Documents({
        endpoint: config.S3_ENDPOINT ?? '',
        bucket: config.S3_BUCKET ?? '',
        region: config.S3_REGION,
        accessKeyId: config.S3_ACCESS_KEY_ID ?? '',
        secretAccessKey: config.S3_SECRET_ACCESS_KEY ?? '',
      });
  }
}
