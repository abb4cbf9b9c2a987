/**
 * The certificate authority: a root, the issuing CA under it (which signs subscribers'
 * certificates and the CRL) and a delegated OCSP responder, made on first start and kept in the
 * database; their keys are made in the hardware security module (adapters/hsm) and the database
 * names them by label. Several servers may start at once: an advisory lock makes one of them
 * create the authority and the others read it.
 */
import { createHash, randomUUID, webcrypto } from 'node:crypto';
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import * as x509 from './x509.js';
import type { Config } from '../../config.js';
import { inTransaction, type Pool, type Queryable } from '../../db/pool.js';
import type { KeyVault } from '../../adapters/hsm/pkcs11.js';
import { SYSTEM_CONTEXT, type AuditLog } from '../audit/log.js';
import { CA_CURVE, CA_SIGNING_ALGORITHM, cryptoFor, type Signer } from './signer.js';
import {
  caNames,
  issuingExtensions,
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
export const CRL_REFRESH_MS = DAY_MS;

type CaName = 'root' | 'issuing' | 'ocsp' | 'tsa' | 'esign';

export interface CaMember {
  certificate: x509.X509Certificate;
  signer: Signer;
}

export interface Authority {
  root: x509.X509Certificate;
  issuing: x509.X509Certificate;
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
  /** The newest CRL (issued now when there is none or it is a day old). */
  currentCrl(): Promise<Buffer>;
  /** The root's newest ARL, for the CAs under it (likewise). */
  currentArl(): Promise<Buffer>;
  /** Issues a new CRL (under the CRL lock of `tx`). */
  issueCrl(tx: Queryable): Promise<Buffer>;
}

export interface IssueOrder {
  publicKey: x509.PublicKey;
  name: SubscriberName;
  level: AssuranceLevel;
  months: number;
  /** A short-lived certificate's life instead of `months` (the eSign service's signers). */
  minutes?: number;
  userSlno: number;
  orgSlno: number | null;
  class: string;
}

export interface AuthorityOptions {
  pool: Pool;
  config: Pick<Config, 'demo' | 'CA_VALIDITY_YEARS' | 'publicOrigin' | 'caProfile'>;
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
export async function loadAuthority(options: AuthorityOptions): Promise<Authority> {
  const { pool, config, vault, clock, audit } = options;
  const origin = config.publicOrigin;
  const names = caNames(config.demo);

  /** A new key made in the module, certified by `make`, recorded and named current. */
  const create = async (
    tx: Queryable,
    name: CaName,
    make: (signer: Signer) => Promise<x509.X509Certificate>,
  ): Promise<CaMember> => {
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

  const read = async (tx: Queryable, name: CaName): Promise<CaMember | null> => {
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
    const key = await vault.find(row.key_label);
    if (!key)
      throw new Error(
        `The certificate authority's ${name} key "${row.key_label}" is not in ${vault.description}: HSM_MODULE or HSM_TOKEN names another module or token than the one it was made in.`,
      );
    if (!(await certifies(certificate, key.publicKey)))
      throw new Error(
        `The key "${row.key_label}" in ${vault.description} is not the one the ${name} certificate certifies.`,
      );
    await audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.key-loaded',
      target: name,
      detail: { key: key.label, serial: certificate.serialNumber.toUpperCase() },
    });
    return { certificate, signer: key };
  };

  const signed = (signer: Signer) => ({
    signingKey: signer.publicKey,
    signingAlgorithm: CA_SIGNING_ALGORITHM,
  });

  /** A member the issuing CA certifies for one task (OCSP, time stamps), for `days`. */
  const newDelegate = (
    tx: Queryable,
    issuing: CaMember,
    name: 'ocsp' | 'tsa' | 'esign',
    days: number,
    extensions: (key: CryptoKey) => Promise<x509.Extension[]>,
  ) =>
    create(tx, name, async (signer) => {
      const now = wholeSeconds(clock());
      return x509.X509CertificateGenerator.create(
        {
          serialNumber: newSerial(systemRandom),
          subject: names[name],
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

  const newResponder = (tx: Queryable, issuing: CaMember) =>
    newDelegate(tx, issuing, 'ocsp', OCSP_CERTIFICATE_DAYS, (key) =>
      ocspExtensions(issuing.certificate, key),
    );

  const lockAuthority = (tx: Queryable) =>
    tx.query("SELECT pg_advisory_xact_lock(hashtext('tawqi certificate authority'))");

  const { root, issuing } = await inTransaction(pool, async (tx) => {
    await lockAuthority(tx);
    const existing = { root: await read(tx, 'root'), issuing: await read(tx, 'issuing') };
    if (existing.root && existing.issuing) return existing as { root: CaMember; issuing: CaMember };
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
    const issuingMember = await create(tx, 'issuing', async (signer) =>
      x509.X509CertificateGenerator.create(
        {
          serialNumber: newSerial(systemRandom),
          subject: names.issuing,
          issuer: made.certificate.subjectName,
          notBefore: now,
          notAfter: new Date(now.getTime() + (years / 2) * 365 * DAY_MS),
          publicKey: signer.publicKey,
          extensions: await issuingExtensions(made.certificate, signer.publicKey, origin),
          ...signed(made.signer),
        },
        cryptoFor(made.signer),
      ),
    );
    await newResponder(tx, issuingMember);
    return { root: made, issuing: issuingMember };
  });

  /** A delegate kept in memory, read or made again once fewer than `renewDays` are left. */
  const delegate = (
    name: 'ocsp' | 'tsa' | 'esign',
    renewDays: number,
    make: (tx: Queryable) => Promise<CaMember>,
  ) => {
    let current: CaMember | null = null;
    return async (): Promise<CaMember> => {
      const renewBy = clock().getTime() + renewDays * DAY_MS;
      if (current && current.certificate.notAfter.getTime() > renewBy) return current;
      current = await inTransaction(pool, async (tx) => {
        await lockAuthority(tx);
        const kept = await read(tx, name);
        if (kept && kept.certificate.notAfter.getTime() > renewBy) return kept;
        return make(tx);
      });
      return current;
    };
  };
  const currentResponder = delegate('ocsp', OCSP_RENEW_DAYS, (tx) => newResponder(tx, issuing));
  const currentTimestamper = delegate('tsa', TSA_RENEW_DAYS, (tx) =>
    newDelegate(tx, issuing, 'tsa', TSA_CERTIFICATE_DAYS, (key) =>
      tsaExtensions(issuing.certificate, key, origin),
    ),
  );

  const currentEsignService = delegate('esign', ESIGN_RENEW_DAYS, (tx) =>
    newDelegate(tx, issuing, 'esign', ESIGN_CERTIFICATE_DAYS, (key) =>
      esignServiceExtensions(issuing.certificate, key, origin),
    ),
  );

  /**
   * A revocation list, numbered per issuer: the issuing CA's CRL (its revoked subscribers) or the
   * root's ARL (its revoked CAs). Times are whole seconds (RFC 5280 §4.1.2.5: DER times have no
   * fraction).
   */
  const issueRevocationList = async (tx: Queryable, by: 'root' | 'issuing'): Promise<Buffer> => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext('tawqi crl'))");
    const now = wholeSeconds(clock());
    const signer = by === 'root' ? root : issuing;
    const [last] = (
      await tx.query<{ crl_number: string }>(
        'SELECT max(crl_number) AS crl_number FROM crls WHERE issuer = $1',
        [by],
      )
    ).rows;
    const number = BigInt(last?.crl_number ?? 0) + 1n;
    const revoked = await tx.query<{
      serial: string;
      revoked_at: Date;
      revocation_reason: x509.X509CrlReason;
    }>(
      `SELECT serial, revoked_at, revocation_reason FROM certificates
        WHERE status = 'revoked' AND kind = ANY($2) AND not_after > $1 ORDER BY revoked_at`,
      [now, by === 'root' ? ['issuing'] : ['subscriber', 'ocsp', 'tsa', 'esign']],
    );
    const crl = await x509.X509CrlGenerator.create(
      {
        issuer: signer.certificate.subjectName,
        thisUpdate: now,
        nextUpdate: new Date(now.getTime() + CRL_VALID_DAYS * DAY_MS),
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
      detail: { number: number.toString(), revoked: revoked.rows.length },
    });
    await tx.query(
      'INSERT INTO crls (issuer, crl_number, der, this_update, next_update) VALUES ($1, $2, $3, $4, $5)',
      [by, number.toString(), der, now, crl.nextUpdate ?? now],
    );
    return der;
  };
  const issueCrl = (tx: Queryable) => issueRevocationList(tx, 'issuing');

  /** The newest list of `by` (issued now when there is none or it is a day old). */
  const currentList = async (by: 'root' | 'issuing') => {
    const [newest] = (
      await pool.query<{ der: Buffer; this_update: Date }>(
        'SELECT der, this_update FROM crls WHERE issuer = $1 ORDER BY crl_number DESC LIMIT 1',
        [by],
      )
    ).rows;
    if (newest && clock().getTime() - newest.this_update.getTime() < CRL_REFRESH_MS)
      return newest.der;
    return inTransaction(pool, (tx) => issueRevocationList(tx, by));
  };

  return {
    root: root.certificate,
    issuing: issuing.certificate,
    responder: currentResponder,
    timestamper: currentTimestamper,
    esignService: currentEsignService,

    async issue(tx, order) {
      const now = wholeSeconds(clock());
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
            issuing.certificate,
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
      const { rowCount } = await tx.query(
        `UPDATE certificates SET status = 'revoked', revoked_at = $2, revocation_reason = $3
          WHERE serial = $1 AND kind = 'subscriber' AND status = 'issued'`,
        // To the second, as the CRL and OCSP say it.
        [serial, wholeSeconds(clock()), reason],
      );
      if (rowCount !== 1) return false;
      await issueCrl(tx);
      return true;
    },

    currentCrl: () => currentList('issuing'),
    currentArl: () => currentList('root'),

    issueCrl,
  };
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
