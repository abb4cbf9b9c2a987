/** What the modules are given: the database, the configuration, the clock, keys, audit and adapters. */
import type { IdentityProvider } from './adapters/nafath/client.js';
import type { Notifier } from './adapters/notifier/outbox.js';
import type { Config } from './config.js';
import type { Pool } from './db/pool.js';
import type { Keys } from './keys.js';
import type { AuditLog } from './modules/audit/log.js';
import { join } from 'node:path';
import {
  DATABASE_DOCUMENTS,
  diskDocuments,
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
}

/** The document store the configuration names. */
export function documentStoreOf(config: Config): DocumentStore {
  return config.DOCUMENT_STORE === 'disk'
    ? diskDocuments(config.DOCUMENT_DIR ?? join(config.DATA_DIR, 'documents'))
    : DATABASE_DOCUMENTS;
}

export function sessionLimits(config: Config): SessionLimits {
  return { idleMinutes: config.INACTIVITY_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS };
}
