/**
 * A new user's request (step 4 of newUsers.ts): made with the person's approval, once; read by
 * the organization's admins; cancelled while open, which takes the pending membership away.
 */
import { IDENTITY_STATUS, localSaudiMobile, maskNationalId, type Language } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { recordVerifiedPerson } from '../auth/identityApp.js';
import { requestDocuments, takeDocuments } from '../documents/documents.js';
import { notifyOtherAdmins } from '../notices.js';
import { organizationOf } from '../access/tenancy.js';
import { localWord } from '../words.js';
import {
  AWAITING,
  MESSAGES,
  UAV_FROM,
  askMembership,
  codeOf,
  refused,
  verifiedPerson,
  whyNotAddable,
} from './newUsers.js';
import { isActiveUnit } from './units.js';

export function uavRequestHandlers(deps: Deps): Handlers {
  return { ...uavRequestCreation(deps), ...uavRequestFollowing(deps) };
}

/** A request to update an organization's details, made. */
function uavRequestCreation(deps: Deps): Handlers {
  const { pool } = deps;
  return {
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
        const person = await verifiedPerson(deps, tx, context, body.nationalID, body.transId, true);
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
  };
}

/** A request to update an organization's details, read and cancelled. */
function uavRequestFollowing(deps: Deps): Handlers {
  const { pool } = deps;
  return {
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
