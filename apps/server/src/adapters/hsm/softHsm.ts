/**
 * SoftHSM v2 (Debian's `softhsm2`), the PKCS#11 module of demo mode and the tests, and the one
 * place that decides which module the server opens. SoftHSM keeps its tokens as files in a folder
 * named by the configuration file in SOFTHSM2_CONF, read when the module is loaded: demo mode
 * writes one under DATA_DIR/softhsm (so a new DATA_DIR is a new database and a new token), unless
 * the environment already names one.
 */
import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { basename, join, resolve } from 'node:path';
import pkcs11js from 'pkcs11js';
import { loadModule, openVault, slotOf, VaultError, type KeyVault } from './pkcs11.js';

/** Where Debian (and others) put SoftHSM's library. */
export const SOFTHSM_PATHS = [
  '/usr/lib/softhsm/libsofthsm2.so',
  '/usr/lib/x86_64-linux-gnu/softhsm/libsofthsm2.so',
  '/usr/lib/aarch64-linux-gnu/softhsm/libsofthsm2.so',
  '/usr/local/lib/softhsm/libsofthsm2.so',
];

export function findSoftHsm(): string {
  const found = SOFTHSM_PATHS.find((path) => existsSync(path));
  if (!found)
    throw new VaultError(
      'Demo mode keeps its keys in SoftHSM, which is not installed: `apt-get install softhsm2` (npm start does this when it runs as root).',
    );
  return found;
}

/** Whether a module path is SoftHSM's (production refuses it unless told it is a test). */
export const isSoftHsm = (path: string) => /softhsm/i.test(basename(path));

/**
 * Points SoftHSM at a token folder inside `dir`, unless SOFTHSM2_CONF already names one. Other
 * processes may be loading SoftHSM from the same file at this moment: a file already right is left
 * alone, and a new one is written beside it and renamed into place, so a reader never meets it
 * empty (one that did fell back to SoftHSM's default folder and made a second token).
 */
export function useSoftHsmFolder(dir: string): void {
  if (process.env.SOFTHSM2_CONF) return;
  const folder = resolve(dir);
  const tokens = join(folder, 'tokens');
  mkdirSync(tokens, { recursive: true, mode: 0o700 });
  const conf = join(folder, 'softhsm2.conf');
  const wanted = [
    `directories.tokendir = ${tokens}`,
    'objectstore.backend = file',
    'log.level = ERROR',
    'slots.removable = false',
    '',
  ].join('\n');
  if (!existsSync(conf) || readFileSync(conf, 'utf8') !== wanted) {
    const written = `${conf}.${process.pid}`;
    writeFileSync(written, wanted, { mode: 0o600 });
    renameSync(written, conf);
  }
  process.env.SOFTHSM2_CONF = conf;
}

/**
 * Makes the token `label` when SoftHSM has none (demo mode's first start): its security officer's
 * and user's PIN are both `pin`. A real HSM's token is the operator's to initialize.
 */
export function ensureSoftHsmToken(modulePath: string, label: string, pin: string): void {
  const module = loadModule(modulePath);
  if (slotOf(module, label)) return;
  const free = module
    .C_GetSlotList(true)
    .find((slot) => !(module.C_GetTokenInfo(slot).flags & pkcs11js.CKF_TOKEN_INITIALIZED));
  if (!free) throw new VaultError('SoftHSM has no free slot for a new token.');
  module.C_InitToken(free, pin, label.padEnd(32));
  const slot = slotOf(module, label);
  if (!slot) throw new VaultError(`SoftHSM did not make the token "${label}".`);
  const session = module.C_OpenSession(slot, pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION);
  try {
    module.C_Login(session, pkcs11js.CKU_SO, pin);
    module.C_InitPIN(session, pin);
    module.C_Logout(session);
  } finally {
    module.C_CloseSession(session);
  }
}

