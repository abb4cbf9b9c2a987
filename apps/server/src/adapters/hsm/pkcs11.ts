/**
 * The hardware security module: every private key the service signs with (the certificate
 * authority's, the OCSP responder's, the TSA's, the eSign service's, the one-hour signer keys and
 * the access-token key) is made inside it, marked sensitive and not extractable, and used by
 * handle through PKCS#11. The database keeps only public keys and labels.
 *
 * Production names its module (the HSM vendor's PKCS#11 library), token and PIN (HSM_*); demo
 * mode and the tests run SoftHSM (./softHsm.ts) through this same code. The binding is pkcs11js
 * (PeculiarVentures', the binding under graphene-pk11 and node-webcrypto-p11); its signing call
 * runs on libuv's thread pool, so a slow network HSM does not stall the server.
 */
import { createHash, webcrypto } from 'node:crypto';
import pkcs11js from 'pkcs11js';

export type Curve = 'P-256' | 'P-384';

const CURVES: Record<
  Curve,
  { params: Buffer; hash: 'SHA-256' | 'SHA-384'; nodeHash: string; pointBytes: number }
> = {
  // The named curve's OID, DER-encoded (CKA_EC_PARAMS).
  'P-256': {
    params: Buffer.from('06082a8648ce3d030107', 'hex'),
    hash: 'SHA-256',
    nodeHash: 'sha256',
    pointBytes: 65,
  },
  'P-384': {
    params: Buffer.from('06052b81040022', 'hex'),
    hash: 'SHA-384',
    nodeHash: 'sha384',
    pointBytes: 97,
  },
};

/** A private key inside the module, used by handle. */
export interface VaultKey {
  /** Its name in the module (CKA_LABEL and CKA_ID); the database keeps it. */
  readonly label: string;
  readonly curve: Curve;
  /** The hash its signatures are made with: SHA-256 on P-256, SHA-384 on P-384. */
  readonly hash: 'SHA-256' | 'SHA-384';
  /** The public half, as WebCrypto's key (for certificates and verification). */
  readonly publicKey: CryptoKey;
  /**
   * Signs `data` with ECDSA and the curve's hash (SHA-256 on P-256, SHA-384 on P-384): the hash is
   * taken here, the module signs it (CKM_ECDSA). The answer is r‖s, as WebCrypto's.
   */
  sign(data: BufferSource): Promise<ArrayBuffer>;
}

/** A key made for one task (a one-hour signer's): gone when discarded or the process ends. */
export interface SessionKey extends VaultKey {
  discard(): void;
}

export interface KeyVault {
  /** What holds the keys, for the audit log and messages: the module and the token label. */
  readonly description: string;
  /** A new key kept in the token (found again by `label` after a restart). */
  generate(curve: Curve, label: string): Promise<VaultKey>;
  /** A new key that is never stored: a session object, destroyed by `discard`. */
  generateForSession(curve: Curve): Promise<SessionKey>;
  /** A kept key by its label; null when the token has none. */
  find(label: string): Promise<VaultKey | null>;
  /** Destroys a kept key (a retired key after rollover, once nothing signs with it). */
  destroy(label: string): void;
  /** Closes this vault's sessions (the module stays loaded for others in the process). */
  close(): void;
}

export interface VaultSettings {
  /** Path of the PKCS#11 library. */
  module: string;
  /** The token's label. */
  token: string;
  /** The user PIN. */
  pin: string;
}

export class VaultError extends Error {
  override readonly name = 'VaultError';
}

/** C_Initialize happens once per process and library, however many vaults open it. */
const loaded = new Map<string, pkcs11js.PKCS11>();

/** The module at `path`, loaded and initialized once in this process. */
export function loadModule(path: string): pkcs11js.PKCS11 {
  let module = loaded.get(path);
  if (module) return module;
  module = new pkcs11js.PKCS11();
  try {
    module.load(path);
  } catch (error) {
    throw new VaultError(
      `The PKCS#11 module ${path} cannot be loaded: ${(error as Error).message}`,
    );
  }
  try {
    // Several threads at once: the async calls run on libuv's threads beside this thread's own.
    // Without CKF_OS_LOCKING_OK a module may (SoftHSM does) take no locks at all, and parallel
    // calls corrupted its memory: a server under load crashed (test/keys.test.ts).
    module.C_Initialize({ flags: pkcs11js.CKF_OS_LOCKING_OK });
  } catch (error) {
    if (isCode(error, pkcs11js.CKR_CANT_LOCK))
      throw new VaultError(
        `The PKCS#11 module ${path} cannot be called from several threads at once (CKR_CANT_LOCK), which the server does.`,
      );
    if (!isCode(error, pkcs11js.CKR_CRYPTOKI_ALREADY_INITIALIZED)) throw error;
  }
  loaded.set(path, module);
  return module;
}

