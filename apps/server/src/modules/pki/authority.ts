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
import { AsnConvert } from '@peculiar/asn1-schema';
import { CRLNumber, id_ce_cRLNumber } from '@peculiar/asn1-x509';
import * as x509 from './x509.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { SYSTEM_CONTEXT } from '../audit/log.js';
import { cryptoFor } from './signer.js';
import {
  keyIdOf,
  newSerial,
  subscriberExtensions,
  subscriberSubject,
  systemRandom,
} from './profiles.js';
import type {
  Authority,
  AuthorityOptions,
  CaMember,
  CaName,
  CeremonyRecord,
  DelegateName,
  IssueOrder,
  IssuingGeneration,
} from './authorityModel.js';
import {
  ARL_OFFLINE_VALID_DAYS,
  CRL_REFRESH_MS,
  CRL_VALID_DAYS,
  DAY_MS,
  ESIGN_RENEW_DAYS,
  NoAuthorityYet,
  OCSP_RENEW_DAYS,
  ROLLOVER_LOOK_MS,
  TSA_RENEW_DAYS,
  addMonths,
  wholeSeconds,
} from './authorityModel.js';
import { authorityParts, record, recordOf } from './authorityParts.js';

export {
  ARL_OFFLINE_VALID_DAYS,
  CRL_REFRESH_MS,
  CRL_VALID_DAYS,
  NoAuthorityYet,
  certifies,
  spkiHash,
  wholeSeconds,
} from './authorityModel.js';

export type {
  Authority,
  AuthorityOptions,
  CaMember,
  CeremonyRecord,
  DelegateName,
  IssueOrder,
  IssuingGeneration,
  OcspIssuer,
} from './authorityModel.js';

type Parts = ReturnType<typeof authorityParts>;

/** The root and the issuing CA's generations; made here when there are none and this is demo mode. */
const loadOrMake = (options: AuthorityOptions, parts: Parts) =>
  inTransaction(options.pool, async (tx) => {
    await parts.lockAuthority(tx);
    const root = await parts.read(tx, 'root', 'when used');
    const generations = await parts.readGenerations(tx);
    if (root && generations.length > 0) return { root, generations };
    if (!options.config.demo) throw new NoAuthorityYet();
    const made = await parts.makeAuthority(tx);
    await options.audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.key-ceremony',
      target: made.root.certificate.serialNumber.toUpperCase(),
      detail: { operator: 'demo mode, first start', module: options.vault.description },
    });
    return { root: made.root, generations: [made.issuing] };
  });

/**
 * The issuing CA's generations as this server knows them, oldest first (the last issues), with
 * another server's rollover taken up within a minute.
 */
function issuingGenerations(
  { pool, clock }: AuthorityOptions,
  parts: Parts,
  loaded: IssuingGeneration[],
) {
  let generations = loaded;
  let lookedAt = clock().getTime();
  const current = (): IssuingGeneration => {
    const newest = generations.at(-1);
    if (!newest) throw new Error('the certificate authority has no issuing CA');
    return newest;
  };
  /** Reads the generations again when the database has a newer one than this server knows. */
  const lookForNew = async () => {
    const [row] = (
      await pool.query<{ generation: number | null }>(
        'SELECT max(generation) AS generation FROM issuing_generations',
      )
    ).rows;
    if ((row?.generation ?? 0) > current().generation)
      generations = await parts.readGenerations(pool);
  };
  /** The generation that `test` picks, looking in the database once when none here does. */
  const find = async (test: (generation: IssuingGeneration) => boolean) => {
    const found = generations.find(test);
    if (found) return found;
    await lookForNew();
    return generations.find(test) ?? null;
  };
  return {
    all: () => generations,
    current,
    /** The current generation, looking in the database at most once a minute. */
    async currentIssuing(): Promise<IssuingGeneration> {
      const now = clock().getTime();
      if (now - lookedAt >= ROLLOVER_LOOK_MS) {
        lookedAt = now;
        await lookForNew();
      }
      return current();
    },
    find,
    numbered: (n: number) => find((generation) => generation.generation === n),
    /** This server's own rollover: the generations it made are current here at once. */
    adopt(fresh: IssuingGeneration[]) {
      generations = fresh;
      lookedAt = clock().getTime();
    },
  };
}
type Generations = ReturnType<typeof issuingGenerations>;

