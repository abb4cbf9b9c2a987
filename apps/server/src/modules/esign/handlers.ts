/**
 * The portal's calls of the eSign service: the signer's approval page, the public
 * verify page, a signed document of my transaction, and the organization's transaction records
 * (SPEC §7 "Organization eSign transactions": the request, response and signed response, the plan
 * types and the provider of its transactions).
 */
import type { Deps } from '../../deps.js';
import { FileAnswer } from '../../http/download.js';
import { requireCaller, type Handlers } from '../../http/contractRoutes.js';
import { AppError } from '../../http/errors.js';
import { organizationOf, type TenantContext } from '../access/tenancy.js';
import { inLanguage } from '../words.js';
import { storedError } from './errors.js';
import type { SigningOutcome } from '@tawqi/api';
import { maskNationalId } from '@tawqi/domain';
import { zipSync } from 'fflate';
import { signOwnDocuments } from './ownSigning.js';
import { advance } from './service.js';
import { transactionByApprovalToken } from './transactionRows.js';
import { verifySignedPdf } from './verify.js';

/**
 * The application's return address with the transaction's outcome in its query: its id, ours
 * (`transactionID`, as the spec's return page reads it), and the status.
 */
function returnAddress(
  returnUrl: string,
  row: { app_txn_id: string; transaction_id: string; status: string },
): string {
  const url = new URL(returnUrl);
  url.searchParams.set('txnId', row.app_txn_id);
  url.searchParams.set('transactionID', row.transaction_id);
  url.searchParams.set('status', row.status);
  return url.toString();
}

export function esignHandlers(deps: Deps): Handlers {
  return {
    ...approvalPageHandlers(deps),
    ...verifyHandlers(deps),
    ...ownDocumentHandlers(deps),
    ...organizationRecordHandlers(deps),
  };
}

/** The signer's approval page: the transaction and its documents. */
function approvalPageHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  const approvalRow = (token: string) => transactionByApprovalToken(pool, token);
  return {
    esignApproval: async ({ input, language }) => {
      let row = await approvalRow(input.params.token);
      if (!row) throw new AppError(404, 'NOT_FOUND');
      if (row.status === 'pending') {
        await advance(deps, row);
        row = (await approvalRow(input.params.token)) ?? row;
      }
      const { rows: documents } = await pool.query<{
        document_name: string;
        kind: 'hash' | 'pdf' | null;
        sha256: Buffer | null;
        position: number | null;
      }>(
        `SELECT document_name, kind, sha256, position FROM transaction_documents
          WHERE esign_logs_id = $1 ORDER BY position`,
        [row.esign_logs_id],
      );
      const [signer] = (
        await pool.query<{ full_name_en: string; full_name_ar: string }>(
          'SELECT full_name_en, full_name_ar FROM users WHERE user_slno = $1',
          [row.user_slno],
        )
      ).rows;
      const final = row.status !== 'pending';
      return {
        transactionID: row.transaction_id,
        status: row.status,
        application: language === 'ar' ? row.name_ar : row.name_en,
        documents: documents.map((document) => document.document_name),
        documentDetails: documents.map((document, index) => ({
          position: document.position ?? index,
          name: document.document_name,
          kind: document.kind === 'pdf' ? ('pdf' as const) : ('digest' as const),
          sha256: document.sha256?.toString('hex') ?? null,
        })),
        signerName: signer ? inLanguage(signer.full_name_en, signer.full_name_ar, language) : '',
        // The simulator's phone for this signer, beside the number to pick (demo mode only).
        demoPhone:
          deps.config.demo && !final
            ? `/simulators/nafath/phone?nationalId=${encodeURIComponent(row.national_id)}`
            : null,
        number: final ? null : row.identity_random,
        expiresAt: row.expires_at.toISOString(),
        returnUrl: final ? returnAddress(row.return_url, row) : null,
        error: storedError(row.error_code, language),
      };
    },

    esignApprovalDocument: async ({ input }) => {
      const { rows } = await pool.query<{ document_name: string; content: Buffer }>(
        `SELECT d.document_name, d.content FROM transaction_documents d
           JOIN esign_transactions t ON t.esign_logs_id = d.esign_logs_id
          WHERE t.approval_token = $1 AND d.position = $2 AND d.kind = 'pdf' AND d.content IS NOT NULL`,
        [input.params.token, input.params.position],
      );
      const [document] = rows;
      if (!document) throw new AppError(404, 'NOT_FOUND');
      return new FileAnswer(document.content, document.document_name, 'application/pdf');
    },
  };
}

