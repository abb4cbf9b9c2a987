/**
 * Certificates bound to an organization (SPEC §2 `approval/dsc`, `reports/dsc`, the
 * profile's certificate tab). A member asks for one; their key is made in their browser and sent
 * as for a personal certificate (requests.ts), and the request then waits for an enrolment admin
 * of the organization — never the member who asked — to approve it (the member then confirms in
 * the identity app and it is issued naming the organization and its registration) or reject it
 * with remarks the member reads. A member deactivated in the organization has its certificates
 * revoked and its open requests cancelled. The report lists the organization's certificates.
 *
 * The organization's seal is a certificate naming the organization itself, asked for by its
 * authorized signatory (who holds its key), approved and confirmed the same way; the profile's
 * certificate tab shows it and digitalSealStatus is read from it.
 *
 * Decided here (the spec is silent): one open request per member and organization, one open seal
 * request per organization; the certificate is not paid per request (the organization is billed
 * under its agreement with its provider).
 */
import { randomBytes } from 'node:crypto';
import { certificateApprovalsGrid, dscReportGrid } from '@tawqi/api/grids';
import {
  REVOCATION_REASONS,
  type CertificateReviewStatus,
  type CertificateState,
  type Language,
} from '@tawqi/domain';
import type { Deps } from '../../deps.js';
import { days, searchText, whereOf } from '../../db/paging.js';
import { inTransaction, type Queryable } from '../../db/pool.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { gridHandlers, type GridQuery } from '../grids.js';
import { notifyPerson } from '../notices.js';
import { organizationOf } from '../access/tenancy.js';
import { inLanguage } from '../words.js';
import { certificateFields, lockedRequest, requestAnswer } from './requests.js';

type Words = Record<Language, string>;

/** The products an organization's certificates are issued as: a signatory's, and its seal. */
const ORGANIZATION_PRODUCTS = { signatory: 'DSC-ORG-1Y', seal: 'DSC-ORG-SEAL' } as const;

/** The products whose certificates name the organization itself (migration 026). */
const SEAL_PRODUCT = `(SELECT product_slno FROM certificate_products WHERE subject = 'organization')`;

/**
 * The seal's status of the organization `o` (SPEC §3 digitalSealStatus), as SQL: issued while a
 * seal is valid; pending while one is asked for; revoked when the last is; else not requested.
 */
export const SEAL_STATUS = `(CASE
  WHEN EXISTS (SELECT 1 FROM certificates c JOIN certificate_requests r ON r.certificate_serial = c.serial
                WHERE r.org_slno = o.org_slno AND r.product_slno IN ${SEAL_PRODUCT}
                  AND c.status = 'issued' AND c.not_after > now()) THEN 'issued'
  WHEN EXISTS (SELECT 1 FROM certificate_requests r
                WHERE r.org_slno = o.org_slno AND r.product_slno IN ${SEAL_PRODUCT}
                  AND r.status IN ('keyPending', 'approvalPending', 'confirmationPending')) THEN 'pending'
  WHEN EXISTS (SELECT 1 FROM certificates c JOIN certificate_requests r ON r.certificate_serial = c.serial
                WHERE r.org_slno = o.org_slno AND r.product_slno IN ${SEAL_PRODUCT}) THEN 'revoked'
  ELSE 'notRequested' END)`;

const MESSAGES = {
  decided: {
    en: 'This request was already decided. Reload the list to see its decision.',
    ar: 'تم البت في هذا الطلب من قبل. أعد تحميل القائمة لترى القرار.',
  },
  own: {
    en: 'You asked for this certificate yourself: another enrolment admin decides it.',
    ar: 'أنت من طلب هذه الشهادة: يبت فيها مسؤول تسجيل آخر.',
  },
  sealAsked: {
    en: "Another authorized signatory has already asked for the organization's seal.",
    ar: 'طلب مفوّض آخر بالتوقيع ختم المنشأة بالفعل.',
  },
  sealBySignatory: {
    en: 'Only an authorized signatory of the organization asks for its seal.',
    ar: 'لا يطلب ختم المنشأة إلا المفوّض بالتوقيع عنها.',
  },
} as const satisfies Record<string, Words>;

