/**
 * New-user (UAV) requests (SPEC §2 `manage/users/uav`, `createuav`, `viewuav`; §3 "New UAV request
 * row"; §5): an Enrolment Admin adds a person to the organization.
 *
 * 1. The national id is checked (`validateNationalId`): its format and check digit (the contract),
 *    and that the person is neither a member nor already asked for.
 * 2. The person approves in the identity app on their own phone, picking the number shown to the
 *    admin (`orgUserNafathVerify`): the one identity-app challenge mechanism (auth/identityApp.ts),
 *    bound to the admin's browser, organization and self. A rejected or expired approval, or one
 *    for another id, leaves nothing to create a request with.
 * 3. The identity app's details of the person are read back (`orgUserDetails`): for 30 minutes
 *    after the approval, only by the admin who asked, in the browser that asked.
 * 4. The admin completes role, unit, employee id, e-mail and mobile (`createUavRequest`), which uses
 *    the approval once: the person (as the identity app names them, when new to Tawqi), a pending
 *    membership and a Pending new-user request, which another Enrolment Admin approves or rejects
 *    (approvals.ts, separation of duties). The request records what was asked in its details.
 *
 * Ours where the spec is silent: a request is Pending from the start, because the person has
 * already approved in the identity app when it is made (Initiated 0 is the spec's code for a
 * request not yet submitted, which this flow never stores); an open request can be cancelled by
 * any Enrolment Admin, which takes the pending membership away.
 */
import type { uavRequestsGrid } from '@tawqi/api/grids';
import {
  IDENTITY_STATUS,
  UAV_REQUEST_STATUS_CODES,
  localSaudiMobile,
  maskNationalId,
  type Language,
  type UavRequestStatus,
  type UavRequestStatusCode,
} from '@tawqi/domain';
import type { NafathPerson } from '../../adapters/nafath/client.js';
import type { Deps } from '../../deps.js';
import { days, searchText, whereOf } from '../../db/paging.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type HandlerContext, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { initiate, recordVerifiedPerson, verify } from '../auth/identityApp.js';
import { requestDocuments, takeDocuments } from '../documents/documents.js';
import type { GridQuery } from '../grids.js';
import { localWord } from '../words.js';
import { notifyOtherAdmins } from '../notices.js';
import { organizationOf } from './transactions.js';

/** How long an admin has to complete a request after the person approved in the identity app. */
export const VERIFIED_PERSON_MINUTES = 30;

/** The stored statuses of each UAV code (a person's own rejection is a rejection here). */
const STORED_STATUSES: Record<UavRequestStatus, readonly string[]> = {
  Initiated: ['Initiated'],
  Pending: ['Pending'],
  Approved: ['Approved'],
  Rejected: ['Rejected', 'UserRejected'],
  Cancelled: ['Cancelled'],
};

function codeOf(stored: string): UavRequestStatusCode {
  const status = (Object.keys(STORED_STATUSES) as UavRequestStatus[]).find((name) =>
    STORED_STATUSES[name].includes(stored),
  );
  return UAV_REQUEST_STATUS_CODES[status ?? 'Pending'];
}

const MESSAGES = {
  alreadyMember: {
    en: 'This person is already a member of the organization.',
    ar: 'هذا الشخص عضو في المنشأة بالفعل.',
  },
  openRequest: {
    en: 'A request to add this person is already open. Find it in the new user requests.',
    ar: 'يوجد طلب مفتوح لإضافة هذا الشخص. تجده في طلبات المستخدمين الجدد.',
  },
  notVerified: {
    en: 'The identity app’s confirmation of this person was not found or has expired. Verify the person again.',
    ar: 'لم يُعثر على تأكيد تطبيق نفاذ الوطني لهذا الشخص أو انتهت صلاحيته. تحقّق من هويته مرة أخرى.',
  },
  inactiveUnit: {
    en: 'Choose an active organization unit.',
    ar: 'اختر وحدة تنظيمية نشطة.',
  },
  notOpen: {
    en: 'This request is no longer open: it was decided or cancelled. The list shows it as it is now.',
    ar: 'لم يعد هذا الطلب مفتوحًا: فقد بُتّ فيه أو أُلغي. تعرضه القائمة بحالته الآن.',
  },
} as const satisfies Record<string, Record<Language, string>>;

