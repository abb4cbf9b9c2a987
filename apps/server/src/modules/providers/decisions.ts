/**
 * The two rules every provider decision obeys, in one home:
 * - nobody decides about an organization they belong to, or an L2 provider they are staff of or
 *   a member of one of its organizations (a customer's admin can never price or confirm their
 *   own purchase, even while also on the provider's staff);
 * - above a configured amount, two different staff members (four eyes): the first one's decision
 *   is recorded as a proposal, and it takes effect when a second sends the same decision. A second
 *   who sends a different decision proposes theirs instead, for someone else to confirm. The
 *   amount is what the decision gives away, and one person's decisions for the same receiver over
 *   a day are weighed together: three allocations of 10,000 weigh 30,000.
 */
import { isDeepStrictEqual } from 'node:util';
import type { Language } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import type { PoolClient, Queryable } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import type { AuditContext } from '../audit/log.js';

const WORDS = {
  interested: {
    en: 'You are a member of the organization this decision is about: another staff member of the provider decides it.',
    ar: 'أنت عضو في المنشأة التي يخصها هذا القرار: يتخذه موظف آخر لدى مزوّد الخدمة.',
  },
  awaitingSecond: {
    en: 'You proposed this decision: a second staff member of the provider confirms it.',
    ar: 'أنت من اقترح هذا القرار: يؤكده موظف ثانٍ لدى مزوّد الخدمة.',
  },
} satisfies Record<string, Record<Language, string>>;

/** Who a decision is about: organizations, and L2 providers (their staff and organizations). */
export interface DecisionSubject {
  organizations?: readonly number[];
  providers?: readonly number[];
}

/**
 * Refuses (403) someone who belongs to what a decision (or a purchase for someone else) is about,
 * in any state.
 */
export async function refuseInterested(
  db: Queryable,
  userSlno: number,
  about: DecisionSubject,
): Promise<void> {
  const { rowCount } = await db.query(
    `SELECT 1 FROM memberships m JOIN organizations o ON o.org_slno = m.org_slno
      WHERE m.user_slno = $1 AND (m.org_slno = ANY($2::int[]) OR o.sip_slno = ANY($3::int[]))
     UNION ALL
     SELECT 1 FROM provider_staff s WHERE s.user_slno = $1 AND s.sip_slno = ANY($3::int[])
     LIMIT 1`,
    [userSlno, about.organizations ?? [], about.providers ?? []],
  );
  if (rowCount) throw new AppError(403, 'FORBIDDEN', { localized: WORDS.interested });
}

export interface Proposal {
  /** The provider deciding. */
  provider: number;
  /** What is decided, one open proposal each: `specialPlan:12`, `purchaseOrder:7`, `l2Stock:501`. */
  subject: string;
  /** The decision as sent (without idempotency or tenant fields): a second must send the same. */
  decision: Record<string, unknown>;
  /** Who is given the value (`organization:314`, `provider:502`). */
  receiver: string;
  /** What it gives away, in the threshold's unit: at list price, never less than what is paid. */
  amount: number;
  unit: 'halalas' | 'counters';
  /** Above this (with the decider's others for the receiver over a day), four eyes. */
  threshold: number;
  by: number;
  at: Date;
}

/** A day's worth the decider gave the receiver alone; the next of theirs waits for this one. */
async function aloneToday(tx: PoolClient, proposal: Proposal): Promise<number> {
  await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
    `decisions:${String(proposal.by)}:${proposal.receiver}`,
  ]);
  const { rows } = await tx.query<{ given: string }>(
    `SELECT coalesce(sum(amount), 0) AS given FROM provider_decisions_alone
      WHERE decided_by = $1 AND receiver = $2 AND unit = $3 AND decided_at > $4::timestamptz - interval '1 day'`,
    [proposal.by, proposal.receiver, proposal.unit, proposal.at],
  );
  return Number(rows[0]?.given ?? 0);
}

/** A decision being made: what it gives away takes effect now, or waits for a second person. */
export interface Decision {
  /**
   * Whether the decision takes effect now (true), or was recorded for a second staff member to
   * confirm (false).
   */
  takesEffect(proposal: Omit<Proposal, 'by'>): Promise<boolean>;
}

/**
 * A provider's decision, in its transaction: refused (403) when `by` belongs to what it is
 * `about`, before anything else of it is weighed; then what it gives away is weighed for four eyes.
 */
export async function decision(
  tx: PoolClient,
  deps: Pick<Deps, 'audit'>,
  audit: AuditContext,
  by: number,
  about: DecisionSubject,
): Promise<Decision> {
  await refuseInterested(tx, by, about);
  return {
    takesEffect: (proposal) => takesEffect(tx, deps, audit, { ...proposal, by }),
  };
}

async function takesEffect(
  tx: PoolClient,
  deps: Pick<Deps, 'audit'>,
  audit: AuditContext,
  proposal: Proposal,
): Promise<boolean> {
  // A decision that takes effect closes whatever was proposed about the same subject.
  const close = async () => {
    await tx.query('DELETE FROM provider_proposals WHERE sip_slno = $1 AND subject = $2', [
      proposal.provider,
      proposal.subject,
    ]);
    return true;
  };
  if ((await aloneToday(tx, proposal)) + proposal.amount <= proposal.threshold) {
    if (proposal.amount > 0)
      await tx.query(
        `INSERT INTO provider_decisions_alone (sip_slno, subject, receiver, unit, amount, decided_by, decided_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          proposal.provider,
          proposal.subject,
          proposal.receiver,
          proposal.unit,
          proposal.amount,
          proposal.by,
          proposal.at,
        ],
      );
    return close();
  }
  // As the database gives it back: no undefined fields, plain numbers.
  const decision = JSON.parse(JSON.stringify(proposal.decision)) as Record<string, unknown>;
  const [open] = (
    await tx.query<{ decision: Record<string, unknown>; proposed_by: number }>(
      `SELECT decision, proposed_by FROM provider_proposals
        WHERE sip_slno = $1 AND subject = $2 FOR UPDATE`,
      [proposal.provider, proposal.subject],
    )
  ).rows;
  const same = open !== undefined && isDeepStrictEqual(open.decision, decision);
  if (open && same && open.proposed_by !== proposal.by) return close();
  if (open && same) throw new AppError(409, 'CONFLICT', { localized: WORDS.awaitingSecond });
  await tx.query(
    `INSERT INTO provider_proposals (sip_slno, subject, decision, amount, proposed_by, proposed_at)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (sip_slno, subject) DO UPDATE
       SET decision = EXCLUDED.decision, amount = EXCLUDED.amount,
           proposed_by = EXCLUDED.proposed_by, proposed_at = EXCLUDED.proposed_at`,
    [
      proposal.provider,
      proposal.subject,
      JSON.stringify(decision),
      proposal.amount,
      proposal.by,
      proposal.at,
    ],
  );
  await deps.audit.record(tx, audit, {
    action: 'approval.proposed',
    target: proposal.subject,
    detail: { decision: JSON.stringify(decision), amount: proposal.amount },
  });
  return false;
}