export function isCode(error: unknown, code: number): boolean {
  return (error as { code?: unknown }).code === code;
}

/** A token's label as the module gives it: padded to 32 with spaces (or NULs, by pkcs11js). */
export const tokenLabel = (label: string) => label.replace(/[\s\0]+$/, '');

/** The slot holding the token labelled `label`, or undefined. */
export function slotOf(module: pkcs11js.PKCS11, label: string): Buffer | undefined {
  return module
    .C_GetSlotList(true)
    .find((slot) => tokenLabel(module.C_GetTokenInfo(slot).label) === label);
}

type Module = pkcs11js.PKCS11;

/**
 * The token's sessions, logged in: reused, one per operation in flight (a signature is C_SignInit
 * then C_Sign on one session), and never closed before `close`, since closing one destroys the
 * session keys it made.
 */
function tokenSessions(module: Module, slot: Buffer, settings: VaultSettings) {
  const sessions: Buffer[] = [];
  const idle: Buffer[] = [];
  const openSession = () => {
    const session = module.C_OpenSession(
      slot,
      pkcs11js.CKF_SERIAL_SESSION | pkcs11js.CKF_RW_SESSION,
    );
    sessions.push(session);
    return session;
  };
  // Login is per token and application: once, on the first session.
  const first = openSession();
  try {
    module.C_Login(first, pkcs11js.CKU_USER, settings.pin);
  } catch (error) {
    if (!isCode(error, pkcs11js.CKR_USER_ALREADY_LOGGED_IN)) {
      module.C_CloseSession(first);
      throw new VaultError(
        `The PKCS#11 token "${settings.token}" refused the PIN (HSM_PIN): ${(error as Error).message}`,
      );
    }
  }
  idle.push(first);

  return {
    async withSession<T>(work: (session: Buffer) => Promise<T> | T): Promise<T> {
      const session = idle.pop() ?? openSession();
      try {
        return await work(session);
      } finally {
        idle.push(session);
      }
    },
    withSessionNow<T>(work: (session: Buffer) => T): T {
      const session = idle.pop() ?? openSession();
      try {
        return work(session);
      } finally {
        idle.push(session);
      }
    },
    close() {
      for (const session of sessions.splice(0))
        try {
          module.C_CloseSession(session);
        } catch {
          // Already closed with the module.
        }
      idle.length = 0;
    },
  };
}
type Sessions = ReturnType<typeof tokenSessions>;

/** The public half of the key pair `handle` is of, as WebCrypto's key. */
async function publicKeyOf(module: Module, session: Buffer, handle: Buffer, curve: Curve) {
  const [attribute] = module.C_GetAttributeValue(session, handle, [
    { type: pkcs11js.CKA_EC_POINT },
  ]);
  const point = unwrapPoint(attribute?.value as Buffer, CURVES[curve].pointBytes);
  return webcrypto.subtle.importKey('raw', point, { name: 'ECDSA', namedCurve: curve }, true, [
    'verify',
  ]);
}

/** The module's private key `privateKey`, signing in a session of its own each time. */
const keyOf = (
  module: Module,
  sessions: Sessions,
  label: string,
  curve: Curve,
  privateKey: Buffer,
  publicKey: CryptoKey,
): VaultKey => ({
  label,
  curve,
  hash: CURVES[curve].hash,
  publicKey,
  sign: (data: BufferSource) =>
    sessions.withSession(async (session) => {
      const digest = createHash(CURVES[curve].nodeHash).update(bytesOf(data)).digest();
      module.C_SignInit(session, { mechanism: pkcs11js.CKM_ECDSA }, privateKey);
      const signature = await module.C_SignAsync(
        session,
        digest,
        Buffer.alloc(CURVES[curve].pointBytes),
      );
      return new Uint8Array(signature).buffer;
    }),
});

/** A key pair made in the module: kept in the token, or (not `kept`) for the session alone. */
async function generateIn(
  module: Module,
  session: Buffer,
  curve: Curve,
  label: string,
  kept: boolean,
) {
  const id = Buffer.from(label);
  const { privateKey, publicKey } = await module.C_GenerateKeyPairAsync(
    session,
    { mechanism: pkcs11js.CKM_EC_KEY_PAIR_GEN },
    [
      { type: pkcs11js.CKA_TOKEN, value: kept },
      { type: pkcs11js.CKA_LABEL, value: label },
      { type: pkcs11js.CKA_ID, value: id },
      { type: pkcs11js.CKA_VERIFY, value: true },
      { type: pkcs11js.CKA_EC_PARAMS, value: CURVES[curve].params },
    ],
    [
      { type: pkcs11js.CKA_TOKEN, value: kept },
      { type: pkcs11js.CKA_LABEL, value: label },
      { type: pkcs11js.CKA_ID, value: id },
      { type: pkcs11js.CKA_PRIVATE, value: true },
      { type: pkcs11js.CKA_SIGN, value: true },
      // Never leaves the module, not even wrapped.
      { type: pkcs11js.CKA_SENSITIVE, value: true },
      { type: pkcs11js.CKA_EXTRACTABLE, value: false },
    ],
  );
  return { privateKey, publicKey, public: await publicKeyOf(module, session, publicKey, curve) };
}

