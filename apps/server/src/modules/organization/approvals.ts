/**
 * Approvals of new users (SPEC §2 `approval/user`, §7 "Organization approvals"): the declared
 * grid's query (list and export, OrganizationUserNewRequest.xlsx), a request's detail, and the
 * decision. A decision is made once: the request's row is locked and must still be pending (a
 * second admin deciding at the same moment is told it was already decided), and the admin who
 * made a request cannot decide it (separation of duties: another Enrolment Admin does). An
 * approved person becomes an active member; a rejected one does not. The person is notified (in
 * the app, and by e-mail once the decision is stored) and the decision is audited with it.
 */
import type { changeRequestsGrid, newUserApprovalsGrid } from '@tawqi/api/grids';
import { maskNationalId, type Language, type NewUserApprovalStatus } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { days, searchText, whereOf, type Condition } from '../../db/paging.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { requestDocuments } from '../documents/documents.js';
import { seatedRoles, takeSeats } from '../counters/seats.js';
import { notifyPerson, type Notice } from '../notices.js';
import { organizationOf } from '../access/tenancy.js';

interface RequestRow {
  request_slno: number;
  user_slno: number;
  status: NewUserApprovalStatus;
  created_at: Date;
  full_name_en: string;
  full_name_ar: string;
  employee_id: string;
  role: string;
}

/**
 * The filter of a list of requests about users: whose and which kind (`owner`), the statuses
 * shown, the days they were made, and the search (`searched`, over the typed text as `$1`).
 */
function userRequestFilter(
  owner: Condition,
  statuses: readonly string[],
  body: {
    fromDate?: string | null | undefined;
    toDate?: string | null | undefined;
    search?: string | undefined;
  },
  searched: string,
) {
  const search = searchText(body.search);
  return whereOf(
    owner,
    ['r.status = ANY($1::text[])', statuses],
    ...days('r.created_at', body),
    search && [searched, search],
  );
}

