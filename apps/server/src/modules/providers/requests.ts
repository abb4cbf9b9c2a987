/**
 * L2 provider requests (SPEC §2 `approval/ltwo`, migration 019): an L2 provider applies
 * under an L1 with its organization, contacts, admins and documents; the L1's staff
 * read the application and approve it — the provider becomes active, its admins members who can
 * sign in and its first staff — or refuse it with remarks the applicants read. An organization
 * applies to be the L1's customer on the same list, said as what it is: no provider
 * of its own, its admins members once approved, and told of its organization, not a provider. One decision: the
 * request is locked and must still be pending, so a second staff member deciding at the same
 * moment is told it was decided already; whoever made the application, and anyone of the applying
 * organization or provider, does not decide it.
 */
import { l2RequestsGrid } from '@tawqi/api/grids';
import type { ApplicationKind, Bilingual, Language, ReviewRequestStatus } from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { inTransaction } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { requestDocuments } from '../documents/documents.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { ALREADY_DECIDED } from '../organization/approvals.js';
import { notifyPerson } from '../notices.js';
import { requestFilter } from '../organization/requestLists.js';
import { contactsOf, organizationAdminsOf, organizationProfile } from '../organization/profile.js';
import { inLanguage, localWord } from '../words.js';
import { decision } from './decisions.js';
import { providerOf } from '../access/tenancy.js';

interface L2RequestRow {
  request_slno: number;
  status: ReviewRequestStatus;
  created_at: Date;
  decided_at: Date | null;
  remarks: string | null;
  originator: string;
  kind: ApplicationKind;
  /** An L2 provider's application names its provider; an organization's names none. */
  sip_id: string | null;
  sip_en: string | null;
  sip_ar: string | null;
  org_slno: number;
  org_en: string;
  org_ar: string;
  cr_number: string;
  email: string;
  telephone: string;
  decided_en: string | null;
  decided_ar: string | null;
}

const FROM = `FROM l2_requests r
  LEFT JOIN service_providers p ON p.sip_slno = r.l2_sip_slno
  JOIN organizations org ON org.org_slno = r.l2_org_slno`;

const SELECT = `SELECT r.request_slno, r.status, r.created_at, r.decided_at, r.remarks, r.originator,
       r.kind, p.sip_id, p.name_en AS sip_en, p.name_ar AS sip_ar, org.org_slno,
       org.name_en AS org_en, org.name_ar AS org_ar, org.cr_number, org.email, org.telephone,
       d.full_name_en AS decided_en, d.full_name_ar AS decided_ar
  ${FROM}
  LEFT JOIN users d ON d.user_slno = r.decided_by`;

function rowOf(row: L2RequestRow, language: Language) {
  return {
    requestId: row.request_slno,
    kind: row.kind,
    kindLabel: localWord(row.kind, language),
    l2sipId: row.sip_id ?? '',
    l2OrgId: row.org_slno,
    // What applies: its provider, or the organization itself.
    sipName: inLanguage(row.sip_en ?? row.org_en, row.sip_ar ?? row.org_ar, language),
    crNumber: row.cr_number,
    orgName: inLanguage(row.org_en, row.org_ar, language),
    emailId: row.email,
    phoneNumber: row.telephone,
    status: row.status,
    statusLabel: localWord(row.status, language),
    processedBy:
      row.decided_en === null ? null : inLanguage(row.decided_en, row.decided_ar ?? '', language),
    processedDate: row.decided_at?.toISOString() ?? null,
    originator: localWord(row.originator, language),
    remarks: row.remarks,
  };
}

/** The list's filter (organization/requestLists.ts): its status, when made, and text. */
const LIST = {
  status: 'r.status',
  madeAt: 'r.created_at',
  reference: 'p.sip_id',
  searched: ['org.name_en', 'org.name_ar', 'org.cr_number', 'org.email'],
} as const;

