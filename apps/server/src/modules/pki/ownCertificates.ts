/** A person's own requests and certificates, and revoking one (the identity app asked again). */
import { REVOCATION_REASONS, type CertificateState } from '@tawqi/domain';
import { inTransaction } from '../../db/pool.js';
import type { Handlers } from '../../http/contractRoutes.js';
import { requireCaller } from '../../http/contractRoutes.js';
import { initiate, verify } from '../auth/identityApp.js';
import { nationalIdOf } from '../auth/signIn.js';
import type { PaymentDeps } from '../payments/handlers.js';
import { inLanguage, localWord } from '../words.js';
import {
  MESSAGES,
  REQUEST_COLUMNS,
  REQUEST_FROM,
  certificateFields,
  ownCertificate,
  refuse,
  requestAnswer,
  type RequestRow,
} from './requests.js';

export function ownCertificateHandlers(deps: PaymentDeps): Handlers {
  const { pool } = deps;
  return {
    myCertificateRequests: async ({ caller, language }) => {
      const { userSlno } = requireCaller(caller);
      const { rows } = await pool.query<RequestRow>(
        `SELECT ${REQUEST_COLUMNS} FROM ${REQUEST_FROM}
          WHERE r.user_slno = $1 AND r.status NOT IN ('issued', 'cancelled')
          ORDER BY r.created_at DESC, r.request_slno DESC LIMIT 50`,
        [userSlno],
      );
      return { dataList: rows.map((row) => requestAnswer(row, language)) };
    },

    myCertificates: async ({ caller, language }) => {
      const { userSlno } = requireCaller(caller);
      const { rows } = await pool.query<{
        der: Buffer;
        status: string;
        not_after: Date;
        revoked_at: Date | null;
        class: string;
        name_en: string | null;
        name_ar: string | null;
      }>(
        `SELECT c.der, c.status, c.not_after, c.revoked_at, c.class, p.name_en, p.name_ar
           FROM certificates c
           LEFT JOIN certificate_requests r ON r.certificate_serial = c.serial
           LEFT JOIN certificate_products p USING (product_slno)
          WHERE c.user_slno = $1 AND c.kind = 'subscriber'
          ORDER BY c.created_at DESC LIMIT 100`,
        [userSlno],
      );
      const now = deps.clock();
      return {
        dataList: rows.map((row) => {
          const status: CertificateState =
            row.status === 'revoked' ? 'revoked' : row.not_after <= now ? 'expired' : 'valid';
          return {
            ...certificateFields(new Uint8Array(row.der)),
            class: row.class,
            status,
            statusLabel: localWord(status, language),
            productName: row.name_en ? inLanguage(row.name_en, row.name_ar ?? '', language) : '',
            revokedAt: row.revoked_at?.toISOString() ?? null,
            der: row.der.toString('base64'),
          };
        }),
      };
    },

    revokeCertificateInitiate: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      await ownCertificate(pool, self.userSlno, context.input.params.serial);
      return initiate(deps, context, 'certificate', self.nationalId, { userSlno: self.userSlno });
    },

    revokeCertificateVerify: async (context) => {
      const self = await nationalIdOf(deps, context.caller);
      const { serial } = context.input.params;
      await ownCertificate(pool, self.userSlno, serial);
      const answer = await verify(
        deps,
        context,
        'certificate',
        { nationalId: self.nationalId, transId: context.input.body.transId },
        () =>
          inTransaction(pool, async (tx) => {
            const reason = context.input.body.reason;
            const revoked = await deps.authority.revoke(tx, serial, REVOCATION_REASONS[reason]);
            if (!revoked) throw refuse(409, MESSAGES.notRevocable);
            await deps.audit.record(tx, context.audit, {
              action: 'certificate.revoked',
              target: serial,
              detail: { reason },
            });
            return { revokedAt: deps.clock().toISOString() };
          }),
      );
      return { revokedAt: null, ...answer };
    },
  };
}
