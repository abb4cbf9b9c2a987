/**
 * The browser's key for a paid request: a PKCS#10 request made with its own new key, checked
 * (its signature, its strength, known flaws, a key no certificate or other request has), then the
 * request waits for the holder's confirmation — or, bound to an organization, for its admins first.
 */
import { inTransaction } from '../../db/pool.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { requireCaller } from '../../http/contractRoutes.js';
import { notifyOtherAdmins } from '../notices.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { checkCsr } from './csr.js';
import { debianWeakKeysOf, type BreakableKey } from './weakKeys.js';
import { AWAITING_APPROVAL, MESSAGES, ownRequest, refuse, requestAnswer } from './requests.js';

export function certificateKeyHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  return {
    submitCertificateKey: async ({ caller, input, language, audit }) => {
      const { userSlno } = requireCaller(caller);
      let flaw: BreakableKey | undefined;
      const checked = await checkCsr(input.body.csr, {
        debianWeakKeys: debianWeakKeysOf(deps.config.WEAK_KEY_LISTS),
        onBreakable: (found) => {
          flaw = found;
        },
      });
      if (flaw)
        // An attempt an auditor wants to see, with the flaw the person is not told in detail.
        await deps.audit.record(pool, audit, {
          action: 'certificate.key-refused',
          outcome: 'denied',
          target: input.params.reference,
          detail: { flaw },
        });
      if (typeof checked === 'string') throw refuse(422, MESSAGES[checked]);
      const row = await inTransaction(pool, async (tx) => {
        const current = await ownRequest(tx, userSlno, input.params.reference);
        // A key may be replaced until the certificate is issued (a tab closed before confirming).
        if (current.status !== 'keyPending' && current.status !== 'confirmationPending')
          throw refuse(409, MESSAGES.wrongStep);
        const used = await tx.query(
          `SELECT 1 FROM certificates WHERE spki_sha256 = $1 AND kind = 'subscriber'
           UNION ALL
           SELECT 1 FROM certificate_requests WHERE spki_sha256 = $1 AND request_slno <> $2
              AND status NOT IN ('rejected', 'cancelled')`,
          [checked.spkiSha256, current.request_slno],
        );
        if ((used.rowCount ?? 0) > 0) throw refuse(409, MESSAGES.keyUsed);
        // An organization's certificate waits for its enrolment admin first (a key replaced
        // after the approval keeps it: what was approved is the person and the organization).
        const next =
          current.org_slno !== null && current.status === 'keyPending'
            ? 'approvalPending'
            : 'confirmationPending';
        await tx.query(
          `UPDATE certificate_requests SET csr_der = $2, spki_sha256 = $3, key_algorithm = $4,
                  status = $6, acceptance_slno = NULL, updated_at = $5
            WHERE request_slno = $1`,
          [
            current.request_slno,
            checked.der,
            checked.spkiSha256,
            checked.keyAlgorithm,
            deps.clock(),
            next,
          ],
        );
        if (next === 'approvalPending' && current.org_slno !== null)
          await notifyOtherAdmins(tx, current.org_slno, userSlno, AWAITING_APPROVAL, deps.clock());
        await deps.audit.record(tx, audit, {
          action: 'approval.requested',
          target: current.reference,
          detail: { kind: 'certificate', keyAlgorithm: checked.keyAlgorithm },
        });
        return ownRequest(tx, userSlno, input.params.reference);
      });
      return requestAnswer(row, language);
    },
  };
}