const refused = (message: Record<Language, string>, language: Language) => ({
  status: IDENTITY_STATUS.failed,
  errorMessage: message[language],
});

/**
 * Why this national id cannot be added to the organization now, or null when it can: a member
 * already, or asked for already (in person or by an invitation still open).
 */
export async function whyNotAddable(
  db: Queryable,
  org: number,
  nationalId: string,
): Promise<Record<Language, string> | null> {
  const [found] = (
    await db.query<{ member: string | null; open_request: boolean }>(
      `SELECT (SELECT m.status FROM users u JOIN memberships m ON m.user_slno = u.user_slno
                WHERE u.national_id = $2 AND m.org_slno = $1) AS member,
              EXISTS (SELECT 1 FROM user_requests r LEFT JOIN users u ON u.user_slno = r.user_slno
                       WHERE r.org_slno = $1 AND r.kind = 'newUser'
                         AND r.status IN ('Initiated', 'Pending')
                         AND coalesce(u.national_id, r.details->>'nationalId') = $2) AS open_request`,
      [org, nationalId],
    )
  ).rows as [{ member: string | null; open_request: boolean }];
  if (found.open_request) return MESSAGES.openRequest;
  // A person rejected before may be asked for again.
  if (found.member && !['Rejected', 'UserRejected'].includes(found.member))
    return MESSAGES.alreadyMember;
  return null;
}

/** Whether a unit of the organization can take a new member (approved and active). */
export async function isActiveUnit(db: Queryable, org: number, unit: number): Promise<boolean> {
  const found = await db.query(
    `SELECT 1 FROM organization_units
      WHERE org_slno = $1 AND org_unit_slno = $2 AND is_active AND status = 'Approved'`,
    [org, unit],
  );
  return found.rowCount === 1;
}

/**
 * The pending membership a new-user request asks for (in person or by invitation): inactive and
 * Pending until another Enrolment Admin approves; one rejected before is asked for afresh.
 */
export async function askMembership(
  tx: Queryable,
  asked: {
    userSlno: number;
    orgSlno: number;
    role: string;
    employeeId: string;
    email: string;
    mobile: string;
    unitSlno: number;
    at: Date;
  },
): Promise<void> {
  await tx.query(
    `INSERT INTO memberships (user_slno, org_slno, roles, employee_id, email, mobile, is_active, status, org_unit_slno, created_at)
     VALUES ($1, $2, ARRAY[$3], $4, $5, $6, false, 'Pending', $7, $8)
     ON CONFLICT (user_slno, org_slno) DO UPDATE
       SET roles = EXCLUDED.roles, employee_id = EXCLUDED.employee_id, email = EXCLUDED.email,
           mobile = EXCLUDED.mobile, is_active = false, status = 'Pending',
           org_unit_slno = EXCLUDED.org_unit_slno`,
    [
      asked.userSlno,
      asked.orgSlno,
      asked.role,
      asked.employeeId,
      asked.email,
      asked.mobile,
      asked.unitSlno,
      asked.at,
    ],
  );
}

/** The approved challenge's person, when this admin may still use it (in this browser). */
const VERIFIED_PERSON = `flow = 'orgUser' AND status = 'CONSUMED' AND person IS NOT NULL
  AND trans_id = $1 AND national_id = $2 AND org_slno = $3 AND requested_by = $4
  AND device_id = $5 AND expires_at > $6`;

const UAV_STATUS_OF_CODE = Object.fromEntries(
  Object.entries(UAV_REQUEST_STATUS_CODES).map(([status, code]) => [code, status]),
) as Record<UavRequestStatusCode, UavRequestStatus>;

interface UavRow {
  request_slno: number;
  status: string;
  created_at: Date;
  national_id: string;
  full_name_en: string;
  full_name_ar: string;
  email: string;
  mobile: string;
  decider_en: string | null;
  decider_ar: string | null;
}

// An invitation not yet answered names its person only by national id (migration 024).
const UAV_FROM = `FROM user_requests r
  LEFT JOIN users u ON u.user_slno = r.user_slno
  LEFT JOIN memberships m ON m.user_slno = r.user_slno AND m.org_slno = r.org_slno
  LEFT JOIN users d ON d.user_slno = r.decided_by`;