/**
 * A delegate kept in memory, read or made again once fewer than `renewDays` are left, and read
 * again when another process rolled its key over (looked at once a minute at most).
 */
function keptDelegate(
  { pool, clock }: AuthorityOptions,
  parts: Parts,
  generations: Generations,
  name: DelegateName,
  renewDays: number,
) {
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
    const issuing = await generations.currentIssuing();
    current = await inTransaction(pool, async (tx) => {
      await parts.lockAuthority(tx);
      const kept = await parts.read(tx, name);
      if (kept && kept.certificate.notAfter.getTime() > renewBy) return kept;
      return parts.newMember(tx, issuing, name);
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
}
type Delegates = Record<DelegateName, ReturnType<typeof keptDelegate>>;

/**
 * A new key and certificate for a delegate, or a new generation of the issuing CA with new
 * delegates under it; current at once. The old keys stay in the module.
 */
function rollingOver(
  options: AuthorityOptions,
  parts: Parts,
  generations: Generations,
  delegates: Delegates,
) {
  const { pool, clock, audit, vault } = options;
  return async (name: DelegateName | 'issuing', operator: string): Promise<CeremonyRecord> => {
    const at = wholeSeconds(clock());
    const { made, fresh } = await inTransaction(pool, async (tx) => {
      await parts.lockAuthority(tx);
      const known = await parts.readGenerations(tx);
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
      const renew = async (
        delegateName: DelegateName,
        under: IssuingGeneration,
        oldKey: 'now' | 'when used',
      ) => {
        const old = await parts.read(tx, delegateName, oldKey);
        const member = await parts.newMember(tx, under, delegateName);
        await rolled(delegateName, old, member);
        return [delegateName, member] as [CaName, CaMember];
      };
      if (name !== 'issuing') return { made: [await renew(name, issuing, 'now')], fresh: known };
      // The root signs the new generation: loaded first, so that an offline root is refused
      // before any key is made.
      const onlineRoot = await parts.read(tx, 'root');
      if (!onlineRoot) throw new Error('the certificate authority has no root');
      const next = await parts.newIssuing(tx, onlineRoot, issuing.generation + 1);
      await rolled('issuing', issuing, next);
      const made: [CaName, CaMember][] = [['issuing', next]];
      for (const delegateName of Object.keys(delegates) as DelegateName[])
        made.push(await renew(delegateName, next, 'when used'));
      return { made, fresh: [...known, next] };
    });
    generations.adopt(fresh);
    for (const [madeName, member] of made)
      if (madeName !== 'issuing' && madeName !== 'root') delegates[madeName].replace(member);
    return recordOf(vault, operator, at, made);
  };
}

/** The name a generation's CRLs are kept under ('issuing' for the first generation's rows). */
const listName = (by: 'root' | IssuingGeneration) =>
  by === 'root' ? 'root' : by.generation === 1 ? 'issuing' : `issuing-g${String(by.generation)}`;

/**
 * The revocation lists, numbered per issuer: an issuing CA's CRL (the revoked certificates it
 * issued) or the root's ARL (its revoked CAs). Times are whole seconds (RFC 5280 §4.1.2.5: DER
 * times have no fraction).
 */
function revocationLists(options: AuthorityOptions, parts: Parts, root: CaMember) {
  const { pool, clock, audit, config } = options;
  const revokedBy = async (tx: Queryable, by: 'root' | IssuingGeneration, now: Date) =>
    (
      await tx.query<{
        serial: string;
        revoked_at: Date;
        revocation_reason: x509.X509CrlReason;
      }>(
        `SELECT serial, revoked_at, revocation_reason FROM certificates
          WHERE status = 'revoked' AND kind = ANY($2) AND issuer = $3 AND not_after > $1 ORDER BY revoked_at`,
        [
          now,
          by === 'root' ? ['issuing'] : ['subscriber', 'ocsp', 'tsa', 'esign'],
          (by === 'root' ? root : by).certificate.subject,
        ],
      )
    ).rows;

  /** A new list of `by`'s, valid `validDays`, signed and kept. */
  const issue = async (
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
    const revoked = await revokedBy(tx, by, now);
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
        entries: revoked.map((row) => ({
          serialNumber: row.serial,
          revocationDate: wholeSeconds(row.revoked_at),
          reason: row.revocation_reason,
        })),
        ...parts.signed(signer.signer),
      },
      cryptoFor(signer.signer),
    );
    const der = Buffer.from(crl.rawData);
    await audit.record(tx, SYSTEM_CONTEXT, {
      action: 'ca.crl-signed',
      target: by === 'root' ? 'ARL' : 'CRL',
      detail: {
        number: number.toString(),
        revoked: revoked.length,
        ...(by === 'root' ? {} : { generation: by.generation }),
      },
    });
    await tx.query(
      'INSERT INTO crls (issuer, crl_number, der, this_update, next_update) VALUES ($1, $2, $3, $4, $5)',
      [listName(by), number.toString(), der, now, crl.nextUpdate ?? now],
    );
    return der;
  };

  /** The newest list of `by` (issued now when there is none or it is a day old). */
  const current = async (by: 'root' | IssuingGeneration) => {
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
    return inTransaction(pool, (tx) => issue(tx, by));
  };
  return { issue, current };
}

