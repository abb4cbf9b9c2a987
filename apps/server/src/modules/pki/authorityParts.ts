/**
 * The authority's members made and read: their keys in the hardware module, their certificates
 * and records in the database (authority.ts and the key ceremony put them together).
 */
import { createHash, randomUUID, webcrypto } from 'node:crypto';
import * as x509 from './x509.js';
import { type Queryable } from '../../db/pool.js';
import type { KeyVault, VaultKey } from '../../adapters/hsm/pkcs11.js';
import { SYSTEM_CONTEXT } from '../audit/log.js';
import { CA_CURVE, CA_SIGNING_ALGORITHM, TSU_CURVE, cryptoFor, type Signer } from './signer.js';
import {
  caNames,
  issuingExtensions,
  issuingPaths,
  newSerial,
  ocspExtensions,
  rootExtensions,
  systemRandom,
  tsaExtensions,
  esignServiceExtensions,
} from './profiles.js';

import type {
  AuthorityOptions,
  CaMember,
  CaName,
  CeremonyRecord,
  DelegateName,
  IssuingGeneration,
} from './authorityModel.js';
import {
  DAY_MS,
  ESIGN_CERTIFICATE_DAYS,
  OCSP_CERTIFICATE_DAYS,
  TSA_CERTIFICATE_DAYS,
  certifies,
  spkiHash,
  wholeSeconds,
} from './authorityModel.js';

