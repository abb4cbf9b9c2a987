/**
 * The audit chain's anchor outside the database: every signed checkpoint, once
 * committed, is appended as a line of JSON to a file the application's database role cannot
 * reach (AUDIT_ANCHOR_FILE; in production on storage that keeps what was written — a WORM mount,
 * an append-only file, a log shipper's spool). Whoever rewrites the database, even restoring an
 * older head row, cannot take back what the latest anchor counted: the verifier compares them.
 */
import {
  appendFileSync,
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
} from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoint } from './log.js';

/**
 * Appends a checkpoint to the anchor file (made when missing, readable by its owner only). One
 * below the latest anchor is refused: the log was cut behind the server's back, and anchoring its
 * new head would hide that from the next comparison.
 */
export function appendAnchor(file: string, checkpoint: Checkpoint): void {
  const latest = latestAnchor(file);
  if (latest && checkpoint.auditSlno < latest.auditSlno)
    throw new Error(
      `the checkpoint at record ${String(checkpoint.auditSlno)} is below the anchor at ${String(latest.auditSlno)}: the log was cut`,
    );
  mkdirSync(dirname(file), { recursive: true });
  appendFileSync(
    file,
    `${JSON.stringify({
      auditSlno: checkpoint.auditSlno,
      hash: checkpoint.hash,
      at: checkpoint.at.toISOString(),
      signature: checkpoint.signature,
    })}\n`,
    { mode: 0o600 },
  );
}

/** The newest checkpoint in the anchor file, or null when it has none (or does not exist). */
export function latestAnchor(file: string): Checkpoint | null {
  if (!existsSync(file)) return null;
  // Its last line, read from the end: the file grows by a line a minute for as long as it lives.
  const handle = openSync(file, 'r');
  let text: string;
  try {
    const size = fstatSync(handle).size;
    const tail = Buffer.alloc(Math.min(size, TAIL_BYTES));
    readSync(handle, tail, 0, tail.length, size - tail.length);
    text = tail.toString('utf8');
  } finally {
    closeSync(handle);
  }
  const last = text.split('\n').filter(Boolean).at(-1);
  if (!last) return null;
  const read = JSON.parse(last) as {
    auditSlno: number;
    hash: string;
    at: string;
    signature: string;
  };
  return { ...read, at: new Date(read.at) };
}

/** More than one anchor line's length. */
const TAIL_BYTES = 4096;
