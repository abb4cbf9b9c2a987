/** What the modules are given: the database, the configuration, the clock, keys, audit and adapters. */
import type { KeyVault } from './adapters/hsm/pkcs11.js';
import type { IdentityProvider } from './adapters/nafath/client.js';
import type { Notifier } from './adapters/notifier/outbox.js';
import type { Config } from './config.js';
import type { Pool } from './db/pool.js';
import type { Keys } from './keys.js';
import type { AuditLog } from './modules/audit/log.js';
import type { Authority } from './modules/pki/authority.js';
import type { PdfWork } from './modules/esign/pdfWork.js';
import type { Scanner } from './adapters/scanner/clamd.js';
import { join } from 'node:path';
import {
  DATABASE_DOCUMENTS,
  diskDocuments,
  s3Documents,
  type DocumentStore,
} from './modules/documents/store.js';
import type { ExportWriter } from './modules/exports/stream.js';
import type { SessionLimits } from './modules/sessions/sessions.js';
import type { TokenSigner } from './modules/sessions/tokens.js';

export interface Deps {
  pool: Pool;
  config: Config;
  /** The time now; tests move it. */
  clock: () => Date;
  keys: Keys;
  audit: AuditLog;
  /** Every export goes through it: rate, load and size checked, then streamed. */
  exports: ExportWriter;
  signer: TokenSigner;
  identity: IdentityProvider;
  notifier: Notifier;
  /** Where uploaded documents' bytes are kept (DOCUMENT_STORE). */
  documents: DocumentStore;
  /** The hardware security module: every private key the service signs with (adapters/hsm). */
  vault: KeyVault;
  /** The certificate authority (modules/pki). */
  authority: Authority;
  /** Untrusted PDFs are parsed and signed in worker threads of the PDF processes, within limits. */
  pdfWork: PdfWork;
  /** Every upload is scanned by it (null when UPLOAD_SCANNING=off). */
  scanner: Scanner | null;
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

export function sessionLimits(config: Config): SessionLimits {
  return { idleMinutes: config.INACTIVITY_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS };
}