export async function record(
  audit: AuthorityOptions['audit'],
  tx: Queryable,
  kind: CaName | 'subscriber',
  certificate: x509.X509Certificate,
  now: Date,
  holder: { userSlno: number; orgSlno: number | null; class: string } | null = null,
) {
  await audit.record(tx, SYSTEM_CONTEXT, {
    action: 'ca.certificate-signed',
    target: certificate.serialNumber.toUpperCase(),
    actor: holder?.userSlno ?? null,
    orgSlno: holder?.orgSlno ?? null,
    detail: { kind, issuer: certificate.issuer },
  });
  await tx.query(
    `INSERT INTO certificates (serial, kind, der, subject, issuer, not_before, not_after, spki_sha256, user_slno, org_slno, class, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
    [
      certificate.serialNumber.toUpperCase(),
      kind,
      Buffer.from(certificate.rawData),
      certificate.subject,
      certificate.issuer,
      certificate.notBefore,
      certificate.notAfter,
      spkiHash(certificate.publicKey.rawData),
      holder?.userSlno ?? null,
      holder?.orgSlno ?? null,
      holder?.class ?? null,
      now,
    ],
  );
}

/** What a certificate signed by `signer` is made with. */
export const signed = (signer: Signer) => ({
  signingKey: signer.publicKey,
  signingAlgorithm: CA_SIGNING_ALGORITHM,
});

/** One making or rollover of the authority at a time, across servers. */
const lockAuthority = (tx: Queryable) =>
  tx.query("SELECT pg_advisory_xact_lock(hashtext('tawqi certificate authority'))");

/** What the authority's first start, the key ceremony and a rollover share: making its members. */
export function authorityParts(options: AuthorityOptions) {
  const { create, read, readGenerations } = memberKeys(options);
  const { newIssuing, newMember, makeAuthority } = memberMaking(options, create);
  return { read, readGenerations, signed, newIssuing, newMember, makeAuthority, lockAuthority };
}

/** The public key and hash a member's certificate names (a TSU's may be on P-256, a CA's P-384). */
async function certifiedKey(
  certificate: x509.X509Certificate,
): Promise<Pick<Signer, 'hash' | 'publicKey'>> {
  const { namedCurve } = certificate.publicKey.algorithm as EcKeyAlgorithm;
  const curve = namedCurve === 'P-256' ? 'P-256' : CA_CURVE;
  return {
    hash: curve === 'P-256' ? 'SHA-256' : CA_SIGNING_ALGORITHM.hash,
    publicKey: await certificate.publicKey.export({ name: 'ECDSA', namedCurve: curve }, ['verify']),
  };
}

/**
 * The members' keys in the module: made with a certificate and recorded, or read with the
 * certificate they are checked against.
 */
function memberKeys(options: AuthorityOptions) {
  const { vault, clock, audit } = options;

  /** A new key made in the module, certified by `make`, recorded and named current. */
  const create = async (
    tx: Queryable,
    name: CaName,
    make: (signer: Signer) => Promise<x509.X509Certificate>,
  ): Promise<CaMember & { signer: VaultKey }> => {
    const key = await vault.generate(
      name === 'tsa' ? TSU_CURVE : CA_CURVE,
      `${name}-${randomUUID()}`,
    );
    await audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.key-made',
      target: name,
      detail: { key: key.label, curve: key.curve, module: vault.description },
    });
    const certificate = await make(key);
    await record(audit, tx, name, certificate, clock());
    await tx.query(
      `INSERT INTO ca_keys (name, serial, key_label, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET serial = EXCLUDED.serial, key_label = EXCLUDED.key_label, updated_at = EXCLUDED.updated_at`,
      [name, certificate.serialNumber.toUpperCase(), key.label, clock()],
    );
    return { certificate, signer: key };
  };

  /** A member's key from the module, checked against its certificate; its loading recorded. */
  const loadKey = async (
    db: Queryable,
    name: CaName,
    label: string,
    certificate: x509.X509Certificate,
  ) => {
    const key = await vault.find(label);
    if (!key)
      throw new Error(
        name === 'root'
          ? `The root's key "${label}" is not in ${vault.description}: the root is offline. Bring it online for the ceremony's work (npm run ca:arl), or let this server keep signing with what the root signed before.`
          : `The certificate authority's ${name} key "${label}" is not in ${vault.description}: HSM_MODULE or HSM_TOKEN names another module or token than the one it was made in.`,
      );
    if (!(await certifies(certificate, key.publicKey)))
      throw new Error(
        `The key "${label}" in ${vault.description} is not the one the ${name} certificate certifies.`,
      );
    await audit.record(db, SYSTEM_CONTEXT, {
      action: 'ca.key-loaded',
      target: name,
      detail: { key: key.label, serial: certificate.serialNumber.toUpperCase() },
    });
    return key;
  };

  /**
   * A member whose key is looked up only when it first signs: the root's, which signs nothing a
   * running server needs but the ARL, so that the root can stay offline (its key need not be in
   * the server's module at all once the issuing CA exists); and a retiring generation's keys.
   */
  const keyOnFirstUse = async (
    name: CaName,
    label: string,
    certificate: x509.X509Certificate,
  ): Promise<Signer> => {
    let key: Promise<Signer> | null = null;
    return {
      ...(await certifiedKey(certificate)),
      sign: async (data) => {
        key ??= loadKey(options.pool, name, label, certificate);
        return (await key).sign(data);
      },
    };
  };

  const read = async (
    tx: Queryable,
    name: CaName,
    when: 'now' | 'when used' = 'now',
  ): Promise<CaMember | null> => {
    const [row] = (
      await tx.query<{ der: Buffer; key_label: string | null }>(
        'SELECT c.der, k.key_label FROM ca_keys k JOIN certificates c USING (serial) WHERE k.name = $1',
        [name],
      )
    ).rows;
    if (!row) return null;
    const certificate = new x509.X509Certificate(new Uint8Array(row.der));
    if (!row.key_label)
      throw new Error(
        `The certificate authority's ${name} key was made before keys moved into the hardware module (it was kept in the database): start from a new database (demo mode: a new DATA_DIR) or make a new authority with the key ceremony.`,
      );
    if (when === 'when used')
      return { certificate, signer: await keyOnFirstUse(name, row.key_label, certificate) };
    return { certificate, signer: await loadKey(tx, name, row.key_label, certificate) };
  };

  /** Every generation of the issuing CA, oldest first; the current one's key loaded now. */
  const readGenerations = async (db: Queryable): Promise<IssuingGeneration[]> => {
    const { rows } = await db.query<{ generation: number; der: Buffer; key_label: string }>(
      `SELECT g.generation, c.der, g.key_label FROM issuing_generations g JOIN certificates c USING (serial)
        ORDER BY g.generation`,
    );
    return Promise.all(
      rows.map(async (row, index) => {
        const certificate = new x509.X509Certificate(new Uint8Array(row.der));
        return {
          certificate,
          generation: row.generation,
          paths: issuingPaths(row.generation),
          signer:
            index === rows.length - 1
              ? await loadKey(db, 'issuing', row.key_label, certificate)
              : await keyOnFirstUse('issuing', row.key_label, certificate),
        };
      }),
    );
  };

  return { create, read, readGenerations };
}