const DECISIONS = {
  approved: {
    title: { en: 'Your certificate request was approved', ar: 'اعتُمد طلب شهادتك' },
    body: {
      en: 'Confirm it in Nafath under My certificates to have it issued.',
      ar: 'أكّده عبر نفاذ في «شهاداتي» لإصدار الشهادة.',
    },
  },
  rejected: {
    title: { en: 'Your certificate request was not approved', ar: 'لم يُعتمد طلب شهادتك' },
    body: {
      en: 'See the reason under My certificates.',
      ar: 'اطّلع على السبب في «شهاداتي».',
    },
  },
} as const;

interface ApprovalRow {
  request_slno: number;
  reference: string;
  user_slno: number;
  full_name_en: string;
  full_name_ar: string;
  name_en: string;
  name_ar: string;
  key_algorithm: string | null;
  status: CertificateReviewStatus;
  created_at: Date;
  decided_at: Date | null;
  remarks: string | null;
}

const REVIEWED = `certificate_requests r JOIN users u ON u.user_slno = r.user_slno
  JOIN certificate_products p ON p.product_slno = r.product_slno`;

/** The approvals grid's query (whose request a row is, the list handler says per caller). */
function approvalsQuery(): GridQuery<typeof certificateApprovalsGrid, ApprovalRow> {
  return {
    select: `SELECT r.request_slno, r.reference, r.user_slno, u.full_name_en, u.full_name_ar, p.name_en, p.name_ar,
                    r.key_algorithm, r.status, r.created_at, r.decided_at, r.remarks FROM ${REVIEWED}`,
    count: `SELECT count(*) FROM ${REVIEWED}`,
    where: (body, { tenant }) => {
      const search = searchText(body.search);
      return whereOf(
        ['r.org_slno = $1', organizationOf(tenant)],
        // A request without a key is still the member's own business.
        [
          'r.status = ANY($1::text[])',
          body.statuses?.length
            ? body.statuses
            : ['approvalPending', 'confirmationPending', 'issued', 'rejected'],
        ],
        ...days('r.created_at', body),
        search && [
          `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'
            OR r.reference ILIKE '%' || $1 || '%'`,
          search,
        ],
      );
    },
    order: [
      { column: 'r.created_at', type: 'timestamptz', of: (row) => row.created_at },
      { column: 'r.request_slno', type: 'int', of: (row) => row.request_slno },
    ],
    // createdByYou is the caller's: set by the list handler below.
    row: (row, language) => ({
      reference: row.reference,
      userSlno: row.user_slno,
      fullNameEnglish: row.full_name_en,
      fullNameArabic: row.full_name_ar,
      productName: inLanguage(row.name_en, row.name_ar, language),
      keyAlgorithm: row.key_algorithm,
      status: row.status,
      createdDate: row.created_at.toISOString(),
      decidedDate: row.decided_at?.toISOString() ?? null,
      remarks: row.remarks,
      createdByYou: false,
    }),
  };
}

interface ReportRow {
  serial: string;
  created_at: Date;
  full_name_en: string;
  full_name_ar: string;
  name_en: string | null;
  name_ar: string | null;
  not_before: Date;
  not_after: Date;
  state: CertificateState;
  revoked_at: Date | null;
  days_left: number;
}

/** A certificate's state as the report filters it, judged at the statement's moment. */
const STATE = `CASE WHEN c.status = 'revoked' THEN 'revoked' WHEN c.not_after <= now() THEN 'expired' ELSE 'valid' END`;

const REPORTED = `certificates c JOIN users u ON u.user_slno = c.user_slno
  LEFT JOIN certificate_requests r ON r.certificate_serial = c.serial
  LEFT JOIN certificate_products p ON p.product_slno = r.product_slno`;

