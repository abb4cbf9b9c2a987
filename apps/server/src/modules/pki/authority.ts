/**
 * The certificate authority: a root, the issuing CA under it (which signs subscribers'
 * certificates and the CRL) and a delegated OCSP responder, made on first start and kept in the
 * database; their keys are made in the hardware security module (adapters/hsm) and the database
 * names them by label. Several servers may start at once: an advisory lock makes one of them
 * create the authority and the others read it.
 *
 * The issuing CA has generations: a rollover (`npm run ca:rollover -- issuing`) has the root
 * certify a new key under a new name (G2, G3…) that issues from then on, with new delegates
 * under it; an old generation issues nothing more but keeps its key for its own CRL and for OCSP
 * answers about what it issued, until the last of that has expired.
 */
import { createHash, randomUUID, webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import * as x509 from './x509.js';
import type { Config } from '../../config.js';
import { inTransaction, type Pool, type Queryable } from '../../db/pool.js';
import type { KeyVault, VaultKey } from '../../adapters/hsm/pkcs11.js';
import { SYSTEM_CONTEXT, type AuditLog } from '../audit/log.js';
import { CA_CURVE, CA_SIGNING_ALGORITHM, cryptoFor, type Signer } from './signer.js';
import {
  caNames,
  issuingExtensions,
  issuingPaths,
  keyIdOf,
  newSerial,
  ocspExtensions,
  rootExtensions,
  subscriberExtensions,
  subscriberSubject,
  systemRandom,
  tsaExtensions,
  esignServiceExtensions,
  type AssuranceLevel,
  type IssuingCa,
  type SubscriberName,
} from './profiles.js';

const DAY_MS = 86_400_000;
/** The OCSP responder's certificate lives 90 days and is replaced when 30 are left. */
const OCSP_CERTIFICATE_DAYS = 90;
const OCSP_RENEW_DAYS = 30;
/** The time-stamping authority's certificate lives a year and is replaced when 30 days are left. */
const TSA_CERTIFICATE_DAYS = 365;
const TSA_RENEW_DAYS = 30;
/** The eSign service's certificate (its answers' JWS) likewise. */
const ESIGN_CERTIFICATE_DAYS = 365;
const ESIGN_RENEW_DAYS = 30;
/** A CRL is good for 7 days; a new one is issued on every revocation and daily. */
export const CRL_VALID_DAYS = 7;
/** The root's ARL signed while it is brought online (the ceremony, `npm run ca:arl`): a year. */
export const ARL_OFFLINE_VALID_DAYS = 365;
export const CRL_REFRESH_MS = DAY_MS;
/** How often a server looks whether another process rolled a delegate's key over. */
const ROLLOVER_LOOK_MS = 60_000;

type CaName = 'root' | 'issuing' | 'ocsp' | 'tsa' | 'esign';

/** Production makes no authority by itself: an operator holds the key ceremony first. */
export class NoAuthorityYet extends Error {
  /** Said beside the message when a start is refused for it (main.ts). */
  readonly code = 'NO_AUTHORITY';
  constructor() {
    super(
      'There is no certificate authority in this database yet: hold the key ceremony first (`npm run ca:ceremony -w @tawqi/server -- --operator "<name>"`).',
    );
  }
}

export interface CaMember {
  certificate: x509.X509Certificate;
  signer: Signer;
}

/** An issuing CA whose certificates' status is answered (ocsp.ts), and who signs the answers. */
export interface OcspIssuer {
  certificate: x509.X509Certificate;
  responder: CaMember;
}

/** One generation of the issuing CA (an old one's key is looked up when it first signs). */
export interface IssuingGeneration extends CaMember, IssuingCa {
  /** Where its certificate and CRL are published. */
  paths: { certificate: string; crl: string };
}

declare module '../../deps.js' {
  interface Deps {
    /** The certificate authority. */
    authority: Authority;
  }
}

export interface Authority {
  root: x509.X509Certificate;
  /** The current issuing CA's certificate (the newest generation this server knows). */
  readonly issuing: x509.X509Certificate;
  /** Every generation of the issuing CA this server knows, oldest first. */
  generations(): readonly IssuingGeneration[];
  /**
   * The issuing CA that issued `certificate` (by name; the caller checks the signature), looking
   * again in the database when it is not one this server knows; null when it is not ours.
   */
  issuerOf(certificate: x509.X509Certificate): Promise<IssuingGeneration | null>;
  /** Generation `n`, likewise; null when there is none. */
  generation(n: number): Promise<IssuingGeneration | null>;
  /**
   * Who answers OCSP for each generation: the current one's delegated responder; an old one
   * answers itself (RFC 6960 §4.2.2.2: the CA that issued the certificate may sign).
   */
  ocspIssuers(): Promise<OcspIssuer[]>;
  /** The current OCSP responder (renewed as it nears its end). */
  responder(): Promise<CaMember>;
  /** The current time-stamping authority (made when first asked for, renewed likewise). */
  timestamper(): Promise<CaMember>;
  /** The eSign service's signer of its answers (made when first asked for, renewed likewise). */
  esignService(): Promise<CaMember>;
  /** Signs a subscriber's certificate for a checked request's key; recorded in `tx`. */
  issue(tx: Queryable, order: IssueOrder): Promise<x509.X509Certificate>;
  /** Revokes (once; `reason` is RFC 5280's CRLReason code) and issues a new CRL in `tx`. */
  revoke(tx: Queryable, serial: string, reason: number): Promise<boolean>;
  /**
   * Generation `generation`'s newest CRL, the current one's by default (issued now when there is
   * none or it is a day old).
   */
  currentCrl(generation?: number): Promise<Buffer>;
  /** The root's newest ARL, for the CAs under it (likewise). */
  currentArl(): Promise<Buffer>;
  /** Issues a new CRL of the current generation (under the CRL lock of `tx`). */
  issueCrl(tx: Queryable): Promise<Buffer>;
  /**
   * Rolls a key over (`npm run ca:rollover`), current at once here and within a minute in other
   * servers; what the old key signed still validates (its certificate travels in its signatures
   * and stays in the repository). A delegate: a new key and a certificate from the issuing CA.
   * The issuing CA: the root (online for it) certifies a new generation, and the delegates get
   * new keys under it.
   */
  rollOver(name: DelegateName | 'issuing', operator: string): Promise<CeremonyRecord>;
  /** The root signs an ARL good for a year (while it is online: the ceremony, `npm run ca:arl`). */
  signArl(): Promise<Buffer>;
}

export interface IssueOrder {
  publicKey: x509.PublicKey;
  name: SubscriberName;
  level: AssuranceLevel;
  months: number;
  /** A short-lived certificate's life instead of `months` (the eSign service's signers). */
  minutes?: number;
  /**
   * When it starts (now by default): the eSign service's signing moment, which its timestamps
   * name too. Issued a second later by the clock, the certificate would start after the
   * timestamp that proves the signature, and a relying party would not trust the signature.
   */
  at?: Date;
  userSlno: number;
  orgSlno: number | null;
  class: string;
}

export interface AuthorityOptions {
  pool: Pool;
  config: Pick<
    Config,
    'demo' | 'CA_VALIDITY_YEARS' | 'publicOrigin' | 'caProfile' | 'CA_ROOT_OFFLINE'
  >;
  /** Where the authority's keys are made and kept. */
  vault: KeyVault;
  /** Every use of its keys is recorded: made, loaded, each certificate and CRL signed. */
  audit: Pick<AuditLog, 'record'>;
  clock: () => Date;
}

const spkiHash = (spki: ArrayBuffer | Uint8Array) =>
  createHash('sha256').update(new Uint8Array(spki)).digest('hex');

async function record(
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

/** Loads the authority, creating it on first start. */
/** What the authority's first start, the key ceremony and a rollover share: making its members. */
function authorityParts(options: AuthorityOptions) {
  const { config, vault, clock, audit } = options;
  const origin = config.publicOrigin;
  const names = caNames(config.demo);

  /** A new key made in the module, certified by `make`, recorded and named current. */
  const create = async (
    tx: Queryable,
    name: CaName,
    make: (signer: Signer) => Promise<x509.X509Certificate>,
  ): Promise<CaMember & { signer: VaultKey }> => {
    const key = await vault.generate(CA_CURVE, `${name}-${randomUUID()}`);
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
   * the server's module at all once the issuing CA exists).
   */
  const keyOnFirstUse = async (
    name: CaName,
    label: string,
    certificate: x509.X509Certificate,
  ): Promise<Signer> => {
    let key: Promise<Signer> | null = null;
    return {
      hash: CA_SIGNING_ALGORITHM.hash,
      publicKey: await certificate.publicKey.export({ name: 'ECDSA', namedCurve: CA_CURVE }, [
        'verify',
      ]),
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

  const signed = (signer: Signer) => ({
    signingKey: signer.publicKey,
    signingAlgorithm: CA_SIGNING_ALGORITHM,
  });

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

  const lockAuthority = (tx: Queryable) =>
    tx.query("SELECT pg_advisory_xact_lock(hashtext('tawqi certificate authority'))");

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

  return {
    read,
    readGenerations,
    signed,
    newIssuing,
    newMember,
    makeAuthority,
    lockAuthority,
  };
}

/** A delegate of the issuing CA, each with its own key. */
export type DelegateName = 'ocsp' | 'tsa' | 'esign';

/** What a key ceremony made, as the operator's printed record shows it. */
export interface CeremonyRecord {
  at: Date;
  operator: string;
  module: string;
  members: {
    name: CaName;
    keyLabel: string;
    subject: string;
    serial: string;
    notAfter: Date;
    /** SHA-256 of the certificate's DER and of its SubjectPublicKeyInfo, upper-case hex. */
    certificateSha256: string;
    publicKeySha256: string;
  }[];
}

const sha256Hex = (bytes: ArrayBuffer) =>
  createHash('sha256').update(new Uint8Array(bytes)).digest('hex').toUpperCase();

async function recordOf(
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

/**
 * The key ceremony (`npm run ca:ceremony`): the root's and the issuing CA's keys made in the
 * module, their certificates and the OCSP responder's, recorded in the audit log with the operator
 * who held it. Refused when the database has an authority already.
 */
export async function holdKeyCeremony(
  options: AuthorityOptions,
  operator: string,
): Promise<CeremonyRecord> {
  const parts = authorityParts(options);
  const made = await inTransaction(options.pool, async (tx) => {
    await parts.lockAuthority(tx);
    const [existing] = (
      await tx.query<{ serial: string }>("SELECT serial FROM ca_keys WHERE name = 'root'")
    ).rows;
    if (existing)
      throw new Error(
        `This database has a certificate authority already (root ${existing.serial}): a ceremony makes a new one only on a new database.`,
      );
    const at = wholeSeconds(options.clock());
    const made = await parts.makeAuthority(tx);
    const record = await recordOf(options.vault, operator, at, [
      ['root', made.root],
      ['issuing', made.issuing],
      ['ocsp', made.responder],
    ]);
    await options.audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.key-ceremony',
      target: made.root.certificate.serialNumber.toUpperCase(),
      detail: {
        operator,
        module: record.module,
        root: record.members[0]?.certificateSha256 ?? null,
        issuing: record.members[1]?.certificateSha256 ?? null,
      },
    });
    return record;
  });
  // The root's first ARL, signed while it is here: an offline root's servers serve it for a year.
  await (await loadAuthority(options)).signArl();
  return made;
}

/** Loads the authority; on a database without one, demo mode holds the ceremony itself. */
export async function loadAuthority(options: AuthorityOptions): Promise<Authority> {
  const { pool, config, vault, clock, audit } = options;
  const origin = config.publicOrigin;
  const parts = authorityParts(options);
  const { read, readGenerations, newIssuing, newMember, lockAuthority, signed } = parts;

  const loaded = await inTransaction(pool, async (tx) => {
    await lockAuthority(tx);
    const root = await read(tx, 'root', 'when used');
    const generations = await readGenerations(tx);
    if (root && generations.length > 0) return { root, generations };
    if (!config.demo) throw new NoAuthorityYet();
    const made = await parts.makeAuthority(tx);
    await audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.key-ceremony',
      target: made.root.certificate.serialNumber.toUpperCase(),
      detail: { operator: 'demo mode, first start', module: vault.description },
    });
    return { root: made.root, generations: [made.issuing] };
  });
  const root = loaded.root;
  /** The issuing CA's generations, oldest first; the last issues. */
  let generations = loaded.generations;
  const current = (): IssuingGeneration => {
    const newest = generations.at(-1);
    if (!newest) throw new Error('the certificate authority has no issuing CA');
    return newest;
  };
  /** Reads the generations again when the database has a newer one than this server knows. */
  const lookForNewGeneration = async () => {
    const [row] = (
      await pool.query<{ generation: number | null }>(
        'SELECT max(generation) AS generation FROM issuing_generations',
      )
    ).rows;
    if ((row?.generation ?? 0) > current().generation) generations = await readGenerations(pool);
  };
  let generationLookedAt = clock().getTime();
  /** The current generation, another server's rollover taken up within a minute. */
  const currentIssuing = async (): Promise<IssuingGeneration> => {
    const now = clock().getTime();
    if (now - generationLookedAt >= ROLLOVER_LOOK_MS) {
      generationLookedAt = now;
      await lookForNewGeneration();
    }
    return current();
  };
  /** The generation that `test` picks, looking in the database once when none here does. */
  const findGeneration = async (test: (generation: IssuingGeneration) => boolean) => {
    const found = generations.find(test);
    if (found) return found;
    await lookForNewGeneration();
    return generations.find(test) ?? null;
  };
  const generationNumbered = (n: number) =>
    findGeneration((generation) => generation.generation === n);

  /**
   * A delegate kept in memory, read or made again once fewer than `renewDays` are left, and read
   * again when another process rolled its key over (looked at once a minute at most).
   */
  const delegate = (name: DelegateName, renewDays: number) => {
    let current: CaMember | null = null;
    let lookedAt = 0;
    const currentSerial = async () =>
      (await pool.query<{ serial: string }>('SELECT serial FROM ca_keys WHERE name = $1', [name]))
        .rows[0]?.serial;
    const get = async (): Promise<CaMember> => {
      const now = clock().getTime();
      const renewBy = now + renewDays * DAY_MS;
      if (current && current.certificate.notAfter.getTime() > renewBy) {
        if (now - lookedAt < ROLLOVER_LOOK_MS) return current;
        lookedAt = now;
        if ((await currentSerial()) === current.certificate.serialNumber.toUpperCase())
          return current;
      }
      const issuing = await currentIssuing();
      current = await inTransaction(pool, async (tx) => {
        await lockAuthority(tx);
        const kept = await read(tx, name);
        if (kept && kept.certificate.notAfter.getTime() > renewBy) return kept;
        return newMember(tx, issuing, name);
      });
      lookedAt = now;
      return current;
    };
    /** This server's own rollover: the new member is current here at once. */
    const replace = (member: CaMember) => {
      current = member;
      lookedAt = clock().getTime();
    };
    return { get, replace };
  };
  const members = {
    ocsp: delegate('ocsp', OCSP_RENEW_DAYS),
    tsa: delegate('tsa', TSA_RENEW_DAYS),
    esign: delegate('esign', ESIGN_RENEW_DAYS),
  };
  const DELEGATES = Object.keys(members) as DelegateName[];

  /**
   * A new key and certificate for a delegate, or a new generation of the issuing CA with new
   * delegates under it; current at once. The old keys stay in the module.
   */
  const rollOver = async (
    name: DelegateName | 'issuing',
    operator: string,
  ): Promise<CeremonyRecord> => {
    const at = wholeSeconds(clock());
    const { made, fresh } = await inTransaction(pool, async (tx) => {
      await lockAuthority(tx);
      const known = await readGenerations(tx);
      const issuing = known.at(-1);
      if (!issuing) throw new Error('the certificate authority has no issuing CA');
      const rolled = async (what: CaName, from: CaMember | null, to: CaMember) => {
        await audit.record(tx, SYSTEM_CONTEXT, {
          action: 'ca.key-rolled',
          target: what,
          detail: {
            operator,
            from: from?.certificate.serialNumber.toUpperCase() ?? null,
            to: to.certificate.serialNumber.toUpperCase(),
          },
        });
      };
      if (name !== 'issuing') {
        const old = await read(tx, name);
        const member = await newMember(tx, issuing, name);
        await rolled(name, old, member);
        return { made: [[name, member]] as [CaName, CaMember][], fresh: known };
      }
      // The root signs the new generation: loaded first, so that an offline root is refused
      // before any key is made.
      const onlineRoot = await read(tx, 'root');
      if (!onlineRoot) throw new Error('the certificate authority has no root');
      const next = await newIssuing(tx, onlineRoot, issuing.generation + 1);
      await rolled('issuing', issuing, next);
      const made: [CaName, CaMember][] = [['issuing', next]];
      for (const delegateName of DELEGATES) {
        const old = await read(tx, delegateName, 'when used');
        const member = await newMember(tx, next, delegateName);
        await rolled(delegateName, old, member);
        made.push([delegateName, member]);
      }
      return { made, fresh: [...known, next] };
    });
    generations = fresh;
    generationLookedAt = clock().getTime();
    for (const [madeName, member] of made)
      if (madeName !== 'issuing' && madeName !== 'root') members[madeName].replace(member);
    return recordOf(vault, operator, at, made);
  };

  /** The name a generation's CRLs are kept under ('issuing' for the first generation's rows). */
  const listName = (by: 'root' | IssuingGeneration) =>
    by === 'root' ? 'root' : by.generation === 1 ? 'issuing' : `issuing-g${String(by.generation)}`;

  /**
   * A revocation list, numbered per issuer: an issuing CA's CRL (the revoked certificates it
   * issued) or the root's ARL (its revoked CAs). Times are whole seconds (RFC 5280 §4.1.2.5: DER
   * times have no fraction).
   */
  const issueRevocationList = async (
    tx: Queryable,
    by: 'root' | IssuingGeneration,
    validDays = CRL_VALID_DAYS,
  ): Promise<Buffer> => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('tawqi crl'))");
    const now = wholeSeconds(clock());
    const signer = by === 'root' ? root : by;
    const [last] = (
      await tx.query<{ crl_number: string }>(
        'SELECT max(crl_number) AS crl_number FROM crls WHERE issuer = $1',
        [listName(by)],
      )
    ).rows;
    const number = BigInt(last?.crl_number ?? 0) + 1n;
    const revoked = await tx.query<{
      serial: string;
      revoked_at: Date;
      revocation_reason: x509.X509CrlReason;
    }>(
      `SELECT serial, revoked_at, revocation_reason FROM certificates
        WHERE status = 'revoked' AND kind = ANY($2) AND issuer = $3 AND not_after > $1 ORDER BY revoked_at`,
      [
        now,
        by === 'root' ? ['issuing'] : ['subscriber', 'ocsp', 'tsa', 'esign'],
        signer.certificate.subject,
      ],
    );
    const crl = await x509.X509CrlGenerator.create(
      {
        issuer: signer.certificate.subjectName,
        thisUpdate: now,
        nextUpdate: new Date(now.getTime() + validDays * DAY_MS),
        extensions: [
          new x509.AuthorityKeyIdentifierExtension(keyIdOf(signer.certificate)),
          new x509.Extension(
            id_ce_cRLNumber,
            false,
            AsnConvert.serialize(new CRLNumber(Number(number))),
          ),
        ],
        entries: revoked.rows.map((row) => ({
          serialNumber: row.serial,
          revocationDate: wholeSeconds(row.revoked_at),
          reason: row.revocation_reason,
        })),
        ...signed(signer.signer),
      },
      cryptoFor(signer.signer),
    );
    const der = Buffer.from(crl.rawData);
    await audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.crl-signed',
      target: by === 'root' ? 'ARL' : 'CRL',
      detail: {
        number: number.toString(),
        revoked: revoked.rows.length,
        ...(by === 'root' ? {} : { generation: by.generation }),
      },
    });
    await tx.query(
      'INSERT INTO crls (issuer, crl_number, der, this_update, next_update) VALUES ($1, $2, $3, $4, $5)',
      [listName(by), number.toString(), der, now, crl.nextUpdate ?? now],
    );
    return der;
  };
  const issueCrl = (tx: Queryable) => issueRevocationList(tx, current());

  /** The newest list of `by` (issued now when there is none or it is a day old). */
  const currentList = async (by: 'root' | IssuingGeneration) => {
    const [newest] = (
      await pool.query<{ der: Buffer; this_update: Date; next_update: Date }>(
        'SELECT der, this_update, next_update FROM crls WHERE issuer = $1 ORDER BY crl_number DESC LIMIT 1',
        [listName(by)],
      )
    ).rows;
    if (newest && clock().getTime() - newest.this_update.getTime() < CRL_REFRESH_MS)
      return newest.der;
    // An offline root's ARL is the one it signed when last online, good for a year.
    if (by === 'root' && config.CA_ROOT_OFFLINE) {
      if (newest && newest.next_update.getTime() > clock().getTime()) return newest.der;
      throw new Error(
        "The root's ARL has expired (or was never signed): bring the root online and run `npm run ca:arl`.",
      );
    }
    return inTransaction(pool, (tx) => issueRevocationList(tx, by));
  };

  return {
    root: root.certificate,
    get issuing() {
      return current().certificate;
    },
    generations: () => generations,
    issuerOf: (certificate) =>
      findGeneration((generation) => generation.certificate.subject === certificate.issuer),
    generation: generationNumbered,
    async ocspIssuers() {
      const issuing = await currentIssuing();
      const responder = await members.ocsp.get();
      return generations.map((generation) => ({
        certificate: generation.certificate,
        // The delegated responder speaks for the generation that certified it; any other answers
        // for itself (also for the moment another server's rollover is not yet taken up here).
        responder:
          generation === issuing && responder.certificate.issuer === issuing.certificate.subject
            ? responder
            : generation,
      }));
    },
    responder: members.ocsp.get,
    timestamper: members.tsa.get,
    esignService: members.esign.get,
    rollOver,

    async issue(tx, order) {
      const issuing = await currentIssuing();
      const now = wholeSeconds(order.at ?? clock());
      const end =
        order.minutes === undefined
          ? addMonths(now, order.months)
          : new Date(now.getTime() + order.minutes * 60_000);
      const notAfter = new Date(Math.min(end.getTime(), issuing.certificate.notAfter.getTime()));
      const certificate = await x509.X509CertificateGenerator.create(
        {
          serialNumber: newSerial(systemRandom),
          subject: subscriberSubject(order.name),
          issuer: issuing.certificate.subjectName,
          notBefore: now,
          notAfter,
          publicKey: order.publicKey,
          extensions: await subscriberExtensions(
            issuing,
            order.publicKey,
            origin,
            order.level,
            config.caProfile,
          ),
          ...signed(issuing.signer),
        },
        cryptoFor(issuing.signer),
      );
      await record(audit, tx, 'subscriber', certificate, now, order);
      return certificate;
    },

    async revoke(tx, serial, reason) {
      const { rows } = await tx.query<{ issuer: string }>(
        `UPDATE certificates SET status = 'revoked', revoked_at = $2, revocation_reason = $3
          WHERE serial = $1 AND kind = 'subscriber' AND status = 'issued' RETURNING issuer`,
        // To the second, as the CRL and OCSP say it.
        [serial, wholeSeconds(clock()), reason],
      );
      const [revoked] = rows;
      if (!revoked) return false;
      // The CRL of the generation that issued it.
      const issuer = await findGeneration(
        (generation) => generation.certificate.subject === revoked.issuer,
      );
      await issueRevocationList(tx, issuer ?? current());
      return true;
    },

    async currentCrl(n) {
      const generation = n === undefined ? await currentIssuing() : await generationNumbered(n);
      if (!generation) throw new RangeError(`there is no issuing CA generation ${String(n)}`);
      return currentList(generation);
    },
    currentArl: () => currentList('root'),

    issueCrl,

    signArl: () =>
      inTransaction(pool, (tx) => issueRevocationList(tx, 'root', ARL_OFFLINE_VALID_DAYS)),
  };
}

/** The issuing CA of ours that issued `certificate` (one we just made or were given to sign). */
export async function issuingCaOf(
  authority: Pick<Authority, 'issuerOf'>,
  certificate: x509.X509Certificate,
): Promise<IssuingGeneration> {
  const generation = await authority.issuerOf(certificate);
  if (!generation) throw new Error(`${certificate.subject} was not issued by this authority`);
  return generation;
}

/** Whether `certificate` is for `publicKey` (the same SubjectPublicKeyInfo). */
export async function certifies(
  certificate: x509.X509Certificate,
  publicKey: CryptoKey,
): Promise<boolean> {
  const spki = Buffer.from(await webcrypto.subtle.exportKey('spki', publicKey));
  return spki.equals(Buffer.from(certificate.publicKey.rawData));
}

/** A time without its milliseconds: DER's times (certificates, CRLs, OCSP) have no fraction. */
export function wholeSeconds(date: Date): Date {
  return new Date(Math.floor(date.getTime() / 1000) * 1000);
}

function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export { spkiHash };
