/**
 * Issuing: the holder accepts the subscriber agreement and approves in the identity app, and the
 * certificate is issued in that step, named as the identity app names the holder in that very
 * approval (an organization's names its signatory's organization, or is its seal).
 */
import { SUBSCRIBER_AGREEMENT_VERSION, maskNationalId } from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { recordAcceptance, requireCurrentAgreement } from '../agreements.js';
import { initiate, verify } from '../auth/identityApp.js';
import { nationalIdOf } from '../auth/signIn.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { MESSAGES, ownRequest, refuse } from './requests.js';
import * as x509 from './x509.js';

export function certificateIssuingHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  return {
    confirmCertificateInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      requireCurrentAgreement(context.input.body.agreementVersion);
      await inTransaction(pool, async (tx) => {
        const current = await ownRequest(tx, self.userSlno, context.input.params.reference);
        if (current.status !== 'confirmationPending') throw refuse(409, MESSAGES.wrongStep);
        const acceptance = await recordAcceptance(
          tx,
          context,
          { userSlno: self.userSlno },
          deps.clock(),
        );
        await tx.query(
          'UPDATE certificate_requests SET acceptance_slno = $2, updated_at = $3 WHERE request_slno = $1',
          [current.request_slno, acceptance, deps.clock()],
        );
      });
      return initiate(deps, context, 'certificate', self.nationalId, { userSlno: self.userSlno });
    },

    confirmCertificateVerify: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      const reference = context.input.params.reference;
      // Checked before the identity app is asked; checked again under the lock when issuing.
      await inTransaction(pool, async (tx) => {
        const current = await ownRequest(tx, self.userSlno, reference);
        if (current.status !== 'confirmationPending') throw refuse(409, MESSAGES.wrongStep);
        if (current.acceptance_slno === null) throw refuse(409, MESSAGES.notAgreed);
      });
      const answer = await verify(
        deps,
        context,
        'certificate',
        { nationalId: self.nationalId, transId: context.input.body.transId },
        (person) =>
          inTransaction(pool, async (tx) => {
            const current = await ownRequest(tx, self.userSlno, reference);
            if (current.status !== 'confirmationPending' || !current.csr_der)
              throw refuse(409, MESSAGES.wrongStep);
            const csr = new x509.Pkcs10CertificateRequest(new Uint8Array(current.csr_der));
            // Named as the identity app names the holder in this very approval.
            // An organization's names its signatory's organization and its registration.
            const organization =
              current.org_slno !== null &&
              current.org_name_en !== null &&
              current.cr_number !== null
                ? { name: current.org_name_en, crNumber: current.cr_number }
                : null;
            const seal = organization !== null && current.product_subject === 'organization';
            const certificate = await deps.authority.issue(tx, {
              publicKey: csr.publicKey,
              name: seal
                ? { seal: organization }
                : {
                    nameEnglish: person.fullNameEnglish,
                    nameArabic: person.fullNameArabic,
                    nationalId: person.nationalId,
                    ...(organization ? { organization } : {}),
                  },
              level: seal
                ? 'organizationSeal'
                : organization
                  ? 'organizationSignatory'
                  : 'identityApp',
              months: current.validity_months,
              userSlno: self.userSlno,
              orgSlno: current.org_slno,
              class: current.class,
            });
            const serial = certificate.serialNumber.toUpperCase();
            await tx.query(
              `UPDATE certificate_requests SET status = 'issued', certificate_serial = $2, updated_at = $3
                WHERE request_slno = $1`,
              [current.request_slno, serial, deps.clock()],
            );
            await deps.audit.record(tx, context.audit, {
              action: 'certificate.issued',
              target: serial,
              detail: {
                request: reference,
                holder: maskNationalId(person.nationalId),
                agreementVersion: SUBSCRIBER_AGREEMENT_VERSION,
              },
            });
            return { certificateSerial: serial };
          }),
      );
      return { certificateSerial: null, ...answer };
    },
  };
}
