/**
 * A draft application, saved as typed, with its documents uploaded (the checks of every upload)
 * and removed while it is a draft.
 */
import { inTransaction } from '../../db/pool.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { checkedUpload, documentOf, storeUpload } from '../documents/documents.js';
import type { PaymentDeps } from '../payments/handlers.js';
import {
  MESSAGES,
  applicationRow,
  applicationView,
  refuse,
  requireApplicant,
  requireDraft,
  requireProvider,
} from './application.js';

export function draftHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  return {
    saveApplication: async ({ applicant, input, language }) => {
      const slno = requireApplicant(applicant);
      await inTransaction(pool, async (tx) => {
        requireDraft(await applicationRow(tx, slno, true));
        const provider = await requireProvider(tx, input.body.l1SipSlNo);
        await tx.query(
          `UPDATE applications SET kind = $2, l1_sip_slno = $3, details = $4, updated_at = $5
            WHERE application_slno = $1`,
          [slno, input.body.kind, provider, input.body.details, deps.clock()],
        );
      });
      return applicationView(deps, slno, language);
    },

    uploadApplicationDocument: async ({ applicant, input, upload, language, audit }) => {
      const slno = requireApplicant(applicant);
      requireDraft(await applicationRow(pool, slno));
      const file = await checkedUpload(upload, input.query.name);
      return documentOf(
        await storeUpload(deps, { applicationSlno: slno }, input.query.category, file, audit),
        language,
      );
    },

    removeApplicationDocument: async ({ applicant, input }) => {
      const slno = requireApplicant(applicant);
      requireDraft(await applicationRow(pool, slno));
      const removed = await pool.query(
        `DELETE FROM documents WHERE application_slno = $1 AND unique_file_id = $2
            AND l2_request_slno IS NULL`,
        [slno, input.body.uniqueFileId],
      );
      if (removed.rowCount !== 1) throw refuse(404, MESSAGES.notFound);
      await deps.documents.forget([input.body.uniqueFileId]).catch(() => undefined);
      return { status: '1', errorMessage: null };
    },
  };
}