/** The authority's members made: its root, an issuing CA's generation, and the delegates. */
function memberMaking(options: AuthorityOptions, create: ReturnType<typeof memberKeys>['create']) {
  const { config, clock } = options;
  const origin = config.publicOrigin;
  const names = caNames(config.demo);

  /** Generation `generation` of the issuing CA, certified by the root, made current. */
  const newIssuing = async (
    tx: Queryable,
    root: CaMember,
    generation: number,
  ): Promise<IssuingGeneration> => {
    const now = wholeSeconds(clock());
    const made = await create(tx, 'issuing', async (signer) =>
      x509.X509CertificateGenerator.create(
        {
          serialNumber: newSerial(systemRandom),
          subject: caNames(config.demo, generation).issuing,
          issuer: root.certificate.subjectName,
          notBefore: now,
          notAfter: new Date(
            Math.min(
              now.getTime() + (config.CA_VALIDITY_YEARS / 2) * 365 * DAY_MS,
              root.certificate.notAfter.getTime(),
            ),
          ),
          publicKey: signer.publicKey,
          extensions: await issuingExtensions(root.certificate, signer.publicKey, origin),
          ...signed(root.signer),
        },
        cryptoFor(root.signer),
      ),
    );
    await tx.query(
      'INSERT INTO issuing_generations (generation, serial, key_label) VALUES ($1, $2, $3)',
      [generation, made.certificate.serialNumber.toUpperCase(), made.signer.label],
    );
    return { ...made, generation, paths: issuingPaths(generation) };
  };

  /** A member the issuing CA certifies for one task (OCSP, time stamps), for `days`. */
  const newDelegate = (
    tx: Queryable,
    issuing: IssuingGeneration,
    name: 'ocsp' | 'tsa' | 'esign',
    days: number,
    extensions: (key: CryptoKey) => Promise<x509.Extension[]>,
  ) =>
    create(tx, name, async (signer) => {
      const now = wholeSeconds(clock());
      return x509.X509CertificateGenerator.create(
        {
          serialNumber: newSerial(systemRandom),
          subject: caNames(config.demo, issuing.generation)[name],
          issuer: issuing.certificate.subjectName,
          notBefore: now,
          notAfter: new Date(now.getTime() + days * DAY_MS),
          publicKey: signer.publicKey,
          extensions: await extensions(signer.publicKey),
          ...signed(issuing.signer),
        },
        cryptoFor(issuing.signer),
      );
    });

  const newResponder = (tx: Queryable, issuing: IssuingGeneration) =>
    newDelegate(tx, issuing, 'ocsp', OCSP_CERTIFICATE_DAYS, (key) =>
      ocspExtensions(issuing.certificate, key),
    );

  /** The root, the issuing CA under it and the OCSP responder, made in `tx`. */
  const makeAuthority = async (tx: Queryable) => {
    const now = wholeSeconds(clock());
    const years = config.CA_VALIDITY_YEARS;
    const made = await create(tx, 'root', async (signer) =>
      x509.X509CertificateGenerator.create(
        {
          serialNumber: newSerial(systemRandom),
          subject: names.root,
          issuer: names.root,
          notBefore: now,
          notAfter: new Date(now.getTime() + years * 365 * DAY_MS),
          publicKey: signer.publicKey,
          extensions: await rootExtensions(signer.publicKey),
          ...signed(signer),
        },
        cryptoFor(signer),
      ),
    );
    const issuingMember = await newIssuing(tx, made, 1);
    const responder = await newResponder(tx, issuingMember);
    return { root: made, issuing: issuingMember, responder };
  };

  /** A delegate (OCSP, TSA, eSign service) made anew under `issuing`. */
  const newMember = (tx: Queryable, issuing: IssuingGeneration, name: DelegateName) =>
    name === 'ocsp'
      ? newResponder(tx, issuing)
      : name === 'tsa'
        ? newDelegate(tx, issuing, 'tsa', TSA_CERTIFICATE_DAYS, (key) =>
            tsaExtensions(issuing, key, origin),
          )
        : newDelegate(tx, issuing, 'esign', ESIGN_CERTIFICATE_DAYS, (key) =>
            esignServiceExtensions(issuing, key, origin),
          );

  return { newIssuing, newMember, makeAuthority };
}

export const sha256Hex = (bytes: ArrayBuffer) =>
  createHash('sha256').update(new Uint8Array(bytes)).digest('hex').toUpperCase();

export async function recordOf(
  vault: KeyVault,
  operator: string,
  at: Date,
  members: [CaName, CaMember][],
): Promise<CeremonyRecord> {
  return {
    at,
    operator,
    module: vault.description,
    members: await Promise.all(
      members.map(async ([name, member]) => ({
        name,
        keyLabel: 'label' in member.signer ? String(member.signer.label) : '',
        subject: member.certificate.subject,
        serial: member.certificate.serialNumber.toUpperCase(),
        notAfter: member.certificate.notAfter,
        certificateSha256: sha256Hex(member.certificate.rawData),
        publicKeySha256: sha256Hex(
          await webcrypto.subtle.exportKey('spki', member.signer.publicKey),
        ),
      })),
    ),
  };
}
