/**
 * Approvals of new users (SPEC §2 `approval/user`, §7 "Organization approvals"): the declared
 * grid's query (list and export, OrganizationUserNewRequest.xlsx), a request's detail, and the
 * decision. A decision is made once: the request's row is locked and must still be pending (a
 * second admin deciding at the same moment is told it was already decided), and the admin who
 * made a request cannot decide it (separation of duties: another Enrolment Admin does). An
 * approved person becomes an active member; a rejected one does not. The person is notified (in
 * the app, and by e-mail once the decision is stored) and the decision is audited with it.
 */
import type { newUserApprovalsGrid } from '@tawqi/api/grids';
import { maskNationalId, type Language, type NewUserApprovalStatus } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { organizationOf } from './transactions.js';

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

export const NEW_USER_REQUESTS: GridQuery<typeof newUserApprovalsGrid, RequestRow> = {
  select: `SELECT r.request_slno, r.user_slno, r.status, r.created_at, u.full_name_en, u.full_name_ar,
                  m.employee_id, m.roles[1] AS role
             FROM user_requests r
             JOIN users u ON u.user_slno = r.user_slno
             JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno`,
  count: `SELECT count(*) FROM user_requests r
            JOIN users u ON u.user_slno = r.user_slno
            JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno`,
  where: (body, { tenant }) => ({
    where: `r.org_slno = $1 AND r.kind = 'newUser'
      AND r.status = ANY($2::text[])
      AND ($3::date IS NULL OR r.created_at >= $3::date)
      AND ($4::date IS NULL OR r.created_at < $4::date + 1)
      AND ($5::text = '' OR u.full_name_en ILIKE '%' || $5 || '%' OR u.full_name_ar LIKE '%' || $5 || '%'
           OR m.employee_id ILIKE '%' || $5 || '%')`,
    values: [
      organizationOf(tenant),
      body.statuses?.length ? body.statuses : ['Pending', 'Approved', 'Rejected', 'UserRejected'],
      body.fromDate ?? null,
      body.toDate ?? null,
      (body.search ?? '').trim(),
    ],
  }),
  order: [
    { column: 'r.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'r.request_slno', type: 'int', of: (row) => row.request_slno },
  ],
  page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
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

const ALREADY_DECIDED: Record<Language, string> = {
  en: 'This request was already decided by another admin. The list shows its decision now.',
  ar: 'سبق أن بتّ مسؤول آخر في هذا الطلب. تعرض القائمة قراره الآن.',
};

const OWN_REQUEST: Record<Language, string> = {
  en: 'You made this request, so another Enrolment Admin decides it.',
  ar: 'أنت من قدّم هذا الطلب، لذا يبتّ فيه مسؤول تسجيل آخر.',
};

export function approvalHandlers(
  deps: Pick<Deps, 'pool' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  const { pool } = deps;
  return {
    newUserRequestDetails: async ({ tenant, input, caller, language }) => {
      const { rows } = await pool.query<{
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
        `SELECT r.status, r.created_by, r.remarks, u.full_name_en, u.full_name_ar, u.nationality, u.national_id,
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
        // The world's requests come without documents; the UAV flow (issue 14) will attach them.
        documents: [],
        createdByYou: request.created_by === requireCaller(caller).userSlno,
        remarks: request.remarks,
      };
    },

    processNewUserRequest: async ({ tenant, input, caller, audit, language }) => {
      const org = organizationOf(tenant);
      const decider = requireCaller(caller).userSlno;
      const { userSlNo, action } = input.body;
      // Remarks a person can read, or none (spaces only are none).
      const remarks = input.body.remarks?.trim() ? input.body.remarks.trim() : null;
      const approved = action === 'approve';
      const now = deps.clock();
      const person = await inTransaction(pool, async (tx) => {
        const [request] = (
          await tx.query<{ request_slno: number; status: string; created_by: number | null }>(
            `SELECT request_slno, status, created_by FROM user_requests
              WHERE org_slno = $1 AND user_slno = $2 AND kind = 'newUser'
              ORDER BY status = 'Pending' DESC, created_at DESC LIMIT 1
              FOR UPDATE`,
            [org, userSlNo],
          )
        ).rows;
        if (!request) throw new AppError(404, 'NOT_FOUND');
        if (request.status !== 'Pending')
          throw new AppError(409, 'CONFLICT', { localized: ALREADY_DECIDED });
        if (request.created_by === decider)
          throw new AppError(403, 'FORBIDDEN', { localized: OWN_REQUEST });
        await tx.query(
          `UPDATE user_requests SET status = $2, remarks = $3, decided_at = $4, decided_by = $5
            WHERE request_slno = $1`,
          [request.request_slno, approved ? 'Approved' : 'Rejected', remarks, now, decider],
        );
        const [member] = (
          await tx.query<{ email: string; name_en: string; name_ar: string }>(
            `UPDATE memberships m SET status = $3, is_active = $4
               FROM organizations o
              WHERE m.org_slno = $1 AND m.user_slno = $2 AND o.org_slno = m.org_slno
             RETURNING m.email, o.name_en, o.name_ar`,
            [org, userSlNo, approved ? 'Approved' : 'Rejected', approved],
          )
        ).rows;
        if (!member) throw new AppError(404, 'NOT_FOUND');
        const notice = decisionNotice(approved, { en: member.name_en, ar: member.name_ar });
        await tx.query(
          `INSERT INTO notifications (user_slno, title_en, title_ar, message_en, message_ar, created_at)
           VALUES ($1, $2, $3, $4, $5, $6)`,
          [userSlNo, notice.title.en, notice.title.ar, notice.body.en, notice.body.ar, now],
        );
        await deps.audit.record(tx, audit, {
          action: 'approval.decided',
          outcome: 'success',
          target: String(userSlNo),
          detail: {
            kind: 'newUser',
            decision: approved ? 'approved' : 'rejected',
            request: request.request_slno,
          },
        });
        return { email: member.email, notice };
      });
      // Sent once the decision is stored: a message is never about something that did not happen.
      await deps.notifier.send(
        {
          channel: 'email',
          recipient: person.email,
          subject: person.notice.title[language],
          body: `${person.notice.body.ar}\n\n${person.notice.body.en}`,
        },
        now,
      );
      return { status: '1', errorMessage: null };
    },
  };
}