/**
 * Runs `work` holding a lock file other processes wait on (the file names its holder: one left by
 * a process that died is taken over). Synchronous, as opening the vault is; a few lines where
 * the lock libraries are asynchronous.
 */
function whileHolding<T>(lock: string, work: () => T): T {
  const deadline = Date.now() + 60_000;
  const mine = String(process.pid);
  for (;;) {
    try {
      writeFileSync(lock, mine, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const seen = lockHolder(lock);
      if (seen !== null && !holderAlive(seen)) removeAbandonedLock(lock, seen);
      else if (Date.now() > deadline)
        throw new VaultError(`${lock} has been held for a minute: is another server starting?`);
      else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 50);
    }
  }
  try {
    return work();
  } finally {
    if (lockHolder(lock) === mine) rmSync(lock, { force: true });
  }
}

/** What the lock says of its holder; null when it is gone (free again) or not yet written. */
function lockHolder(lock: string): string | null {
  try {
    return readFileSync(lock, 'utf8') || null;
  } catch {
    return null;
  }
}

function holderAlive(holder: string): boolean {
  const pid = Number(holder);
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Removes the lock when it still names `seen`, a holder found dead. A waiter's look can be old
 * by the time it learns the holder is gone: the holder may have released the lock and exited,
 * and another process taken it, in between (under load, that happened: two tokens). So the file
 * is read again, and then moved aside (one waiter wins the move) and checked once more before it
 * is deleted; a lock that turns out to be a live holder's is put back.
 */
export function removeAbandonedLock(lock: string, seen: string): boolean {
  if (lockHolder(lock) !== seen) return false;
  const aside = `${lock}.${process.pid}`;
  try {
    renameSync(lock, aside);
  } catch {
    return false; // another waiter moved it first
  }
  try {
    if (lockHolder(aside) === seen) return true;
    try {
      linkSync(aside, lock);
    } catch {
      // A third process took the free name meanwhile: only a crash and two waiters get here.
    }
    return false;
  } finally {
    rmSync(aside, { force: true });
  }
}

export interface HsmSettings {
  /** The PKCS#11 library; null in demo mode without one: SoftHSM in `dataDir`. */
  module: string | null;
  token: string;
  pin: string;
  dataDir: string;
}

/**
 * Where SoftHSM keeps the tokens of this configuration (what a backup copies): the folder its
 * configuration file names; null when the keys are in another HSM, backed up by its own means.
 */
export function softHsmTokenFolder(settings: HsmSettings): string | null {
  if (settings.module && !isSoftHsm(settings.module)) return null;
  const conf = process.env.SOFTHSM2_CONF ?? join(settings.dataDir, 'softhsm', 'softhsm2.conf');
  const named = existsSync(conf)
    ? /^directories\.tokendir\s*=\s*(.+)$/m.exec(readFileSync(conf, 'utf8'))?.[1]?.trim()
    : undefined;
  return named ?? join(resolve(settings.dataDir), 'softhsm', 'tokens');
}

/** The vault the configuration names (config.ts has refused what production may not use). */
export function openConfiguredVault(settings: HsmSettings): KeyVault {
  if (settings.module)
    return openVault({ module: settings.module, token: settings.token, pin: settings.pin });
  const folder = join(settings.dataDir, 'softhsm');
  useSoftHsmFolder(folder);
  mkdirSync(folder, { recursive: true });
  const module = findSoftHsm();
  // Several processes starting on one DATA_DIR: one makes the token, the others then see it.
  // SoftHSM reads its tokens when first loaded, so that waits for the lock. So does the login:
  // it rewrites the token's file, which Debian's SoftHSM (2.6.1) leaves empty for a moment after
  // unlocking it (it writes its buffer after), and a process loading SoftHSM then would not see
  // the token and would make another.
  return whileHolding(join(folder, 'token.lock'), () => {
    ensureSoftHsmToken(module, settings.token, settings.pin);
    return openVault({ module, token: settings.token, pin: settings.pin });
  });
}
