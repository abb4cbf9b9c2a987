/**
 * What an Enrolment Admin changes at once for another current member — their active state and
 * their role — with the seats each role holds taken or given back, the member told, and the
 * change audited. Nobody changes themselves.
 */
import type { CountedRole, Language } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { organizationOf } from '../access/tenancy.js';
import { releaseSeats, seatedRoles, takeSeats, type SeatChange } from '../counters/seats.js';
import { notifyPerson, type Notice } from '../notices.js';
import { revokeMemberCertificates } from '../pki/organizationCertificates.js';
import { localWord } from '../words.js';
import { MESSAGES, currentMember, done, refusal, type Member } from './members.js';

/** A change made at once: what the audit records, and what the member is told. */
interface Change {
  action: 'membership.changed' | 'role.changed';
  detail: Record<string, string | boolean>;
  notice: (organization: Record<Language, string>) => Notice;
}

type StandingDeps = Pick<Deps, 'pool' | 'audit' | 'clock' | 'authority'>;

const seatChangeOf = (
  deps: StandingDeps,
  context: HandlerContext,
  userSlno: number,
): SeatChange => ({
  orgSlno: organizationOf(context.tenant),
  userSlno,
  by: requireCaller(context.caller).userSlno,
  at: deps.clock(),
});

/**
 * A change made at once to another current member (role, active state), with the member told
 * and the change audited; the caller may not change themselves.
 */
async function changeAtOnce(
  deps: StandingDeps,
  context: HandlerContext,
  userSlno: number,
  /** Makes the change, or answers null when it changes nothing. */
  change: (tx: Queryable, member: Member) => Promise<Change | null>,
) {
  const org = organizationOf(context.tenant);
  if (userSlno === requireCaller(context.caller).userSlno)
    return refusal(MESSAGES.yourself, context.language);
  const now = deps.clock();
  return inTransaction(deps.pool, async (tx) => {
    const member = await currentMember(tx, org, userSlno);
    if (!member) return refusal(MESSAGES.notCurrent, context.language);
    const made = await change(tx, member);
    if (!made) return refusal(MESSAGES.unchanged, context.language);
    await notifyPerson(tx, userSlno, made.notice({ en: member.org_en, ar: member.org_ar }), now);
    await deps.audit.record(tx, context.audit, {
      action: made.action,
      outcome: 'success',
      target: String(userSlno),
      detail: made.detail,
    });
    return done;
  });
}

export function memberStandingHandlers(deps: StandingDeps): Handlers {
  return {
    setMemberActive: async (context) => {
      const { userSlNo, active } = context.input.body;
      return changeAtOnce(deps, context, userSlNo, async (tx, member) => {
        if (member.is_active === active && (member.status === 'Approved') === active) return null;
        // An active member holds a seat of each of their roles; a deactivated one holds none.
        const seats = seatChangeOf(deps, context, userSlNo);
        const roles = seatedRoles(member.roles);
        if (active) await takeSeats(tx, roles, seats);
        else if (member.is_active) await releaseSeats(tx, roles, seats);
        await tx.query(
          `UPDATE memberships SET is_active = $3, status = $4 WHERE org_slno = $1 AND user_slno = $2`,
          [organizationOf(context.tenant), userSlNo, active, active ? 'Approved' : 'Deactivated'],
        );
        // Who leaves no longer signs for the organization: its certificates naming them go.
        const revoked = active
          ? []
          : await revokeMemberCertificates(tx, deps.authority, {
              orgSlno: organizationOf(context.tenant),
              userSlno: userSlNo,
              now: deps.clock(),
            });
        return {
          action: 'membership.changed',
          detail: { active, ...(revoked.length ? { revokedCertificates: revoked.join(' ') } : {}) },
          notice: (organization) =>
            active
              ? {
                  title: { en: 'Your membership is active again', ar: 'عادت عضويتك نشطة' },
                  body: {
                    en: `${organization.en} reactivated your membership.`,
                    ar: `أعادت ${organization.ar} تفعيل عضويتك.`,
                  },
                }
              : {
                  title: { en: 'Your membership was deactivated', ar: 'عُطّلت عضويتك' },
                  body: {
                    en: `${organization.en} deactivated your membership. You can no longer work in it.`,
                    ar: `عطّلت ${organization.ar} عضويتك. لم يعد بإمكانك العمل فيها.`,
                  },
                },
        };
      });
    },
    changeMemberRole: async (context) => {
      const { userSlNo, role } = context.input.body;
      return changeAtOnce(deps, context, userSlNo, async (tx, member) => {
        const counted = seatedRoles(member.roles);
        if (counted.length === 1 && counted[0] === role) return null;
        const others = member.roles.filter((held) => !counted.includes(held as CountedRole));
        // The new role's seat is taken (or the change refused) and the old roles' given back.
        if (member.is_active && member.status === 'Approved') {
          const seats = seatChangeOf(deps, context, userSlNo);
          await releaseSeats(
            tx,
            counted.filter((held) => held !== role),
            seats,
          );
          if (!counted.includes(role)) await takeSeats(tx, [role], seats);
        }
        await tx.query(`UPDATE memberships SET roles = $3 WHERE org_slno = $1 AND user_slno = $2`, [
          organizationOf(context.tenant),
          userSlNo,
          [role, ...others],
        ]);
        const word = { en: localWord(role, 'en'), ar: localWord(role, 'ar') };
        return {
          action: 'role.changed',
          detail: { from: counted.join(','), to: role },
          notice: (organization) => ({
            title: { en: 'Your role changed', ar: 'تغيّر دورك' },
            body: {
              en: `${organization.en} made you ${word.en}.`,
              ar: `جعلتك ${organization.ar} ${word.ar}.`,
            },
          }),
        };
      });
    },
  };
}