/** The objects of class `kind` labelled `label` (two at most: one is expected). */
function findObject(module: Module, session: Buffer, label: string, kind: number) {
  module.C_FindObjectsInit(session, [
    { type: pkcs11js.CKA_CLASS, value: kind },
    { type: pkcs11js.CKA_LABEL, value: label },
  ]);
  try {
    return module.C_FindObjects(session, 2);
  } finally {
    module.C_FindObjectsFinal(session);
  }
}

/** The kept key labelled `label`, or null; its curve read from the module. */
async function findKey(module: Module, sessions: Sessions, session: Buffer, label: string) {
  const [privateKey, ...more] = findObject(module, session, label, pkcs11js.CKO_PRIVATE_KEY);
  const [publicKey] = findObject(module, session, label, pkcs11js.CKO_PUBLIC_KEY);
  if (!privateKey || !publicKey) return null;
  if (more.length > 0) throw new VaultError(`The token holds two keys labelled "${label}".`);
  const [params] = module.C_GetAttributeValue(session, publicKey, [
    { type: pkcs11js.CKA_EC_PARAMS },
  ]);
  const curve = (Object.keys(CURVES) as Curve[]).find((name) =>
    CURVES[name].params.equals(params?.value as Buffer),
  );
  if (!curve) throw new VaultError(`The key "${label}" is not on P-256 or P-384.`);
  const publicHalf = await publicKeyOf(module, session, publicKey, curve);
  return keyOf(module, sessions, label, curve, privateKey, publicHalf);
}

/** Opens the token and logs in; every key operation goes through the returned vault. */
export function openVault(settings: VaultSettings): KeyVault {
  const module = loadModule(settings.module);
  const slot = slotOf(module, settings.token);
  if (!slot)
    throw new VaultError(
      `The PKCS#11 module ${settings.module} has no token labelled "${settings.token}" (HSM_TOKEN).`,
    );
  const info = module.C_GetInfo();
  const description = `${tokenLabel(info.manufacturerID)} ${tokenLabel(info.libraryDescription)}, token "${settings.token}"`;
  const sessions = tokenSessions(module, slot, settings);

  return {
    description,

    generate: (curve, label) =>
      sessions.withSession(async (session) => {
        if (findObject(module, session, label, pkcs11js.CKO_PRIVATE_KEY).length > 0)
          throw new VaultError(`The token already holds a key labelled "${label}".`);
        const made = await generateIn(module, session, curve, label, true);
        return keyOf(module, sessions, label, curve, made.privateKey, made.public);
      }),

    generateForSession: (curve) =>
      sessions.withSession(async (session) => {
        const label = `session-${webcrypto.randomUUID()}`;
        const made = await generateIn(module, session, curve, label, false);
        let discarded = false;
        return {
          ...keyOf(module, sessions, label, curve, made.privateKey, made.public),
          discard() {
            if (discarded) return;
            discarded = true;
            sessions.withSessionNow((any) => {
              module.C_DestroyObject(any, made.privateKey);
              module.C_DestroyObject(any, made.publicKey);
            });
          },
        };
      }),

    find: (label) => sessions.withSession((session) => findKey(module, sessions, session, label)),

    destroy(label) {
      sessions.withSessionNow((session) => {
        for (const kind of [pkcs11js.CKO_PRIVATE_KEY, pkcs11js.CKO_PUBLIC_KEY])
          for (const handle of findObject(module, session, label, kind))
            module.C_DestroyObject(session, handle);
      });
    },

    close: () => sessions.close(),
  };
}

const bytesOf = (data: BufferSource) =>
  ArrayBuffer.isView(data)
    ? Buffer.from(data.buffer, data.byteOffset, data.byteLength)
    : Buffer.from(data);

/** CKA_EC_POINT is the point wrapped in a DER OCTET STRING (PKCS#11 2.40 §2.3.3); some modules omit the wrapping. */
function unwrapPoint(value: Buffer, pointBytes: number): Buffer {
  if (value.length === pointBytes) return value;
  if (value[0] === 0x04 && value[1] === pointBytes && value.length === pointBytes + 2)
    return value.subarray(2);
  throw new VaultError('The module gave a public key point that is not an uncompressed point.');
}