/** A subscriber's certificate, issued by the current generation and recorded in `tx`. */
function subscriberIssuing(options: AuthorityOptions, parts: Parts, generations: Generations) {
  const { clock, config, audit } = options;
  return async (tx: Queryable, order: IssueOrder) => {
    const issuing = await generations.currentIssuing();
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
          config.publicOrigin,
          order.level,
          config.caProfile,
        ),
        ...parts.signed(issuing.signer),
      },
      cryptoFor(issuing.signer),
    );
    await record(audit, tx, 'subscriber', certificate, now, order);
    return certificate;
  };
}

/** Loads the authority; on a database without one, demo mode holds the ceremony itself. */
export async function loadAuthority(options: AuthorityOptions): Promise<Authority> {
  const { pool, clock } = options;
  const parts = authorityParts(options);
  const { root, generations: loaded } = await loadOrMake(options, parts);
  const generations = issuingGenerations(options, parts, loaded);
  const members: Delegates = {
    ocsp: keptDelegate(options, parts, generations, 'ocsp', OCSP_RENEW_DAYS),
    tsa: keptDelegate(options, parts, generations, 'tsa', TSA_RENEW_DAYS),
    esign: keptDelegate(options, parts, generations, 'esign', ESIGN_RENEW_DAYS),
  };
  const lists = revocationLists(options, parts, root);

  return {
    root: root.certificate,
    get issuing() {
      return generations.current().certificate;
    },
    generations: generations.all,
    issuerOf: (certificate) =>
      generations.find((generation) => generation.certificate.subject === certificate.issuer),
    generation: generations.numbered,
    async ocspIssuers() {
      const issuing = await generations.currentIssuing();
      const responder = await members.ocsp.get();
      return generations.all().map((generation) => ({
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
    rollOver: rollingOver(options, parts, generations, members),
    issue: subscriberIssuing(options, parts, generations),

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
      const issuer = await generations.find(
        (generation) => generation.certificate.subject === revoked.issuer,
      );
      await lists.issue(tx, issuer ?? generations.current());
      return true;
    },

    async currentCrl(n) {
      const generation =
        n === undefined ? await generations.currentIssuing() : await generations.numbered(n);
      if (!generation) throw new RangeError(`there is no issuing CA generation ${String(n)}`);
      return lists.current(generation);
    },
    currentArl: () => lists.current('root'),
    issueCrl: (tx) => lists.issue(tx, generations.current()),
    signArl: () => inTransaction(pool, (tx) => lists.issue(tx, 'root', ARL_OFFLINE_VALID_DAYS)),
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
