/**
 * The authority's public addresses (named in every certificate's AIA and CRL distribution point,
 * and on the portal's repository page): the CA certificates, the CRL and the OCSP responder, in
 * the media types of RFC 2585 and RFC 6960, to anyone, without a session. Each generation of the
 * issuing CA has its certificate and CRL at its own address (profiles.ts' `issuingPaths`).
 */
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Pool } from '../../db/pool.js';
import type { Authority } from './authority.js';
import { PKI_PATHS } from './profiles.js';
import { answerOcsp, createAnswerCache } from './ocsp.js';
import { answerTimeStamp } from './tsa.js';

/** An OCSP request is small; a larger body is refused before it is read. */
const OCSP_BODY_LIMIT = 16 * 1024;

/** DER in PEM armour (RFC 7468): base64 in lines of 64. */
export const pem = (label: string, der: ArrayBuffer | Uint8Array) =>
  `-----BEGIN ${label}-----\n${(
    Buffer.from(der instanceof Uint8Array ? der : new Uint8Array(der))
      .toString('base64')
      .match(/.{1,64}/g) ?? []
  ).join('\n')}\n-----END ${label}-----\n`;

/** The CA chain in PEM, issuing CA first (what `openssl verify -untrusted … -CAfile …` reads). */
export function chainPem(authority: Authority): string {
  return pem('CERTIFICATE', authority.issuing.rawData) + pem('CERTIFICATE', authority.root.rawData);
}

export function certificatePem(der: ArrayBuffer | Uint8Array): string {
  return pem('CERTIFICATE', der);
}

export async function registerPki(
  root: FastifyInstance,
  deps: { pool: Pool; authority: Authority; clock: () => Date },
): Promise<void> {
  const { authority, pool, clock } = deps;
  const answers = createAnswerCache();
  await root.register((app, _options, done) => {
    app.addContentTypeParser(
      'application/ocsp-request',
      { parseAs: 'buffer', bodyLimit: OCSP_BODY_LIMIT },
      (_request, body, next) => {
        next(null, body);
      },
    );
    app.addContentTypeParser(
      'application/timestamp-query',
      { parseAs: 'buffer', bodyLimit: OCSP_BODY_LIMIT },
      (_request, body, next) => {
        next(null, body);
      },
    );
    const sendCertificate = (reply: FastifyReply, der: ArrayBuffer) =>
      reply
        .type('application/pkix-cert')
        .header('cache-control', 'public, max-age=86400')
        .send(Buffer.from(der));
    app.get(PKI_PATHS.root, (_request, reply) => sendCertificate(reply, authority.root.rawData));
    /** Generation `n` of the issuing CA, or a 404. */
    const generationOf = async (n: number, reply: FastifyReply) => {
      const generation = await authority.generation(n);
      if (!generation) await reply.code(404).send({ message: 'No such certificate' });
      return generation;
    };
    const issuingCertificate = async (n: number, reply: FastifyReply) => {
      const generation = await generationOf(n, reply);
      return generation ? sendCertificate(reply, generation.certificate.rawData) : reply;
    };
    app.get(PKI_PATHS.issuing, (_request, reply) => issuingCertificate(1, reply));
    app.get<{ Params: { generation: string } }>(
      '/pki/issuing-g:generation(^\\d{1,4}).crt',
      (request, reply) => issuingCertificate(Number(request.params.generation), reply),
    );
    app.get('/pki/chain.pem', (_request, reply) =>
      reply.type('application/x-pem-file').send(chainPem(authority)),
    );
    const revocationList =
      (current: () => Promise<Buffer>) => async (_request: unknown, reply: FastifyReply) =>
        reply
          .type('application/pkix-crl')
          .header('cache-control', 'public, max-age=3600')
          .send(await current());
    const issuingCrl = async (n: number, reply: FastifyReply) =>
      (await generationOf(n, reply))
        ? revocationList(() => authority.currentCrl(n))(undefined, reply)
        : reply;
    app.get(PKI_PATHS.crl, (_request, reply) => issuingCrl(1, reply));
    app.get<{ Params: { generation: string } }>(
      '/pki/issuing-g:generation(^\\d{1,4}).crl',
      (request, reply) => issuingCrl(Number(request.params.generation), reply),
    );
    app.get(
      PKI_PATHS.arl,
      revocationList(() => authority.currentArl()),
    );
    const answer = async (der: Uint8Array, reply: FastifyReply) =>
      reply
        .type('application/ocsp-response')
        .header('cache-control', 'no-store')
        .send(await answerOcsp(pool, await authority.ocspIssuers(), der, clock(), answers));
    app.post(PKI_PATHS.ocsp, async (request, reply) => {
      const body = request.body;
      return answer(body instanceof Buffer ? body : Buffer.alloc(0), reply);
    });
    // RFC 3161 §3.4: a time-stamp query over HTTP.
    app.post(PKI_PATHS.tsa, async (request, reply) => {
      const body = request.body;
      return reply
        .type('application/timestamp-reply')
        .header('cache-control', 'no-store')
        .send(
          await answerTimeStamp(
            await authority.timestamper(),
            body instanceof Buffer ? body : Buffer.alloc(0),
            clock(),
          ),
        );
    });
    // RFC 6960 A.1: GET with the request base64-encoded (and URL-encoded) in the path.
    app.get(`${PKI_PATHS.ocsp}/*`, async (request, reply) => {
      const encoded = (request.params as { '*': string })['*'];
      return answer(Buffer.from(decodeURIComponent(encoded), 'base64'), reply);
    });
    done();
  });
}
