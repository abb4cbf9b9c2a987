/**
 * Manage organization users (SPEC §2 `/app/org/manage/users`, §7 "Manage organization users"):
 * the declared grid's query (its list and its export, ManageOrganizationUsers.xlsx), a member's
 * detail, and the lists its filters offer (units, employee ids). Every statement is the tenant's
 * organization's; a user of another organization is "not found" before a handler runs (the
 * contract's `records`).
 */
import { schemas } from '@tawqi/api';
import type { manageUsersGrid } from '@tawqi/api/grids';
import { activeMember } from '../access/membership.js';
import {
  COUNTED_ROLES,
  IDENTITY_STATUS,
  localSaudiMobile,
  maskNationalId,
  type CountedRole,
  type Language,
  type MemberChangeField,
  type OrgUserStatus,
  type OrganizationRole,
} from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { revokeMemberCertificates } from '../pki/organizationCertificates.js';
import { days, searchText, whereOf } from '../../db/paging.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { AppError } from '../../http/errors.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { releaseSeats, seatedRoles, takeSeats, type SeatChange } from '../counters/seats.js';
import { notifyOtherAdmins, notifyPerson, type Notice } from '../notices.js';
import { organizationOf } from './transactions.js';

interface MemberRow {
  organization_user_slno: number;
  user_slno: number;
  full_name_en: string;
  full_name_ar: string;
  employee_id: string;
  email: string;
  mobile: string;
  created_at: Date;
  is_active: boolean;
  status: OrgUserStatus;
  unit_en: string | null;
  unit_ar: string | null;
}

/** The manage-users flags as the statuses they choose (SPEC §7: each status 1 or 0). */
const STATUS_OF_FLAG = {
  initiated: 'Initiated',
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  userRejected: 'UserRejected',
  deactivated: 'Deactivated',
} as const satisfies Record<string, OrgUserStatus>;