export const UAV_REQUESTS: GridQuery<typeof uavRequestsGrid, UavRow> = {
  select: `SELECT r.request_slno, r.status, r.created_at,
                  coalesce(u.national_id, r.details->>'nationalId') AS national_id,
                  coalesce(u.full_name_en, '') AS full_name_en, coalesce(u.full_name_ar, '') AS full_name_ar,
                  coalesce(r.details->>'email', m.email, '') AS email,
                  coalesce(r.details->>'mobile', m.mobile, '') AS mobile,
                  d.full_name_en AS decider_en, d.full_name_ar AS decider_ar
             ${UAV_FROM}`,
  count: `SELECT count(*) ${UAV_FROM}`,
  where: (body, { tenant }) => {
    const search = searchText(body.search);
    return whereOf(
      [`r.org_slno = $1 AND r.kind = 'newUser'`, organizationOf(tenant)],
      [
        'r.status = ANY($1::text[])',
        (body.statuses?.length ? body.statuses : Object.values(UAV_REQUEST_STATUS_CODES)).flatMap(
          (code) => STORED_STATUSES[UAV_STATUS_OF_CODE[code]],
        ),
      ],
      ...days('r.created_at', body),
      search && [
        `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'
          OR coalesce(r.details->>'email', m.email) ILIKE '%' || $1 || '%'`,
        search,
      ],
    );
  },
  order: [
    { column: 'r.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'r.request_slno', type: 'int', of: (row) => row.request_slno },
  ],
  page: (body) => ({ limit: body.pageSize, offset: (body.pageNumber - 1) * body.pageSize }),
  row: (row, language) => ({
    nationalID: maskNationalId(row.national_id),
    fullName: language === 'ar' ? row.full_name_ar : row.full_name_en,
    email: row.email,
    mobileNo: row.mobile,
    processedBy: (language === 'ar' ? row.decider_ar : row.decider_en) ?? null,
    status: codeOf(row.status),
    createdDate: row.created_at.toISOString(),
    id: row.request_slno,
  }),
};

/** What the other Enrolment Admins are told: a person awaits their approval. */
const AWAITING = {
  title: { en: 'A new user awaits approval', ar: 'مستخدم جديد بانتظار الموافقة' },
  body: (name: Record<Language, string>) => ({
    en: `${name.en} was added to the organization and awaits an Enrolment Admin’s approval.`,
    ar: `أُضيف ${name.ar} إلى المنشأة وينتظر موافقة مسؤول التسجيل.`,
  }),
};

export function newUserHandlers(deps: Deps): Handlers {
  const { pool } = deps;

  /** The person an admin's approved challenge names, while it may be used (null otherwise). */
  async function verifiedPerson(
    db: Queryable,
    context: HandlerContext,
    nationalId: string,
    transId: string,
    use: boolean,
  ): Promise<NafathPerson | null> {
    const values = [
      transId,
      nationalId,
      organizationOf(context.tenant),
      requireCaller(context.caller).userSlno,
      context.deviceId,
      deps.clock(),
    ];
    const statement = use
      ? `DELETE FROM identity_challenges WHERE ${VERIFIED_PERSON} RETURNING person`
      : `SELECT person FROM identity_challenges WHERE ${VERIFIED_PERSON}`;
    return (await db.query<{ person: NafathPerson }>(statement, values)).rows[0]?.person ?? null;
  }

  return {
    validateNationalId: async ({ tenant, input, language }) => {
      const why = await whyNotAddable(pool, organizationOf(tenant), input.body.nationalID);
      return why
        ? refused(why, language)
        : { status: IDENTITY_STATUS.accepted, errorMessage: null };
    },

    orgUserNafathVerify: async (context) => {
      const { nationalID, transId } = context.input.body;
      const binding = {
        organization: organizationOf(context.tenant),
        requestedBy: requireCaller(context.caller).userSlno,
      };
      if (!transId) {
        // The same check as validateNationalId: the identity app is not asked for nothing.
        const why = await whyNotAddable(pool, binding.organization, nationalID);
        if (why) return { ...refused(why, context.language), transId: null, random: null };
        const started = await initiate(deps, context, 'orgUser', nationalID, binding);
        return {
          status: started.status,
          errorMessage: started.errorMessage,
          transId: started.transId,
          random: started.random,
        };
      }
      const answer = await verify(
        deps,
        context,
        'orgUser',
        { nationalId: nationalID, transId, ...binding },
        async (person) => {
          // Kept for the admin to complete the request with, for a while.
          const now = deps.clock();
          await pool.query(
            'UPDATE identity_challenges SET person = $2, expires_at = $3 WHERE trans_id = $1',
            [transId, person, new Date(now.getTime() + VERIFIED_PERSON_MINUTES * 60_000)],
          );
          return {};
        },
      );
      return { status: answer.status, errorMessage: answer.errorMessage, transId, random: null };
    },

    orgUserDetails: async (context) => {
      const { nationalID, transId } = context.input.body;
      const person = await verifiedPerson(pool, context, nationalID, transId, false);
      if (!person)
        return {
          ...refused(MESSAGES.notVerified, context.language),
          fullNameEnglish: '',
          fullNameArabic: '',
          nationality: '',
          dateOfBirth: null,
        };
      return {
        status: IDENTITY_STATUS.accepted,
        errorMessage: null,
        fullNameEnglish: person.fullNameEnglish,
        fullNameArabic: person.fullNameArabic,
        nationality: localWord(person.nationality, context.language),
        dateOfBirth: person.dateOfBirth ?? null,
      };
    },

    createUavRequest: async (context) => {
      const body = context.input.body;
      const org = organizationOf(context.tenant);
      const admin = requireCaller(context.caller).userSlno;
      const now = deps.clock();
      const no = (message: Record<Language, string>) => ({
        ...refused(message, context.language),
        id: null,
      });
      return inTransaction(pool, async (tx) => {
        if (!(await isActiveUnit(tx, org, body.orgUnitSlNo))) return no(MESSAGES.inactiveUnit);
        // Serializes requests for one person in this organization (two admins at once).
        await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [
          `new-user:${String(org)}:${body.nationalID}`,
        ]);
        const why = await whyNotAddable(tx, org, body.nationalID);
        if (why) return no(why);
        const person = await verifiedPerson(tx, context, body.nationalID, body.transId, true);
        if (!person) return no(MESSAGES.notVerified);
        // As members' records keep it (the contract has checked it is a Saudi mobile).
        const mobile = localSaudiMobile(body.mobileNo) ?? body.mobileNo;
        const user = await recordVerifiedPerson(tx, person, now);
        await askMembership(tx, {
          userSlno: user.userSlno,
          orgSlno: org,
          role: body.userType,
          employeeId: body.employeeId,
          email: body.email,
          mobile,
          unitSlno: body.orgUnitSlNo,
          at: now,
        });
        const [request] = (
          await tx.query<{ request_slno: number }>(
            `INSERT INTO user_requests (org_slno, user_slno, kind, status, details, created_at, created_by)
             VALUES ($1, $2, 'newUser', 'Pending', $3, $4, $5) RETURNING request_slno`,
            [
              org,
              user.userSlno,
              {
                transId: body.transId,
                role: body.userType,
                orgUnitSlno: body.orgUnitSlNo,
                employeeId: body.employeeId,
                email: body.email,
                mobile,
              },
              now,
              admin,
            ],
          )
        ).rows as [{ request_slno: number }];
        await takeDocuments(
          tx,
          { orgSlno: org, uploadedBy: admin, userRequestSlno: request.request_slno },
          body.uniqueFileIds,
        );
        // The other Enrolment Admins learn that someone awaits their decision.
        await notifyOtherAdmins(
          tx,
          org,
          admin,
          {
            title: AWAITING.title,
            body: AWAITING.body({ en: person.fullNameEnglish, ar: person.fullNameArabic }),
          },
          now,
        );
        await deps.audit.record(tx, context.audit, {
          action: 'approval.requested',
          outcome: 'success',
          target: String(user.userSlno),
          detail: { kind: 'newUser', request: request.request_slno, role: body.userType },
        });
        return { status: IDENTITY_STATUS.accepted, errorMessage: null, id: request.request_slno };
      });
    },

    uavRequestDetails: async ({ tenant, input, language }) => {
      const [row] = (
        await pool.query<{
          request_slno: number;
          status: string;
          created_at: Date;
          decided_at: Date | null;
          remarks: string | null;
          national_id: string;
          full_name_en: string;
          full_name_ar: string;
          nationality: string;
          email: string;
          mobile: string;
          role: string;
          employee_id: string;
          unit_en: string | null;
          unit_ar: string | null;
          creator_en: string | null;
          creator_ar: string | null;
          decider_en: string | null;
          decider_ar: string | null;
        }>(
          `SELECT r.request_slno, r.status, r.created_at, r.decided_at, r.remarks,
                  coalesce(u.national_id, r.details->>'nationalId') AS national_id,
                  coalesce(u.full_name_en, '') AS full_name_en, coalesce(u.full_name_ar, '') AS full_name_ar,
                  coalesce(u.nationality, '') AS nationality,
                  coalesce(r.details->>'email', m.email, '') AS email,
                  coalesce(r.details->>'mobile', m.mobile, '') AS mobile,
                  coalesce(r.details->>'role', m.roles[1], '') AS role,
                  coalesce(r.details->>'employeeId', m.employee_id, '') AS employee_id,
                  ou.name_en AS unit_en, ou.name_ar AS unit_ar,
                  c.full_name_en AS creator_en, c.full_name_ar AS creator_ar,
                  d.full_name_en AS decider_en, d.full_name_ar AS decider_ar
             ${UAV_FROM}
             LEFT JOIN users c ON c.user_slno = r.created_by
             LEFT JOIN organization_units ou
               ON ou.org_unit_slno = coalesce((r.details->>'orgUnitSlno')::int, m.org_unit_slno)
            WHERE r.org_slno = $1 AND r.request_slno = $2 AND r.kind = 'newUser'`,
          [organizationOf(tenant), input.body.id],
        )
      ).rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      const named = (en: string | null, ar: string | null) => (language === 'ar' ? ar : en) ?? null;
      return {
        id: row.request_slno,
        nationalID: maskNationalId(row.national_id),
        fullNameEnglish: row.full_name_en,
        fullNameArabic: row.full_name_ar,
        nationality: localWord(row.nationality, language),
        email: row.email,
        mobileNo: row.mobile,
        organizationUnit: named(row.unit_en, row.unit_ar) ?? '',
        userType: localWord(row.role, language),
        employeeId: row.employee_id,
        status: codeOf(row.status),
        createdDate: row.created_at.toISOString(),
        createdBy: named(row.creator_en, row.creator_ar),
        processedBy: named(row.decider_en, row.decider_ar),
        processedDate: row.decided_at?.toISOString() ?? null,
        remarks: row.remarks,
        cancellable: ['Initiated', 'Pending'].includes(row.status),
        documents: await requestDocuments(pool, { userRequest: row.request_slno }, language),
      };
    },

    cancelUavRequest: async (context) => {
      const org = organizationOf(context.tenant);
      const admin = requireCaller(context.caller).userSlno;
      const now = deps.clock();
      await inTransaction(pool, async (tx) => {
        const [request] = (
          await tx.query<{ request_slno: number; user_slno: number; status: string }>(
            `SELECT request_slno, user_slno, status FROM user_requests
              WHERE org_slno = $1 AND request_slno = $2 AND kind = 'newUser' FOR UPDATE`,
            [org, context.input.body.id],
          )
        ).rows;
        if (!request) throw new AppError(404, 'NOT_FOUND');
        if (!['Initiated', 'Pending'].includes(request.status))
          throw new AppError(409, 'CONFLICT', { localized: MESSAGES.notOpen });
        await tx.query(
          `UPDATE user_requests SET status = 'Cancelled', decided_at = $2, decided_by = $3
            WHERE request_slno = $1`,
          [request.request_slno, now, admin],
        );
        // The membership the request asked for never began.
        await tx.query(
          `DELETE FROM memberships WHERE org_slno = $1 AND user_slno = $2 AND status = 'Pending'`,
          [org, request.user_slno],
        );
        await deps.audit.record(tx, context.audit, {
          action: 'approval.cancelled',
          outcome: 'success',
          target: String(request.user_slno),
          detail: { kind: 'newUser', request: request.request_slno },
        });
      });
      return { status: IDENTITY_STATUS.accepted, errorMessage: null };
    },
  };
}