/** The public verify page and what a stamp's QR code names. */
function verifyHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    verifySignedPdf: async ({ upload, request }) => {
      if (!upload) throw new AppError(400, 'VALIDATION_FAILED');
      return {
        signatures: await verifySignedPdf(
          {
            db: pool,
            authority: deps.authority,
            now: deps.clock(),
            read: (pdf) => deps.pdfWork.read(pdf, request.ip),
          },
          upload.bytes,
        ),
      };
    },

    // What the stamp's QR code names: a signed transaction only.
    verifyTransaction: async ({ input, language }) => {
      const { rows } = await pool.query<{
        transaction_id: string;
        response_data: SigningOutcome;
        org_en: string | null;
        org_ar: string | null;
      }>(
        `SELECT t.transaction_id, t.response_data, o.name_en AS org_en, o.name_ar AS org_ar
           FROM esign_transactions t LEFT JOIN organizations o ON o.org_slno = t.org_slno
          WHERE t.transaction_id = $1 AND t.status = 'success'`,
        [input.params.transactionID],
      );
      const [row] = rows;
      const outcome = row?.response_data;
      if (!row || !outcome?.signer || !outcome.signedAt) throw new AppError(404, 'NOT_FOUND');
      const hex = (base64: string) => Buffer.from(base64, 'base64').toString('hex');
      return {
        transactionID: row.transaction_id,
        signedAt: outcome.signedAt,
        signerName: inLanguage(outcome.signer.nameEnglish, outcome.signer.nameArabic, language),
        nationalId: maskNationalId(outcome.signer.nationalId),
        organization:
          row.org_en === null ? null : inLanguage(row.org_en, row.org_ar ?? row.org_en, language),
        documents: (outcome.documents ?? []).map((document) => ({
          name: document.name,
          kind: document.kind === 'pdf' ? ('pdf' as const) : ('digest' as const),
          sha256: hex(document.signedPdfSha256 ?? document.sha256),
        })),
      };
    },
  };
}

/** A person's own signing and their signed documents. */
function ownDocumentHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  return {
    mySignedDocument: async ({ caller, input }) => {
      const { rows } = await pool.query<{
        document_name: string;
        signature: Buffer | null;
        signed_content: Buffer | null;
      }>(
        `SELECT d.document_name, d.signature, d.signed_content
           FROM transaction_documents d JOIN esign_transactions t USING (esign_logs_id)
          WHERE d.unique_file_id = $1 AND t.user_slno = $2 AND t.status = 'success'`,
        [input.params.uniqueFileID, requireCaller(caller).userSlno],
      );
      const [row] = rows;
      const base = row?.document_name.replace(/\.pdf$/i, '') ?? '';
      if (row?.signed_content)
        return new FileAnswer(row.signed_content, `${base}-signed.pdf`, 'application/pdf');
      if (row?.signature)
        return new FileAnswer(row.signature, `${base}.p7s`, 'application/pkcs7-signature');
      throw new AppError(404, 'NOT_FOUND');
    },

    signMyDocuments: ({ caller, input, audit, language }) =>
      signOwnDocuments(deps, requireCaller(caller).userSlno, null, input.body, audit, language),

    orgSignDocuments: ({ caller, tenant, input, audit, language }) =>
      signOwnDocuments(
        deps,
        requireCaller(caller).userSlno,
        organizationOf(tenant),
        input.body,
        audit,
        language,
      ),

    mySignedDocuments: async ({ caller, input }) => {
      const { rows } = await pool.query<{
        transaction_id: string;
        document_name: string;
        signature: Buffer | null;
        signed_content: Buffer | null;
      }>(
        `SELECT t.transaction_id, d.document_name, d.signature, d.signed_content
           FROM transaction_documents d JOIN esign_transactions t USING (esign_logs_id)
          WHERE t.transaction_id = $1 AND t.user_slno = $2 AND t.status = 'success'
            AND (d.signature IS NOT NULL OR d.signed_content IS NOT NULL)
          ORDER BY d.position`,
        [input.params.transactionID, requireCaller(caller).userSlno],
      );
      if (rows.length === 0) throw new AppError(404, 'NOT_FOUND');
      // Stored, not compressed: a PDF is compressed already. Two of one name are told apart.
      const files: Record<string, [Uint8Array, { level: 0 }]> = {};
      for (const row of rows) {
        const base = row.document_name.replace(/\.pdf$/i, '').replace(/[\\/]/g, '_');
        const extension = row.signed_content ? '-signed.pdf' : '.p7s';
        let name = `${base}${extension}`;
        for (let copy = 2; name in files; copy += 1) name = `${base} (${String(copy)})${extension}`;
        files[name] = [row.signed_content ?? row.signature ?? Buffer.alloc(0), { level: 0 }];
      }
      const [first] = rows;
      return new FileAnswer(
        Buffer.from(zipSync(files)),
        `${first?.transaction_id ?? 'signed'}.zip`,
        'application/zip',
      );
    },
  };
}