export const DSC_REPORT: GridQuery<typeof dscReportGrid, ReportRow> = {
  select: `SELECT c.serial, c.created_at, u.full_name_en, u.full_name_ar, p.name_en, p.name_ar, c.not_before,
                  c.not_after, ${STATE} AS state, c.revoked_at,
                  floor(extract(epoch FROM c.not_after - now()) / 86400)::int AS days_left
             FROM ${REPORTED}`,
  count: `SELECT count(*) FROM ${REPORTED}`,
  where: (body, { tenant }) => {
    const search = searchText(body.search);
    return whereOf(
      ["c.org_slno = $1 AND c.kind = 'subscriber'", organizationOf(tenant)],
      body.statuses?.length && [`${STATE} = ANY($1::text[])`, body.statuses],
      ...days('c.created_at', body),
      search && [
        `u.full_name_en ILIKE '%' || $1 || '%' OR u.full_name_ar LIKE '%' || $1 || '%'
          OR c.serial ILIKE '%' || $1 || '%'`,
        search,
      ],
    );
  },
  order: [
    { column: 'c.created_at', type: 'timestamptz', of: (row) => row.created_at },
    { column: 'c.serial', type: 'text', of: (row) => row.serial },
  ],
  row: (row, language) => ({
    serialNumberHex: row.serial,
    fullNameEnglish: row.full_name_en,
    fullNameArabic: row.full_name_ar,
    productName: row.name_en === null ? '' : inLanguage(row.name_en, row.name_ar ?? '', language),
    validFrom: row.not_before.toISOString(),
    validTo: row.not_after.toISOString(),
    status: row.state,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    daysLeft: row.days_left,
  }),
};

/**
 * A member leaves the organization (deactivated): the certificates naming them as its signatory
 * are revoked (RFC 5280's affiliationChanged) and their open requests cancelled, in `tx`.
 */
export async function revokeMemberCertificates(
  tx: Queryable,
  authority: Deps['authority'],
  member: { orgSlno: number; userSlno: number; now: Date },
): Promise<string[]> {
  await tx.query(
    `UPDATE certificate_requests SET status = 'cancelled', updated_at = $3
      WHERE org_slno = $1 AND user_slno = $2 AND status NOT IN ('issued', 'rejected', 'cancelled')`,
    [member.orgSlno, member.userSlno, member.now],
  );
  const { rows } = await tx.query<{ serial: string }>(
    `SELECT serial FROM certificates
      WHERE org_slno = $1 AND user_slno = $2 AND kind = 'subscriber' AND status = 'issued'
      ORDER BY serial`,
    [member.orgSlno, member.userSlno],
  );
  for (const { serial } of rows)
    await authority.revoke(tx, serial, REVOCATION_REASONS.affiliationChanged);
  return rows.map((row) => row.serial);
}

export function organizationCertificateHandlers(deps: Deps): Handlers {
  return { ...certificateApprovalHandlers(deps), ...organizationCertificateRequestHandlers(deps) };
}

/** The certificate approvals' grid (the caller's own requests marked) and the decision on one. */
function certificateApprovalHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  const approvals = gridHandlers(deps, certificateApprovalsGrid, approvalsQuery());
  return {
    ...approvals,

    // The list marks the caller's own requests: they cannot decide them.
    certificateApprovals: async (context) => {
      const list = approvals.certificateApprovals;
      if (!list) throw new Error('the approvals grid has no list handler');
      const page = await list(context);
      const caller = requireCaller(context.caller).userSlno;
      return {
        ...page,
        dataList: page.dataList.map((row) => ({ ...row, createdByYou: row.userSlno === caller })),
      };
    },

    processCertificateRequest: async (context) => {
      const org = organizationOf(context.tenant);
      const decider = requireCaller(context.caller).userSlno;
      const { reference, action, remarks } = context.input.body;
      const approved = action === 'approve';
      const now = deps.clock();
      await inTransaction(pool, async (tx) => {
        const request = await lockedRequest(tx, reference, 'r.org_slno = $2', org);
        if (request.status !== 'approvalPending')
          throw new AppError(409, 'CONFLICT', { localized: MESSAGES.decided });
        if (request.user_slno === decider)
          throw new AppError(403, 'FORBIDDEN', { localized: MESSAGES.own });
        await tx.query(
          `UPDATE certificate_requests SET status = $2, remarks = $3, decided_by = $4, decided_at = $5,
                  updated_at = $5
            WHERE request_slno = $1`,
          [
            request.request_slno,
            approved ? 'confirmationPending' : 'rejected',
            remarks?.trim() ? remarks.trim() : null,
            decider,
            now,
          ],
        );
        await notifyPerson(
          tx,
          request.user_slno,
          DECISIONS[approved ? 'approved' : 'rejected'],
          now,
        );
        await deps.audit.record(tx, context.audit, {
          action: 'approval.decided',
          outcome: 'success',
          target: reference,
          detail: { kind: 'certificate', decision: approved ? 'approved' : 'rejected' },
        });
      });
      return { status: '1', errorMessage: null };
    },
  };
}