const L2_REQUESTS: GridQuery<typeof l2RequestsGrid, L2RequestRow> = {
  select: SELECT,
  count: `SELECT count(*) ${FROM}`,
  where: requestFilter(LIST, 'provider'),
  order: [
    { column: 'r.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'r.request_slno', type: 'int', of: (row) => row.request_slno },
  ],
  // This call's pages are counted from zero (the contract's pageBase).
  row: rowOf,
};

const WORDS = {
  ownRequest: {
    en: 'You made this application, so another Enrolment Admin decides it.',
    ar: 'أنت من قدّم هذا الطلب، لذا يبتّ فيه مسؤول تسجيل آخر.',
  },
  noOrganization: {
    en: 'This organization’s details could not be read.',
    ar: 'تعذّرت قراءة بيانات هذه المنشأة.',
  },
} as const;

/** What the applicants are told of the decision: an organization as one, a provider as one. */
function decisionNotice(
  kind: ApplicationKind,
  applicant: Bilingual,
  approved: boolean,
  remarks: string | null,
) {
  if (kind === 'organization')
    return approved
      ? {
          title: { en: 'Your organization is approved', ar: 'اعتُمدت منشأتكم' },
          body: {
            en: `${applicant.en} is approved: you can now sign in and manage it on Tawqi.`,
            ar: `اعتُمدت ${applicant.ar}: يمكنكم الآن تسجيل الدخول وإدارتها في توقيع.`,
          },
        }
      : {
          title: { en: 'Your organization was not approved', ar: 'لم تُعتمد منشأتكم' },
          body: {
            en: `${applicant.en} was not approved: ${remarks ?? ''}`,
            ar: `لم تُعتمد ${applicant.ar}: ${remarks ?? ''}`,
          },
        };
  const provider = applicant;
  return approved
    ? {
        title: { en: 'Your provider is approved', ar: 'اعتُمد مزوّد الخدمة الخاص بكم' },
        body: {
          en: `${provider.en} is approved: you can now sign in and work in it.`,
          ar: `اعتُمد ${provider.ar}: يمكنكم الآن تسجيل الدخول والعمل فيه.`,
        },
      }
    : {
        title: { en: 'Your provider was not approved', ar: 'لم يُعتمد مزوّد الخدمة الخاص بكم' },
        body: {
          en: `${provider.en} was not approved: ${remarks ?? ''}`,
          ar: `لم يُعتمد ${provider.ar}: ${remarks ?? ''}`,
        },
      };
}

export function l2RequestHandlers(
  deps: Pick<Deps, 'pool' | 'exports' | 'gridExports' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  return { ...l2RequestReadHandlers(deps), ...l2RequestDecisionHandlers(deps) };
}

/** The L2 requests' grid and what a request shows of its organization. */
function l2RequestReadHandlers(
  deps: Pick<Deps, 'pool' | 'exports' | 'gridExports' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  const { pool } = deps;
  return {
    ...gridHandlers(deps, l2RequestsGrid, L2_REQUESTS),

    l2RequestView: async ({ tenant, input, language }) => {
      const { rows } = await pool.query<L2RequestRow>(
        `${SELECT} WHERE r.l1_sip_slno = $1 AND r.request_slno = $2`,
        [providerOf(tenant), input.body.requestId],
      );
      const [row] = rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      const [organization, sponsors, technicalContacts, admins, documents] = await Promise.all([
        organizationProfile(pool, row.org_slno, language),
        contactsOf(pool, row.org_slno, 'sponsor', language),
        contactsOf(pool, row.org_slno, 'technicalContact', language),
        organizationAdminsOf(pool, row.org_slno, language, ['Pending', 'Approved', 'Rejected']),
        requestDocuments(pool, { l2Request: row.request_slno }, language),
      ]);
      if (!organization) throw new AppError(404, 'NOT_FOUND');
      return {
        ...rowOf(row, language),
        organization,
        sponsors,
        technicalContacts,
        admins,
        documents,
      };
    },

    // SPEC §8: a non-empty errorMessage in this answer is the error the screen raises.
    l2OrganizationView: async ({ input, language }) => {
      const org = input.body.l2OrgId;
      const [organization, sponsors, technicalContacts, admins] = await Promise.all([
        organizationProfile(pool, org, language),
        contactsOf(pool, org, 'sponsor', language),
        contactsOf(pool, org, 'technicalContact', language),
        organizationAdminsOf(pool, org, language, ['Pending', 'Approved', 'Deactivated']),
      ]);
      return organization
        ? { errorMessage: null, organization, sponsors, technicalContacts, admins }
        : {
            errorMessage: WORDS.noOrganization[language],
            organization: null,
            sponsors: [],
            technicalContacts: [],
            admins: [],
          };
    },
  };
}

/** The decision on an L2 request. */
function l2RequestDecisionHandlers(
  deps: Pick<Deps, 'pool' | 'exports' | 'gridExports' | 'audit' | 'notifier' | 'clock'>,
): Handlers {
  const { pool } = deps;
  return {
    processL2Request: async ({ tenant, caller, input, audit }) => {
      const { body } = input;
      const l1 = providerOf(tenant);
      const decider = requireCaller(caller).userSlno;
      const approved = body.action === 'approve';
      const remarks = body.remarks?.trim() ? body.remarks.trim() : null;
      const now = deps.clock();
      const told = await inTransaction(pool, async (tx) => {
        const [request] = (
          await tx.query<{
            request_slno: number;
            kind: ApplicationKind;
            l2_sip_slno: number | null;
            l2_org_slno: number;
            status: string;
            created_by: number | null;
            en: string;
            ar: string;
          }>(
            `SELECT r.request_slno, r.kind, r.l2_sip_slno, r.l2_org_slno, r.status, r.created_by,
                    COALESCE(p.name_en, o.name_en) AS en, COALESCE(p.name_ar, o.name_ar) AS ar
               FROM l2_requests r LEFT JOIN service_providers p ON p.sip_slno = r.l2_sip_slno
               JOIN organizations o ON o.org_slno = r.l2_org_slno
              WHERE r.l1_sip_slno = $1 AND r.request_slno = $2 FOR UPDATE OF r`,
            [l1, body.requestId],
          )
        ).rows;
        if (!request) throw new AppError(404, 'NOT_FOUND');
        if (request.status !== 'Pending')
          throw new AppError(409, 'CONFLICT', { localized: ALREADY_DECIDED });
        if (request.created_by === decider)
          throw new AppError(403, 'FORBIDDEN', { localized: WORDS.ownRequest });
        // Nobody of the applying organization or provider decides its application.
        await decision(tx, deps, audit, decider, {
          organizations: [request.l2_org_slno],
          providers: request.l2_sip_slno === null ? [] : [request.l2_sip_slno],
        });
        await tx.query(
          `UPDATE l2_requests SET status = $2, remarks = $3, decided_at = $4, decided_by = $5
            WHERE request_slno = $1`,
          [request.request_slno, approved ? 'Approved' : 'Rejected', remarks, now, decider],
        );
        // Approval provisions the provider (an L2's application): it is active, and its admins
        // are members who can sign in and its staff; a refusal leaves both refused, for the
        // record. An organization's approval makes its admins members, and no one staff.
        const provider = request.l2_sip_slno;
        if (provider !== null)
          await tx.query('UPDATE service_providers SET status = $2 WHERE sip_slno = $1', [
            provider,
            approved ? 'active' : 'rejected',
          ]);
        const { rows: applicants } = await tx.query<{ user_slno: number; email: string }>(
          `UPDATE memberships SET status = $2, is_active = $3
            WHERE org_slno = $1 AND status = 'Pending' RETURNING user_slno, email`,
          [request.l2_org_slno, approved ? 'Approved' : 'Rejected', approved],
        );
        // The new provider's own staff: its applying admins, as its Provider Admins.
        if (approved && provider !== null)
          for (const applicant of applicants)
            await tx.query(
              `INSERT INTO provider_staff (sip_slno, user_slno, roles) VALUES ($1, $2, ARRAY['providerAdmin'])
               ON CONFLICT (sip_slno, user_slno) DO NOTHING`,
              [provider, applicant.user_slno],
            );
        const notice = decisionNotice(request.kind, request, approved, remarks);
        for (const applicant of applicants)
          await notifyPerson(tx, applicant.user_slno, notice, now);
        await deps.audit.record(tx, audit, {
          action: 'approval.decided',
          outcome: 'success',
          target: `L2-request:${String(request.request_slno)}`,
          detail: {
            kind: request.kind,
            decision: approved ? 'approved' : 'rejected',
            provider: request.l2_sip_slno,
            organization: request.l2_org_slno,
          },
        });
        return { notice, emails: applicants.map((applicant) => applicant.email) };
      });
      // Sent once the decision is stored: a message is never about something that did not happen.
      for (const email of told.emails)
        await deps.notifier.send(
          {
            channel: 'email',
            recipient: email,
            subject: `${told.notice.title.ar} / ${told.notice.title.en}`,
            body: `${told.notice.body.ar}\n\n${told.notice.body.en}`,
          },
          now,
        );
      return { status: '1', errorMessage: null };
    },
  };
}