export const NEW_USER_REQUESTS: GridQuery<typeof newUserApprovalsGrid, RequestRow> = {
  select: `SELECT r.request_slno, r.user_slno, r.status, r.created_at, u.full_name_en, u.full_name_ar,
                  m.employee_id, m.roles[1] AS role
             FROM user_requests r
             JOIN users u ON u.user_slno = r.user_slno
             JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno`,
  count: `SELECT count(*) FROM user_requests r
            JOIN users u ON u.user_slno = r.user_slno
            JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno`,
  where: (body, { tenant }) =>
    userRequestFilter(
      [`r.org_slno = $1 AND r.kind = 'newUser'`, organizationOf(tenant)],
      body.statuses?.length ? body.statuses : ['Pending', 'Approved', 'Rejected', 'UserRejected'],
      body,
      `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'
        OR m.employee_id ILIKE '%' || $1 || '%'`,
    ),
  order: [
    { column: 'r.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'r.request_slno', type: 'int', of: (row) => row.request_slno },
  ],
  row: (row, language) => ({
    status: row.status,
    userType: localWord(row.role, language),
    createdDate: row.created_at.toISOString(),
    employeeID: row.employee_id,
    userSlno: row.user_slno,
    fullNameEnglish: row.full_name_en,
    fullNameArabic: row.full_name_ar,
  }),
};

/** What a decision tells the person, in both languages. */
function decisionNotice(approved: boolean, organization: Record<Language, string>) {
  return approved
    ? {
        title: { en: 'You were added', ar: 'تمت إضافتك' },
        body: {
          en: `${organization.en} approved your account. Sign in to work as a member.`,
          ar: `اعتمدت ${organization.ar} حسابك. سجّل الدخول للعمل بصفتك عضوًا فيها.`,
        },
      }
    : {
        title: { en: 'Your request was not approved', ar: 'لم يُعتمد طلبك' },
        body: {
          en: `${organization.en} did not approve adding you.`,
          ar: `لم تعتمد ${organization.ar} إضافتك.`,
        },
      };
}

/** A request someone else decided meanwhile (user requests, L2 providers' applications). */
export const ALREADY_DECIDED: Record<Language, string> = {
  en: 'This request was already decided by another admin. The list shows its decision now.',
  ar: 'سبق أن بتّ مسؤول آخر في هذا الطلب. تعرض القائمة قراره الآن.',
};

const OWN_REQUEST: Record<Language, string> = {
  en: 'You made this request, so another Enrolment Admin decides it.',
  ar: 'أنت من قدّم هذا الطلب، لذا يبتّ فيه مسؤول تسجيل آخر.',
};

/** What a change request changes, and its words (SPEC §3 "changeType"). */
const CHANGE_TYPES = {
  email: 'Email change',
  mobile: 'Mobile change',
  unit: 'Organization unit change',
} as const;
type ChangeField = keyof typeof CHANGE_TYPES;

interface ChangeRow {
  request_slno: number;
  user_slno: number;
  status: 'Pending' | 'Approved' | 'Rejected';
  created_at: Date;
  created_by: number | null;
  remarks: string | null;
  field: ChangeField;
  value: string;
  /** The value the change replaced, kept when it was approved (the member's holds the new one). */
  before: string | null;
  role: string;
  email: string;
  mobile: string;
  org_unit_slno: number | null;
  full_name_en: string;
  full_name_ar: string;
}

const CHANGE_SELECT = `SELECT r.request_slno, r.user_slno, r.status, r.created_at, r.created_by, r.remarks,
         r.details->>'field' AS field, r.details->>'value' AS value, r.details->>'before' AS before,
         m.roles[1] AS role, m.email,
         m.mobile, m.org_unit_slno, u.full_name_en, u.full_name_ar
    FROM user_requests r
    JOIN users u ON u.user_slno = r.user_slno
    JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno`;

export const CHANGE_REQUESTS: GridQuery<typeof changeRequestsGrid, ChangeRow> = {
  select: CHANGE_SELECT,
  count: `SELECT count(*) FROM user_requests r
            JOIN users u ON u.user_slno = r.user_slno
            JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno`,
  where: (body, { tenant }) =>
    userRequestFilter(
      [`r.org_slno = $1 AND r.kind = 'change' AND r.details ? 'value'`, organizationOf(tenant)],
      body.statuses?.length ? body.statuses : ['Pending', 'Approved', 'Rejected'],
      body,
      `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'`,
    ),
  order: [
    { column: 'r.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'r.request_slno', type: 'int', of: (row) => row.request_slno },
  ],
  row: (row, language) => ({
    status: row.status,
    userType: localWord(row.role, language),
    requestDate: row.created_at.toISOString(),
    changeType: localWord(CHANGE_TYPES[row.field], language),
    userSlno: row.user_slno,
    changeRequestSlno: row.request_slno,
    fullNameEnglish: row.full_name_en,
    fullNameArabic: row.full_name_ar,
  }),
};

/** One change request of the organization (the route has checked it is the tenant's). */
async function changeRequestOf(
  db: Queryable,
  org: number,
  requestSlno: number,
): Promise<ChangeRow> {
  const [request] = (
    await db.query<ChangeRow>(
      `${CHANGE_SELECT} WHERE r.org_slno = $1 AND r.request_slno = $2 AND r.kind = 'change' AND r.details ? 'value'`,
      [org, requestSlno],
    )
  ).rows;
  if (!request) throw new AppError(404, 'NOT_FOUND');
  return request;
}

/**
 * A change as an approver reads it: the value it replaces and the one asked for (a unit by its
 * name). Once approved, the member holds the new value, so the one it replaced is the one kept
 * with the request (an approved change showed the new value as both).
 */
const NO_UNIT = { en: 'No unit', ar: 'بلا وحدة تنظيمية' } as const satisfies Record<
  Language,
  string
>;

async function valuesOf(db: Queryable, change: ChangeRow, language: Language) {
  if (change.field === 'email')
    return { current: change.before ?? change.email, asked: change.value };
  if (change.field === 'mobile')
    return { current: change.before ?? change.mobile, asked: change.value };
  // Until the change is made, the member's unit now; once made, the one it replaced ('' for none).
  const unit =
    change.before === null
      ? change.org_unit_slno
      : change.before === ''
        ? null
        : Number(change.before);
  const { rows } = await db.query<{ org_unit_slno: number; name_en: string; name_ar: string }>(
    'SELECT org_unit_slno, name_en, name_ar FROM organization_units WHERE org_unit_slno = ANY($1::int[])',
    [[unit ?? 0, Number(change.value)]],
  );
  const nameOf = (slno: number | null) => {
    if (slno === null) return NO_UNIT[language];
    const unit = rows.find((row) => row.org_unit_slno === slno);
    return unit ? (language === 'ar' ? unit.name_ar : unit.name_en) : '';
  };
  return { current: nameOf(unit), asked: nameOf(Number(change.value)) };
}

function changeNotice(approved: boolean, organization: Record<Language, string>, change: string) {
  const what = { en: localWord(change, 'en').toLowerCase(), ar: localWord(change, 'ar') };
  return approved
    ? {
        title: { en: 'Your change was made', ar: 'تم إجراء التغيير' },
        body: {
          en: `${organization.en} approved your ${what.en}.`,
          ar: `اعتمدت ${organization.ar} طلب ${what.ar}.`,
        },
      }
    : {
        title: { en: 'Your change was not approved', ar: 'لم يُعتمد التغيير' },
        body: {
          en: `${organization.en} did not approve your ${what.en}.`,
          ar: `لم تعتمد ${organization.ar} طلب ${what.ar}.`,
        },
      };
}

/** A request being decided, locked: its ids, its author, and its organization's names. */
interface Decided {
  request_slno: number;
  org_slno: number;
  user_slno: number;
  status: string;
  created_by: number | null;
  organization: Record<Language, string>;
}

/**
 * One decision on a user request, whatever its kind: the request is locked and must still be
 * pending (else "already decided"), its author may not decide it, the decision and remarks are
 * stored, the kind's effect is made (`apply`, which answers what the person is told), the person
 * is notified and the decision audited in the same transaction; the e-mail goes once it is stored.
 */
async function decide(
  context: HandlerContext,
  deps: Pick<Deps, 'pool' | 'audit' | 'notifier' | 'clock'>,
  decision: {
    kind: 'newUser' | 'change';
    /** Which request: a condition on `user_requests` with the id as $2 (the org is $1). */
    request: string;
    id: number;
    /** The person the request must be of, when the call names both (a change request). */
    userSlno?: number;
    approved: boolean;
    remarks: string | undefined;
    apply: (tx: Queryable, request: Decided, approved: boolean) => Promise<Notice>;
  },
) {
  const org = organizationOf(context.tenant);
  const decider = requireCaller(context.caller).userSlno;
  // Remarks a person can read, or none (spaces only are none).
  const remarks = decision.remarks?.trim() ? decision.remarks.trim() : null;
  const now = deps.clock();
  const told = await inTransaction(deps.pool, async (tx) => {
    const [request] = (
      await tx.query<Omit<Decided, 'organization'> & { name_en: string; name_ar: string }>(
        `SELECT r.request_slno, r.org_slno, r.user_slno, r.status, r.created_by, o.name_en, o.name_ar
           FROM user_requests r JOIN organizations o ON o.org_slno = r.org_slno
          WHERE r.org_slno = $1 AND ${decision.request}
          ORDER BY r.status = 'Pending' DESC, r.created_at DESC LIMIT 1
          FOR UPDATE OF r`,
        [org, decision.id],
      )
    ).rows;
    if (!request || (decision.userSlno !== undefined && request.user_slno !== decision.userSlno))
      throw new AppError(404, 'NOT_FOUND');
    if (request.status !== 'Pending')
      throw new AppError(409, 'CONFLICT', { localized: ALREADY_DECIDED });
    if (request.created_by === decider)
      throw new AppError(403, 'FORBIDDEN', { localized: OWN_REQUEST });
    await tx.query(
      `UPDATE user_requests SET status = $2, remarks = $3, decided_at = $4, decided_by = $5
        WHERE request_slno = $1`,
      [request.request_slno, decision.approved ? 'Approved' : 'Rejected', remarks, now, decider],
    );
    const notice = await decision.apply(
      tx,
      { ...request, organization: { en: request.name_en, ar: request.name_ar } },
      decision.approved,
    );
    await notifyPerson(tx, request.user_slno, notice, now);
    await deps.audit.record(tx, context.audit, {
      action: 'approval.decided',
      outcome: 'success',
      target: String(request.user_slno),
      detail: {
        kind: decision.kind,
        decision: decision.approved ? 'approved' : 'rejected',
        request: request.request_slno,
      },
    });
    const [person] = (
      await tx.query<{ email: string }>(
        'SELECT email FROM memberships WHERE org_slno = $1 AND user_slno = $2',
        [org, request.user_slno],
      )
    ).rows;
    return { notice, email: person?.email ?? null };
  });
  // Sent once the decision is stored: a message is never about something that did not happen.
  if (told.email)
    await deps.notifier.send(
      {
        channel: 'email',
        recipient: told.email,
        subject: told.notice.title[context.language],
        body: `${told.notice.body.ar}\n\n${told.notice.body.en}`,
      },
      now,
    );
  return { status: '1', errorMessage: null };
}

export function approvalHandlers(
  deps: Pick<Deps, 'pool' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  return { ...newUserApprovalHandlers(deps), ...changeApprovalHandlers(deps) };
}

/** A new user's request: its details and the decision on it. */
function newUserApprovalHandlers(
  deps: Pick<Deps, 'pool' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  const { pool } = deps;
  return {
    newUserRequestDetails: async ({ tenant, input, caller, language }) => {
      const { rows } = await pool.query<{
        request_slno: number;
        status: NewUserApprovalStatus;
        created_by: number | null;
        remarks: string | null;
        full_name_en: string;
        full_name_ar: string;
        nationality: string;
        national_id: string;
        kyc_valid_till: Date | null;
        email: string;
        mobile: string;
        employee_id: string;
        unit_en: string | null;
        unit_ar: string | null;
      }>(
        `SELECT r.request_slno, r.status, r.created_by, r.remarks, u.full_name_en, u.full_name_ar, u.nationality, u.national_id,
                u.kyc_valid_till, m.email, m.mobile, m.employee_id, ou.name_en AS unit_en, ou.name_ar AS unit_ar
           FROM user_requests r
           JOIN users u ON u.user_slno = r.user_slno
           JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno
           LEFT JOIN organization_units ou ON ou.org_unit_slno = m.org_unit_slno
          WHERE r.org_slno = $1 AND r.user_slno = $2 AND r.kind = 'newUser'
            AND r.status IN ('Pending', 'Approved', 'Rejected', 'UserRejected')
          ORDER BY r.status = 'Pending' DESC, r.created_at DESC LIMIT 1`,
        [organizationOf(tenant), input.body.userSlNo],
      );
      const request = rows[0];
      if (!request) throw new AppError(404, 'NOT_FOUND');
      const kycValid = request.kyc_valid_till !== null && request.kyc_valid_till >= deps.clock();
      return {
        employeeId: request.employee_id,
        email: request.email,
        // The number without its leading 0; the country's code beside it.
        phone: request.mobile.replace(/^0/, ''),
        isdCode: '+966',
        organizationUnit: (language === 'ar' ? request.unit_ar : request.unit_en) ?? '',
        fullNameEnglish: request.full_name_en,
        fullNameArabic: request.full_name_ar,
        nationality: localWord(request.nationality, language),
        // Ours: the identity app gives no address (as in a member's detail).
        city: '',
        state: '',
        postalCode: '',
        country: '',
        maskedNationalId: maskNationalId(request.national_id),
        kycStatus: localWord(kycValid ? 'kycValid' : 'kycExpired', language),
        status: request.status,
        documents: await requestDocuments(pool, { userRequest: request.request_slno }, language),
        createdByYou: request.created_by === requireCaller(caller).userSlno,
        remarks: request.remarks,
      };
    },

    processNewUserRequest: async (context) => {
      const { userSlNo, action, remarks } = context.input.body;
      return decide(context, deps, {
        kind: 'newUser',
        request: `user_slno = $2 AND kind = 'newUser'`,
        id: userSlNo,
        approved: action === 'approve',
        remarks,
        // The person becomes an active member holding a seat of their role, or is not one.
        apply: async (tx, request, approved) => {
          if (approved) {
            const [membership] = (
              await tx.query<{ roles: string[] }>(
                'SELECT roles FROM memberships WHERE org_slno = $1 AND user_slno = $2',
                [request.org_slno, request.user_slno],
              )
            ).rows;
            await takeSeats(tx, seatedRoles(membership?.roles ?? []), {
              orgSlno: request.org_slno,
              userSlno: request.user_slno,
              by: requireCaller(context.caller).userSlno,
              at: deps.clock(),
            });
          }
          await tx.query(
            'UPDATE memberships SET status = $3, is_active = $4 WHERE org_slno = $1 AND user_slno = $2',
            [request.org_slno, request.user_slno, approved ? 'Approved' : 'Rejected', approved],
          );
          return decisionNotice(approved, request.organization);
        },
      });
    },
  };
}

/** A change request: its details and the decision on it. */
function changeApprovalHandlers(
  deps: Pick<Deps, 'pool' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  const { pool } = deps;
  return {
    changeRequestDetails: async ({ tenant, input, caller, language }) => {
      const request = await changeRequestOf(
        pool,
        organizationOf(tenant),
        input.body.changeRequestSlno,
      );
      if (request.user_slno !== input.body.userSlNo) throw new AppError(404, 'NOT_FOUND');
      const shown = await valuesOf(pool, request, language);
      return {
        userType: localWord(request.role, language),
        changeType: localWord(CHANGE_TYPES[request.field], language),
        email: request.email,
        newEmailID: request.field === 'email' ? request.value : null,
        status: request.status,
        remarks: request.remarks,
        currentValue: shown.current,
        newValue: shown.asked,
        createdByYou: request.created_by === requireCaller(caller).userSlno,
      };
    },

    processChangeRequest: async (context) => {
      const { userSlNo, changeRequestSlno, action, remarks } = context.input.body;
      return decide(context, deps, {
        kind: 'change',
        request: `request_slno = $2 AND kind = 'change'`,
        id: changeRequestSlno,
        userSlno: userSlNo,
        approved: action === 'approve',
        remarks,
        // An approved change is made: the member's e-mail, mobile or unit is the one asked for.
        apply: async (tx, request, approved) => {
          const change = await changeRequestOf(tx, request.org_slno, request.request_slno);
          if (approved) {
            const column = { email: 'email', mobile: 'mobile', unit: 'org_unit_slno' }[
              change.field
            ];
            // Recorded as text, '' for none: a null would read as "not made yet".
            const before =
              change.field === 'unit' ? String(change.org_unit_slno ?? '') : change[change.field];
            await tx.query(
              `UPDATE user_requests SET details = details || jsonb_build_object('before', $2::text)
                WHERE request_slno = $1`,
              [request.request_slno, before],
            );
            await tx.query(
              `UPDATE memberships SET ${column} = $3 WHERE org_slno = $1 AND user_slno = $2`,
              [
                request.org_slno,
                request.user_slno,
                change.field === 'unit' ? Number(change.value) : change.value,
              ],
            );
          }
          return changeNotice(approved, request.organization, CHANGE_TYPES[change.field]);
        },
      });
    },
  };
}