export const MANAGE_USERS: GridQuery<typeof manageUsersGrid, MemberRow> = {
  select: `SELECT m.organization_user_slno, m.user_slno, u.full_name_en, u.full_name_ar, m.employee_id,
                  m.email, m.mobile, m.created_at, ${activeMember('m')} AS is_active, m.status,
                  ou.name_en AS unit_en, ou.name_ar AS unit_ar
             FROM memberships m
             JOIN users u ON u.user_slno = m.user_slno
             LEFT JOIN organization_units ou ON ou.org_unit_slno = m.org_unit_slno`,
  count: 'SELECT count(*) FROM memberships m JOIN users u ON u.user_slno = m.user_slno',
  where: (body, { tenant }) => {
    const statuses = Object.entries(STATUS_OF_FLAG)
      .filter(([flag]) => body[flag as keyof typeof STATUS_OF_FLAG] === 1)
      .map(([, status]) => status);
    // Both active flags (or neither) leave the active state out of the filter.
    const active = body.active === body.inActive ? null : body.active === 1;
    const search = searchText(body.search);
    return whereOf(
      ['m.org_slno = $1', organizationOf(tenant)],
      ['m.status = ANY($1::text[])', statuses],
      // The one definition of an active member (the dashboard's count and every access check).
      active !== null && [active ? activeMember('m') : `NOT (${activeMember('m')})`],
      ...days('m.created_at', body),
      body.employeeId && ['m.employee_id = $1', body.employeeId],
      body.orgUnitSlNo && ['m.org_unit_slno = $1', body.orgUnitSlNo],
      search && [
        `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'
          OR m.employee_id ILIKE '%' || $1 || '%' OR m.email ILIKE '%' || $1 || '%' OR m.mobile LIKE '%' || $1 || '%'`,
        search,
      ],
    );
  },
  order: [
    { column: 'm.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'm.organization_user_slno', type: 'int', of: (row) => row.organization_user_slno },
  ],
  page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
  row: (row) => ({
    orgUnit: row.unit_en ?? '',
    orgUnitArabic: row.unit_ar ?? '',
    employeeId: row.employee_id,
    email: row.email,
    mobileNo: row.mobile,
    createdDate: row.created_at.toISOString(),
    isActive: row.is_active,
    status: row.status,
    userSlno: row.user_slno,
    fullNameEnglish: row.full_name_en,
    fullNameArabic: row.full_name_ar,
  }),
};

const MESSAGES = {
  notCurrent: {
    en: 'Only a current member can be changed. A person still pending is decided in approvals.',
    ar: 'لا يُعدَّل إلا عضو حالي. يُبتّ في الشخص المعلّق من صفحة الموافقات.',
  },
  yourself: {
    en: 'You cannot change your own role or active state. Another Enrolment Admin can.',
    ar: 'لا يمكنك تغيير دورك أو حالة نشاطك. يستطيع ذلك مسؤول تسجيل آخر.',
  },
  unchanged: {
    en: 'That is the member’s current value already.',
    ar: 'هذه هي القيمة الحالية للعضو بالفعل.',
  },
  openChange: {
    en: 'A change of this already awaits approval.',
    ar: 'يوجد طلب تعديل لهذا بانتظار الموافقة بالفعل.',
  },
  email: { en: 'Enter a valid email address.', ar: 'أدخل بريدًا إلكترونيًا صحيحًا.' },
  mobile: {
    en: 'Enter a Saudi mobile number, such as 0551234567.',
    ar: 'أدخل رقم جوال سعوديًا، مثل 0551234567.',
  },
  unit: { en: 'Choose an active organization unit.', ar: 'اختر وحدة تنظيمية نشطة.' },
} as const satisfies Record<string, Record<Language, string>>;

/** What a change request asks for, in the words of the change types (approvals.ts). */
const CHANGE_WORDS: Record<MemberChangeField, string> = {
  email: 'Email change',
  mobile: 'Mobile change',
  unit: 'Organization unit change',
};

interface Member {
  user_slno: number;
  status: OrgUserStatus;
  is_active: boolean;
  roles: OrganizationRole[];
  email: string;
  mobile: string;
  org_unit_slno: number | null;
  full_name_en: string;
  full_name_ar: string;
  org_en: string;
  org_ar: string;
}

/** A change made at once: what the audit records, and what the member is told. */
interface Change {
  action: 'membership.changed' | 'role.changed';
  detail: Record<string, string | boolean>;
  notice: (organization: Record<Language, string>) => Notice;
}

/** The member, locked for the change, when they are a current member (approved or deactivated). */
async function currentMember(tx: Queryable, org: number, userSlno: number): Promise<Member | null> {
  const [member] = (
    await tx.query<Member>(
      `SELECT m.user_slno, m.status, m.is_active, m.roles, m.email, m.mobile, m.org_unit_slno,
              u.full_name_en, u.full_name_ar, o.name_en AS org_en, o.name_ar AS org_ar
         FROM memberships m JOIN users u USING (user_slno) JOIN organizations o USING (org_slno)
        WHERE m.org_slno = $1 AND m.user_slno = $2 FOR UPDATE OF m`,
      [org, userSlno],
    )
  ).rows;
  return member && ['Approved', 'Deactivated'].includes(member.status) ? member : null;
}

const refusal = (message: Record<Language, string>, language: Language) => ({
  status: IDENTITY_STATUS.failed,
  errorMessage: message[language],
});
const done = { status: IDENTITY_STATUS.accepted, errorMessage: null };

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
    (
      await db.query(
        `SELECT 1 FROM organization_units
          WHERE org_slno = $1 AND org_unit_slno = $2 AND is_active AND status = 'Approved'`,
        [org, unit],
      )
    ).rowCount === 1;
  return active ? { value: String(unit) } : { problem: MESSAGES.unit };
}

