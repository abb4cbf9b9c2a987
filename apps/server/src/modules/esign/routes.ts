/**
 * The eSign integration API's routes (declared in @tawqi/api's integration.ts, listed in
 * the OpenAPI document): every call proves its application first (an assertion, see
 * applications.ts), and is refused with the catalogue's code and message in the caller's
 * Accept-Language (English unless it asks for Arabic).
 */
import { ESIGN_ERRORS, INTEGRATION_BASE, MAX_REQUEST_BYTES, type EsignErrorKey } from '@tawqi/api';
import type { Language } from '@tawqi/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps.js';
import { downloadHeaders } from '../../http/download.js';
import { authenticate, type Application } from './applications.js';
import { EsignRefusal, advance } from './service.js';
import { createSigningRequest } from './signingRequests.js';
import { answerOf, transactionOfApplication } from './transactionRows.js';
import { errorOf } from './errors.js';
import { auditContextOf } from '../audit/log.js';

const languageOf = (request: FastifyRequest): Language =>
  /^ar\b/i.test(request.headers['accept-language'] ?? '') ? 'ar' : 'en';

function refuse(
  reply: FastifyReply,
  request: FastifyRequest,
  key: EsignErrorKey,
  fields: string[] = [],
) {
  return reply
    .status(ESIGN_ERRORS[key].status)
    .send({ ...errorOf(key, languageOf(request)), ...(fields.length ? { fields } : {}) });
}

export async function registerEsignApi(root: FastifyInstance, deps: Deps): Promise<void> {
  await root.register((app, _options, done) => {
    /** The application the call proves, or a refusal already sent. */
    const applicationOf = async (request: FastifyRequest, reply: FastifyReply) => {
      const application = await authenticate(deps, request.headers.authorization);
      if (!application) {
        await refuse(reply, request, 'invalidCredential');
        return null;
      }
      return application;
    };
    /** The application's transaction by its id, moved on when it waits. */
    const transactionFor = async (application: Application, txnId: string) => {
      const row = await transactionOfApplication(deps.pool, application.slno, txnId);
      if (row?.status !== 'pending') return row;
      await advance(deps, row);
      return transactionOfApplication(deps.pool, application.slno, txnId);
    };

    app.post(
      `${INTEGRATION_BASE}/sign-requests`,
      { bodyLimit: MAX_REQUEST_BYTES },
      async (request, reply) => {
        const application = await applicationOf(request, reply);
        if (!application) return reply;
        try {
          const { created, answer } = await createSigningRequest(deps, application, request.body, {
            ...auditContextOf(request, null),
            orgSlno: application.orgSlno,
            role: `application:${String(application.slno)}`,
          });
          return await reply
            .status(created || answer.status === 'pending' ? 202 : 200)
            .send(answer);
        } catch (error) {
          if (error instanceof EsignRefusal) return refuse(reply, request, error.key, error.fields);
          throw error;
        }
      },
    );

    app.get<{ Params: { txnId: string } }>(
      `${INTEGRATION_BASE}/sign-requests/:txnId`,
      async (request, reply) => {
        const application = await applicationOf(request, reply);
        if (!application) return reply;
        const row = await transactionFor(application, request.params.txnId);
        if (!row) return refuse(reply, request, 'notFound');
        return reply.send(answerOf(row));
      },
    );

    app.get<{ Params: { txnId: string; position: string } }>(
      `${INTEGRATION_BASE}/sign-requests/:txnId/documents/:position`,
      async (request, reply) => {
        const application = await applicationOf(request, reply);
        if (!application) return reply;
        const { rows } = await deps.pool.query<{ document_name: string; signed_content: Buffer }>(
          `SELECT d.document_name, d.signed_content FROM transaction_documents d
             JOIN esign_transactions t USING (esign_logs_id)
            WHERE t.app_slno = $1 AND t.app_txn_id = $2 AND d.position = $3 AND d.signed_content IS NOT NULL`,
          [
            application.slno,
            request.params.txnId,
            Number.parseInt(request.params.position, 10) || 0,
          ],
        );
        const [document] = rows;
        if (!document) return refuse(reply, request, 'notFound');
        const name = `${document.document_name.replace(/\.pdf$/i, '')}-signed.pdf`;
        return reply
          .headers(downloadHeaders(name, 'application/pdf'))
          .send(document.signed_content);
      },
    );
    done();
  });
}