/** The organization's transaction records and what its filter offers. */
function organizationRecordHandlers(deps: Deps): Handlers {
  const { pool } = deps;
  const recordOf =
    (kind: 'request' | 'response' | 'signResponse') =>
    async ({
      tenant,
      input,
    }: {
      tenant: TenantContext | null;
      input: { query: { esignlogsSlNo: number } };
    }) => {
      const { rows } = await pool.query<{
        request_data: unknown;
        response_data: unknown;
        sign_response_data: string | null;
      }>(
        `SELECT request_data, response_data, sign_response_data FROM esign_transactions
          WHERE org_slno = $1 AND esign_logs_id = $2`,
        [organizationOf(tenant), input.query.esignlogsSlNo],
      );
      const [row] = rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      const esignLogsID = input.query.esignlogsSlNo;
      // Empty while there is nothing to show: no answer yet (pending), or a demo answer the sweep
      // has not signed yet.
      if (kind === 'signResponse')
        return {
          esignLogsID,
          contentType: 'text/plain' as const,
          data: row.sign_response_data ?? '',
        };
      const record = kind === 'request' ? row.request_data : row.response_data;
      return {
        esignLogsID,
        contentType: 'application/json' as const,
        data: record === null ? '' : JSON.stringify(record, null, 2),
      };
    };
  return {
    orgEsignRequest: recordOf('request'),

    orgEsignResponse: recordOf('response'),

    orgEsignSignResponse: recordOf('signResponse'),

    // As stored: the filter sends one back, and the portal says each in its language.
    orgEsignPlanTypes: async ({ tenant }) => {
      const { rows } = await pool.query<{ plan_type: string }>(
        'SELECT DISTINCT plan_type FROM esign_transactions WHERE org_slno = $1 ORDER BY plan_type',
        [organizationOf(tenant)],
      );
      return { dataList: rows.map((row) => row.plan_type) };
    },

    orgEsignSipId: async ({ tenant }) => {
      const { rows } = await pool.query<{ sip_slno: number; sip_id: string; level: 'L1' | 'L2' }>(
        `SELECT p.sip_slno, p.sip_id, p.level FROM organizations o
           JOIN service_providers p ON p.sip_slno = o.sip_slno WHERE o.org_slno = $1`,
        [organizationOf(tenant)],
      );
      const [row] = rows;
      if (!row) throw new AppError(404, 'NOT_FOUND');
      return { sipSlNo: row.sip_slno, sipId: row.sip_id, sipLevel: row.level };
    },
  };
}
