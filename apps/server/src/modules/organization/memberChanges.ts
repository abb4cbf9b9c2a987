/**
 * A change to a member's e-mail, mobile or unit, asked by an Enrolment Admin: filed for another
 * admin's approval (approvals.ts), one open change of a field at a time.
 */
import { schemas } from '@tawqi/api';
import { localSaudiMobile, type Language, type MemberChangeField } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { organizationOf } from '../access/tenancy.js';
import { notifyOtherAdmins } from '../notices.js';
import { localWord } from '../words.js';
import { MESSAGES, currentMember, done, refusal } from './members.js';
import { isActiveUnit } from './units.js';

/** What a change request asks for, in the words of the change types (approvals.ts). */
const CHANGE_WORDS: Record<MemberChangeField, string> = {
  email: 'Email change',
  mobile: 'Mobile change',
  unit: 'Organization unit change',
};

/**
 * A change asked for, as stored (the unit by its id), or why it cannot be asked: an e-mail or a
 * Saudi mobile that is one (kept as members' records keep it), an active unit of the organization.
 */
async function askedValue(
  db: Queryable,
  org: number,
  field: MemberChangeField,
  value: string,
): Promise<{ value: string } | { problem: Record<Language, string> }> {
  const trimmed = value.trim();
  if (field === 'email')
    return schemas.email.safeParse(trimmed).success
      ? { value: trimmed.toLowerCase() }
      : { problem: MESSAGES.email };
  if (field === 'mobile') {
    const local = localSaudiMobile(trimmed);
    return local ? { value: local } : { problem: MESSAGES.mobile };
  }
  const unit = Number(trimmed);
  const active =
    Number.isInteger(unit) &&
    unit > 0 &&
    unit <= 2_147_483_647 &&
    (await isActiveUnit(db, org, unit));
  return active ? { value: String(unit) } : { problem: MESSAGES.unit };
}

export function memberChangeHandlers(deps: Pick<Deps, 'pool' | 'audit' | 'clock'>): Handlers {
  const { pool } = deps;
  return {
    requestMemberChange: async (context) => {
      const { userSlNo, field, value } = context.input.body;
      const org = organizationOf(context.tenant);
      const admin = requireCaller(context.caller).userSlno;
      const now = deps.clock();
      return inTransaction(pool, async (tx) => {
        const no = (message: Record<Language, string>) => ({
          ...refusal(message, context.language),
          id: null,
        });
        const member = await currentMember(tx, org, userSlNo);
        if (!member) return no(MESSAGES.notCurrent);
        const asked = await askedValue(tx, org, field, value);
        if ('problem' in asked) return no(asked.problem);
        const current = {
          email: member.email.toLowerCase(),
          mobile: localSaudiMobile(member.mobile) ?? member.mobile,
          unit: String(member.org_unit_slno ?? ''),
        }[field];
        if (asked.value === current) return no(MESSAGES.unchanged);
        const open = await tx.query(
          `SELECT 1 FROM user_requests WHERE org_slno = $1 AND user_slno = $2 AND kind = 'change'
              AND status = 'Pending' AND details->>'field' = $3`,
          [org, userSlNo, field],
        );
        if (open.rowCount) return no(MESSAGES.openChange);
        const [request] = (
          await tx.query<{ request_slno: number }>(
            `INSERT INTO user_requests (org_slno, user_slno, kind, status, details, created_at, created_by)
             VALUES ($1, $2, 'change', 'Pending', $3, $4, $5) RETURNING request_slno`,
            [org, userSlNo, { field, value: asked.value }, now, admin],
          )
        ).rows as [{ request_slno: number }];
        const what = {
          en: localWord(CHANGE_WORDS[field], 'en'),
          ar: localWord(CHANGE_WORDS[field], 'ar'),
        };
        await notifyOtherAdmins(
          tx,
          org,
          admin,
          {
            title: { en: 'A change awaits approval', ar: 'طلب تعديل بانتظار الموافقة' },
            body: {
              en: `${what.en} for ${member.full_name_en} awaits an Enrolment Admin’s approval.`,
              ar: `${what.ar} لـ${member.full_name_ar} بانتظار موافقة مسؤول التسجيل.`,
            },
          },
          now,
        );
        await deps.audit.record(tx, context.audit, {
          action: 'approval.requested',
          outcome: 'success',
          target: String(userSlNo),
          detail: { kind: 'change', field, request: request.request_slno },
        });
        return { ...done, id: request.request_slno };
      });
    },
  };
}
