/**
 * What the modules are given: the database, the configuration, the clock, keys, audit and
 * adapters. An area that owns a service the others are given adds it to this interface where it
 * is declared (`declare module '…/deps.js'`: the certificate authority, the PDF work, the document
 * store), so this file names no area; server.ts, which puts the server together, fills it all.
 */
import type { KeyVault } from './adapters/hsm/pkcs11.js';
import type { IdentityProvider } from './adapters/nafath/client.js';
import type { Notifier } from './adapters/notifier/outbox.js';
import type { Config } from './config.js';
import type { Pool } from './db/pool.js';
import type { Keys } from './keys.js';
import type { AuditLog } from './modules/audit/log.js';
import type { Scanner } from './adapters/scanner/clamd.js';
import type { ExportWriter } from './modules/exports/stream.js';
import type { GridExports } from './modules/grids.js';
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
  /** Every grid's export, listed where the server is put together (gridExports.ts). */
  gridExports: GridExports;
  signer: TokenSigner;
  identity: IdentityProvider;
  notifier: Notifier;
  /** The hardware security module: every private key the service signs with (adapters/hsm). */
  vault: KeyVault;
  /** Every upload is scanned by it (null when UPLOAD_SCANNING=off). */
  scanner: Scanner | null;
}

export function sessionLimits(config: Config): SessionLimits {
  return { idleMinutes: config.INACTIVITY_MINUTES, absoluteHours: config.SESSION_ABSOLUTE_HOURS };
}
