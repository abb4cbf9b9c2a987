/**
 * The audit chain's anchor outside the database (issue 41): every signed checkpoint, once
 * committed, is appended as a line of JSON to a file the application's database role cannot
 * reach (AUDIT_ANCHOR_FILE; in production on storage that keeps what was written — a WORM mount,
 * an append-only file, a log shipper's spool). Whoever rewrites the database, even restoring an
 * older head row, cannot take back what the latest anchor counted: the verifier compares them.
 */
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Checkpoint } from './log.js';

/** Appends a checkpoint to the anchor file (made when missing, readable by its owner only). */
export function appendAnchor(file: string, checkpoint: Checkpoint): void {
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
  const lines = readFileSync(file, 'utf8').split('\n').filter(Boolean);
  const last = lines.at(-1);
  if (!last) return null;
  const read = JSON.parse(last) as {
    auditSlno: number;
    hash: string;
    at: string;
    signature: string;
  };
  return { ...read, at: new Date(read.at) };
}