/** A member's detail, the lists the users screen's filters offer, and what an admin may change. */
export function organizationUserHandlers(
  deps: Pick<Deps, 'pool' | 'audit' | 'clock' | 'authority'>,
): Handlers {
  const { pool } = deps;

  /**
   * A change made at once to another current member (role, active state), with the member told
   * and the change audited; the caller may not change themselves.
   */
  const seatChangeOf = (context: HandlerContext, userSlno: number): SeatChange => ({
    orgSlno: organizationOf(context.tenant),
    userSlno,
    by: requireCaller(context.caller).userSlno,
    at: deps.clock(),
  });

  async function changeAtOnce(
    context: HandlerContext,
    userSlno: number,
    /** Makes the change, or answers null when it changes nothing. */
    change: (tx: Queryable, member: Member) => Promise<Change | null>,
  ) {
    const org = organizationOf(context.tenant);
    if (userSlno === requireCaller(context.caller).userSlno)
      return refusal(MESSAGES.yourself, context.language);
    const now = deps.clock();
    return inTransaction(pool, async (tx) => {
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

  return {
    viewOrganizationUser: async ({ tenant, input, language }) => {
      const { rows } = await pool.query<{
        full_name_en: string;
        full_name_ar: string;
        nationality: string;
        national_id: string;
        status: OrgUserStatus;
        mobile: string;
        email: string;
        employee_id: string;
        is_active: boolean;
        roles: string[];
        org_unit_slno: number | null;
        unit_en: string | null;
        unit_ar: string | null;
        open_changes: string[];
      }>(
        `SELECT u.full_name_en, u.full_name_ar, u.nationality, u.national_id, m.status, m.mobile, m.email,
                m.employee_id, m.is_active, m.roles, m.org_unit_slno, ou.name_en AS unit_en, ou.name_ar AS unit_ar,
                ARRAY(SELECT DISTINCT r.details->>'field' FROM user_requests r
                       WHERE r.org_slno = m.org_slno AND r.user_slno = m.user_slno AND r.kind = 'change'
                         AND r.status = 'Pending' AND r.details ? 'value') AS open_changes
           FROM memberships m
           JOIN users u ON u.user_slno = m.user_slno
           LEFT JOIN organization_units ou ON ou.org_unit_slno = m.org_unit_slno
          WHERE m.org_slno = $1 AND m.user_slno = $2`,
        [organizationOf(tenant), input.body.userSlNo],
      );
      const member = rows[0];
      if (!member) throw new AppError(404, 'NOT_FOUND');
      return {
        fullNameEnglish: member.full_name_en,
        fullNameArabic: member.full_name_ar,
        nationality: localWord(member.nationality, language),
        // Ours: the identity app gives no address (SPEC §7 shows none); these stay empty until a
        // person's address is recorded, and the screen shows "—".
        city: '',
        state: '',
        postalCode: '',
        country: '',
        nationalId: maskNationalId(member.national_id),
        status: member.status,
        mobile: member.mobile,
        email: member.email,
        organizationUnit: (language === 'ar' ? member.unit_ar : member.unit_en) ?? '',
        employeeId: member.employee_id,
        isActive: member.is_active,
        // Ours: a member takes one seat of each role counter of the roles they hold.
        organizationCountersUse: Object.fromEntries(
          COUNTED_ROLES.map((role) => [role, member.roles.includes(role) ? 1 : 0]),
        ) as Record<CountedRole, number>,
        orgUnitSlNo: member.org_unit_slno ?? 0,
        isAutoOU: false,
        roles: member.roles as OrganizationRole[],
        openChanges: member.open_changes as MemberChangeField[],
      };
    },

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

    setMemberActive: async (context) => {
      const { userSlNo, active } = context.input.body;
      return changeAtOnce(context, userSlNo, async (tx, member) => {
        if (member.is_active === active && (member.status === 'Approved') === active) return null;
        // An active member holds a seat of each of their roles; a deactivated one holds none.
        const seats = seatChangeOf(context, userSlNo);
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
      return changeAtOnce(context, userSlNo, async (tx, member) => {
        const counted = seatedRoles(member.roles);
        if (counted.length === 1 && counted[0] === role) return null;
        const others = member.roles.filter((held) => !counted.includes(held as CountedRole));
        // The new role's seat is taken (or the change refused) and the old roles' given back.
        if (member.is_active && member.status === 'Approved') {
          const seats = seatChangeOf(context, userSlNo);
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

    organizationUnitList: async ({ tenant }) => {
      const { rows } = await pool.query<{
        org_unit_slno: number;
        name_en: string;
        name_ar: string;
      }>(
        `SELECT org_unit_slno, name_en, name_ar FROM organization_units
          WHERE org_slno = $1 AND status = 'Approved' AND is_active ORDER BY org_unit_slno`,
        [organizationOf(tenant)],
      );
      return {
        dataList: rows.map((row) => ({
          orgUnitSlNo: row.org_unit_slno,
          organizationalUnitName: row.name_en,
          organizationalUnitNameArabic: row.name_ar,
        })),
      };
    },

    employeeIdList: async ({ tenant }) => {
      const { rows } = await pool.query<{ employee_id: string }>(
        'SELECT employee_id FROM memberships WHERE org_slno = $1 ORDER BY employee_id',
        [organizationOf(tenant)],
      );
      return { dataList: rows.map((row) => row.employee_id) };
    },
  };
}