/** An organization's certificates: one asked for, the one issued, and the report of them all. */
function organizationCertificateRequestHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    ...gridHandlers(deps, dscReportGrid, DSC_REPORT),

    requestOrganizationCertificate: async ({ tenant, caller, input, language, audit }) => {
      const org = organizationOf(tenant);
      const { userSlno } = requireCaller(caller);
      const { kind } = input.body;
      // The seal acts for the organization itself: its authorized signatory holds it.
      if (kind === 'seal' && !tenant?.roles.includes('authorizedSignatory'))
        throw new AppError(403, 'FORBIDDEN', { localized: MESSAGES.sealBySignatory });
      const now = deps.clock();
      const row = await inTransaction(pool, async (tx) => {
        // One open request per member and organization, one open seal per organization: asking
        // again answers it. The organization's row is locked so two askings make one request.
        // (NO KEY: rows that refer to the organization may still be written meanwhile.)
        await tx.query('SELECT 1 FROM organizations WHERE org_slno = $1 FOR NO KEY UPDATE', [org]);
        const [open] = (
          await tx.query<{ reference: string; user_slno: number }>(
            `SELECT reference, user_slno FROM certificate_requests
              WHERE org_slno = $1 AND status IN ('keyPending', 'approvalPending', 'confirmationPending')
                AND (CASE WHEN $3 THEN product_slno IN ${SEAL_PRODUCT}
                          ELSE user_slno = $2 AND product_slno NOT IN ${SEAL_PRODUCT} END)
              ORDER BY created_at DESC LIMIT 1`,
            [org, userSlno, kind === 'seal'],
          )
        ).rows;
        // Another signatory's open seal request is theirs to go on with.
        if (open && open.user_slno !== userSlno)
          throw new AppError(409, 'CONFLICT', { localized: MESSAGES.sealAsked });
        const reference = open?.reference ?? `DSC-${randomBytes(9).toString('base64url')}`;
        if (!open) {
          await tx.query(
            `INSERT INTO certificate_requests (reference, user_slno, org_slno, product_slno, status, created_at, updated_at)
             VALUES ($1, $2, $3, (SELECT product_slno FROM certificate_products WHERE code = $4), 'keyPending', $5, $5)`,
            [reference, userSlno, org, ORGANIZATION_PRODUCTS[kind], now],
          );
          await deps.audit.record(tx, audit, {
            action: 'approval.requested',
            target: reference,
            detail: { kind: kind === 'seal' ? 'seal' : 'certificate', organization: org },
          });
        }
        return lockedRequest(tx, reference, 'r.user_slno = $2', userSlno);
      });
      return requestAnswer(row, language);
    },

    organizationCertificate: async ({ tenant }) => {
      const [row] = (
        await pool.query<{ der: Buffer; class: string }>(
          `SELECT c.der, c.class FROM certificates c JOIN certificate_requests r ON r.certificate_serial = c.serial
            WHERE r.org_slno = $1 AND r.product_slno IN ${SEAL_PRODUCT}
              AND c.status = 'issued' AND c.not_after > $2
            ORDER BY c.created_at DESC LIMIT 1`,
          [organizationOf(tenant), deps.clock()],
        )
      ).rows;
      if (!row) return null;
      const fields = certificateFields(new Uint8Array(row.der));
      return {
        issuedBy: fields.issuedBy,
        issuedTo: fields.issuedTo,
        validFrom: fields.validFrom,
        validTo: fields.validTo,
        class: row.class,
        isDocumentSigner: fields.isDocumentSigner,
        serialNumberHex: fields.serialNumberHex,
        serialNumberDecimal: fields.serialNumberDecimal,
        keyUsage: fields.keyUsage,
      };
    },
  };
}
