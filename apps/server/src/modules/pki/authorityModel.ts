/**
 * The certificate authority's model: its members, generations and delegates, the orders it takes,
 * its periods, and the date arithmetic its certificates share (authority.ts runs it).
 */
import { createHash, webcrypto } from 'node:crypto';
import type * as x509 from './x509.js';
import type { Config } from '../../config.js';
import { type Pool, type Queryable } from '../../db/pool.js';
import type { KeyVault } from '../../adapters/hsm/pkcs11.js';
import { type AuditLog } from '../audit/log.js';
import { type Signer } from './signer.js';
import { type AssuranceLevel, type IssuingCa, type SubscriberName } from './profiles.js';

export const DAY_MS = 86_400_000;
/** The OCSP responder's certificate lives 90 days and is replaced when 30 are left. */
export const OCSP_CERTIFICATE_DAYS = 90;
export const OCSP_RENEW_DAYS = 30;
/** The time-stamping authority's certificate lives a year and is replaced when 30 days are left. */
export const TSA_CERTIFICATE_DAYS = 365;
export const TSA_RENEW_DAYS = 30;
/** The eSign service's certificate (its answers' JWS) likewise. */
export const ESIGN_CERTIFICATE_DAYS = 365;
export const ESIGN_RENEW_DAYS = 30;
/** A CRL is good for 7 days; a new one is issued on every revocation and daily. */
export const CRL_VALID_DAYS = 7;
/** The root's ARL signed while it is brought online (the ceremony, `npm run ca:arl`): a year. */
export const ARL_OFFLINE_VALID_DAYS = 365;
export const CRL_REFRESH_MS = DAY_MS;
/** How often a server looks whether another process rolled a delegate's key over. */
export const ROLLOVER_LOOK_MS = 60_000;

export type CaName = 'root' | 'issuing' | 'ocsp' | 'tsa' | 'esign';

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

export const spkiHash = (spki: ArrayBuffer | Uint8Array) =>
  createHash('sha256').update(new Uint8Array(spki)).digest('hex');

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

export function addMonths(date: Date, months: number): Date {
  const next = new Date(date);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}
