/**
 * A demo integrating application, served by Tawqi in demo mode only
 * (`/simulators/esign-app`), like the identity app's and the gateway's simulators: it is what a
 * provider's customer would build, and uses the eSign integration API as they would — over HTTP,
 * through the same client (client.ts), with its own key (derived from SERVER_SECRET, registered as
 * its credential), its own webhook receiver checking the HMAC, and our repository's certificates
 * to check the service's JWS. What it sent and the webhooks it received are kept in the database
 * (simulatorStore.ts): two server processes behind a balancer are one demo application.
 *
 * Upload a PDF, choose a demo signer (a person signing on their own plan, or a member of the demo
 * organization on its counters), send; the browser goes to Tawqi's approval page, the signer
 * approves on the identity app's phone page, and comes back here to download the signed PDF.
 * Plain HTML forms (the strict CSP holds).
 */
import { createPublicKey, randomUUID } from 'node:crypto';
import multipart from '@fastify/multipart';
import { MAX_PDF_BYTES, assertionAudience, type SigningRequest } from '@tawqi/api';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { importPKCS8 } from 'jose';
import type { Pool } from '../../db/pool.js';
import { contentDisposition } from '../../http/download.js';
import { registerApplication, webhookSecret } from '../../modules/esign/applications.js';
import type { Keys } from '../../keys.js';
import { PKI_PATHS } from '../../modules/pki/profiles.js';
import * as x509 from '../../modules/pki/x509.js';
import {
  escapeHtml as escape,
  simulatorDocument,
  simulatorStylesheet,
} from '../../adapters/simulatorPage.js';
import type { SimulatorStore } from '../../adapters/simulatorStore.js';
import { createEsignClient, verifiedOutcome, webhookIsAuthentic } from './client.js';

export const DEMO_APP_PREFIX = '/simulators/esign-app';
/** The demo application's client ids: one for people's own plans, one on an organization's counters. */
export const DEMO_APP_IDS = { people: 'tawqi-demo-app', organization: 'tawqi-demo-app-org' };
const ACCENT = '#6b3fa0';

interface Sent {
  txnId: string;
  clientId: string;
  fileName: string;
  signerName: string;
  at: Date;
}

interface Sending {
  clientId: string;
  signerName: string;
  fileName: string;
  request: SigningRequest;
}

interface ReceivedWebhook {
  deliveryId: string;
  txnId: string;
  status: string;
  authentic: boolean;
  at: Date;
}

interface DemoSigner {
  clientId: string;
  nationalId: string;
  name: string;
}

export interface DemoApplicationOptions {
  pool: Pool;
  keys: Pick<Keys, 'webhooks' | 'demoApplication'>;
  store: SimulatorStore;
  publicOrigin: string;
  /** Where this server is reached from itself (its API, its repository). */
  selfOrigin: () => string;
  now: () => Date;
}

const SENT = 'demo-app-sent';
/** A request being sent, kept as sent so that trying again sends the same one (its txnId). */
const SENDING = 'demo-app-sending';
const WEBHOOK = 'demo-app-webhook';

type EsignClient = ReturnType<typeof createEsignClient>;

/**
 * Registers the two demo applications with the demo application's key (again is harmless): one on
 * people's own plans (the first L1 provider's), one on the counters of khalid's organization.
 * The client of each, by client id.
 */
async function registerDemoApplications(options: DemoApplicationOptions) {
  const key = options.keys.demoApplication;
  const privateKey = await importPKCS8(
    key.export({ type: 'pkcs8', format: 'pem' }).toString(),
    'EdDSA',
  );
  const pem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
  const clients = new Map<string, EsignClient>();
  for (const application of await demoApplicationsOwners(options.pool)) {
    await registerApplication(
      options.pool,
      {
        ...application,
        nameEnglish: 'Tawqi demo application',
        nameArabic: 'تطبيق توقيع التجريبي',
        credential: { kind: 'publicKey', pem },
        returnOrigins: [options.publicOrigin],
        webhookUrl: `${options.selfOrigin()}${DEMO_APP_PREFIX}/webhook`,
      },
      options.now(),
    );
    clients.set(
      application.clientId,
      createEsignClient({
        baseUrl: options.selfOrigin(),
        audience: assertionAudience(options.publicOrigin),
        clientId: application.clientId,
        privateKey,
        algorithm: 'EdDSA',
      }),
    );
  }
  return clients;
}

/** Each demo application's provider (and organization), where the demo world has them. */
async function demoApplicationsOwners(pool: Pool) {
  const [organization] = (
    await pool.query<{ org_slno: number; sip_slno: number }>(
      `SELECT o.org_slno, o.sip_slno FROM organizations o
         JOIN memberships m ON m.org_slno = o.org_slno
         JOIN users u ON u.user_slno = m.user_slno AND u.username = 'khalid'
        ORDER BY o.org_slno LIMIT 1`,
    )
  ).rows;
  const [provider] = (
    await pool.query<{ sip_slno: number }>(
      "SELECT sip_slno FROM service_providers WHERE level = 'L1' ORDER BY sip_slno LIMIT 1",
    )
  ).rows;
  return [
    ...(provider
      ? [{ clientId: DEMO_APP_IDS.people, orgSlno: null, sipSlno: provider.sip_slno }]
      : []),
    ...(organization
      ? [
          {
            clientId: DEMO_APP_IDS.organization,
            orgSlno: organization.org_slno,
            sipSlno: organization.sip_slno,
          },
        ]
      : []),
  ];
}

/** The demo signers: people with a plan of their own, and the demo organization's members. */
async function demoSigners(pool: Pool): Promise<DemoSigner[]> {
  const { rows } = await pool.query<{ client_id: string; national_id: string; name: string }>(
    `(SELECT $1 AS client_id, u.national_id, u.full_name_en || ' / ' || u.full_name_ar AS name
        FROM users u
       WHERE EXISTS (SELECT 1 FROM purchased_plans p WHERE p.user_slno = u.user_slno AND p.org_slno IS NULL
                        AND p.utilized < p.transactions)
       ORDER BY u.user_slno LIMIT 5)
     UNION ALL
     (SELECT a.client_id, u.national_id, u.full_name_en || ' / ' || u.full_name_ar || ' — ' || o.name_en AS name
        FROM esign_applications a JOIN organizations o ON o.org_slno = a.org_slno
        JOIN memberships m ON m.org_slno = a.org_slno AND m.is_active
        JOIN users u ON u.user_slno = m.user_slno AND u.username IS NOT NULL
       WHERE a.client_id = $2 ORDER BY u.user_slno LIMIT 5)`,
    [DEMO_APP_IDS.people, DEMO_APP_IDS.organization],
  );
  return rows.map((row) => ({
    clientId: row.client_id,
    nationalId: row.national_id,
    name: row.name,
  }));
}

/** A page of the demo application: its bar, then `body`. */
const page = (title: string, body: string) =>
  simulatorDocument({
    title: `${title} — تطبيق تجريبي / Demo application`,
    stylesheet: `${DEMO_APP_PREFIX}/style.css`,
    body: `<header class="bar">
    <h1>تطبيق تكامل تجريبي / Demo integrating application</h1>
    <p>يرسل المستندات إلى خدمة التوقيع في توقيع / Sends documents to Tawqi’s eSign service</p>
  </header>
  <div class="content">${body}</div>`,
  });

/** The sending form, for `people`. */
const sendForm = (people: DemoSigner[]) =>
  `<form method="post" action="${DEMO_APP_PREFIX}/send" enctype="multipart/form-data" class="stack">
      <label>المستند (PDF) / Document (PDF) <input type="file" name="document" accept="application/pdf" required></label>
      <label>الموقّع / Signer
        <select name="signer" required>
          ${people.map((person) => `<option value="${escape(`${person.clientId}|${person.nationalId}`)}">${escape(person.name)}</option>`).join('')}
        </select>
      </label>
      <label>الختم المرئي / Visible stamp
        <select name="appearance">
          <option value="logo">شعار توقيع مع البيانات / Tawqi's mark with the details</option>
          <option value="text">البيانات فقط / The details only</option>
          <option value="none">بلا ختم مرئي / No visible stamp</option>
        </select>
      </label>
      <label>موضع الختم (اختياري) / Where (optional)
        <input name="placement" placeholder="1-50,50,290,140" dir="ltr" inputmode="decimal">
        <small>الصفحة-س١،ص١،س٢،ص٢ بالنقاط من أسفل يسار الصفحة؛ فارغ: أسفل يمين الصفحة الأخيرة / page-x1,y1,x2,y2 in points from the page's lower left; empty: the last page's lower right corner</small>
      </label>
      <label class="check"><input type="checkbox" name="consent" value="yes" required> يوافق الموقّع على توقيع هذا المستند / The signer agrees to sign this document</label>
      <button type="submit">إرسال للتوقيع / Send for signing</button>
    </form>`;

/** The documents sent lately, each with a link to its outcome. */
const recentTable = (recent: Sent[]) =>
  recent.length
    ? `<table><thead><tr><th>المستند / Document</th><th>الموقّع / Signer</th><th></th></tr></thead><tbody>${recent
        .map(
          (item) =>
            `<tr><td>${escape(item.fileName)}</td><td>${escape(item.signerName)}</td><td><a href="${DEMO_APP_PREFIX}/return?txnId=${encodeURIComponent(item.txnId)}">النتيجة / Outcome</a></td></tr>`,
        )
        .join('')}</tbody></table>`
    : '';

/** The webhooks received lately, and whether each one's HMAC held. */
const webhooksLine = (webhooks: ReceivedWebhook[]) =>
  webhooks.length
    ? `<p class="muted">إشعارات مستلمة / Webhooks received: ${webhooks
        .map(
          (hook) =>
            `${escape(hook.txnId.slice(0, 8))} ${escape(hook.status)} ${hook.authentic ? '✓ HMAC' : '✗ HMAC'}`,
        )
        .join(' · ')}</p>`
    : '';

/** What the service answered about one request, as its outcome page shows it. */
interface ShownOutcome {
  txnId: string;
  status: string;
  error: { code: string; message: string } | undefined;
  /** Whether the service signed the answer (signedResponse), and what it says when verified. */
  signed: boolean;
  outcome: Awaited<ReturnType<typeof verifiedOutcome>> | null;
}

const statusStamp = ({ status, error }: ShownOutcome) =>
  `<p class="stamp ${status === 'success' ? 'ok' : status === 'failed' ? 'bad' : ''}" role="status">${
    status === 'success'
      ? 'تم التوقيع / Signed'
      : status === 'failed'
        ? `لم يتم التوقيع / Not signed — ${escape(error?.code ?? '')} ${escape(error?.message ?? '')}`
        : 'بانتظار الموقّع / Waiting for the signer'
  }</p>`;

const outcomePage = (shown: ShownOutcome) => {
  const { outcome, txnId } = shown;
  const signer = outcome?.signer
    ? `<p>${escape(outcome.signer.nameArabic)} / ${escape(outcome.signer.nameEnglish)}</p>`
    : '';
  const answerSignature = shown.signed
    ? `<p class="muted">${outcome ? '✓ توقيع الخدمة على الرد صحيح / The service’s signature on the answer verifies' : '✗ توقيع الرد لم يتحقق / The answer’s signature did not verify'}</p>`
    : '';
  const downloads = (outcome?.documents ?? [])
    .filter((document) => document.kind === 'pdf')
    .map(
      (document) =>
        `<p><a href="${DEMO_APP_PREFIX}/download?txnId=${encodeURIComponent(txnId)}&amp;position=${String(document.position)}" download>تنزيل المستند الموقّع / Download the signed PDF (${escape(document.name)})</a></p>`,
    )
    .join('');
  return page(
    'Outcome',
    `${statusStamp(shown)}
    ${signer}
    ${answerSignature}
    ${downloads}
    <p><a href="${DEMO_APP_PREFIX}">مستند آخر / Another document</a></p>`,
  );
};

/** The form's fields and its one file (bytes null: over the size limit). */
async function formOf(request: FastifyRequest) {
  const fields: Record<string, string> = {};
  let file: { name: string; bytes: Buffer | null } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      // Over the limit, the part's bytes are refused (null).
      const bytes = await part.toBuffer().catch(() => null);
      file = { name: part.filename || 'document.pdf', bytes };
    } else fields[part.fieldname] = String(part.value);
  }
  return { fields, file };
}

/** The signing request the form asks for, of `file` by the signer `nationalId`. */
const signingRequest = (
  options: DemoApplicationOptions,
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer },
  nationalId: string,
): SigningRequest => ({
  txnId: `DEMO-${randomUUID()}`,
  timestamp: options.now().toISOString(),
  signer: { nationalId },
  consent: fields.consent === 'yes',
  returnUrl: `${options.publicOrigin}${DEMO_APP_PREFIX}/return`,
  documents: [{ kind: 'pdf', name: file.name, content: file.bytes.toString('base64') }],
  stamp: {
    appearance:
      fields.appearance === 'text' || fields.appearance === 'none' ? fields.appearance : 'logo',
    ...(fields.placement?.trim() ? { placement: fields.placement.trim() } : {}),
  },
});

/** The root the application trusts, from our repository. */
const trustedRoot = async (options: DemoApplicationOptions) =>
  new x509.X509Certificate(
    Buffer.from(await (await fetch(`${options.selfOrigin()}${PKI_PATHS.root}`)).arrayBuffer()),
  );

/** What the demo application's pages share. */
interface DemoContext {
  options: DemoApplicationOptions;
  /** The registered applications' clients, by client id. */
  clients: () => Promise<Map<string, EsignClient>>;
  sentOf: (txnId: string) => Promise<Sent | undefined>;
  homePage: (notice?: string) => Promise<string>;
}

/** Sends the form's document for signing, and takes the browser to the approval page. */
async function send(demo: DemoContext, request: FastifyRequest, reply: FastifyReply) {
  const clients = await demo.clients();
  const { fields, file } = await formOf(request);
  const [clientId = '', nationalId = ''] = (fields.signer ?? '').split('|');
  const client = clients.get(clientId);
  if (file && !file.bytes)
    return refuse(demo, reply, 'الملف أكبر من ٥ ميغابايت / The file is over 5 MB');
  if (!file?.bytes?.length || !client)
    return refuse(demo, reply, 'اختر ملف PDF وموقّعًا / Choose a PDF and a signer');
  const sending = signingRequest(
    demo.options,
    fields,
    { name: file.name, bytes: file.bytes },
    nationalId,
  );
  const signer = (await demoSigners(demo.options.pool)).find(
    (one) => one.nationalId === nationalId,
  );
  const kept: Sending = {
    clientId,
    signerName: signer?.name ?? nationalId,
    fileName: file.name,
    request: sending,
  };
  await demo.options.store.add(SENDING, sending.txnId, kept);
  return attempt(demo, kept, reply);
}

/**
 * Sends a kept request; a retry sends the very same one (its txnId and timestamp), which the
 * service answers once: never a second request for the signer. A refusal is said on the form; a
 * service that did not answer, or answered busy, is said on a page that offers to try again.
 */
async function attempt(demo: DemoContext, kept: Sending, reply: FastifyReply) {
  const client = (await demo.clients()).get(kept.clientId);
  if (!client) return refuse(demo, reply, 'اختر ملف PDF وموقّعًا / Choose a PDF and a signer');
  const answer = await client.requestSigning(kept.request).catch(() => null);
  const approval = answer?.body.approval as { url?: string } | undefined;
  if (answer?.status === 202 && approval?.url) {
    await demo.options.store.once(SENT, kept.request.txnId, () =>
      Promise.resolve({
        txnId: kept.request.txnId,
        clientId: kept.clientId,
        fileName: kept.fileName,
        signerName: kept.signerName,
        at: demo.options.now(),
      } satisfies Sent),
    );
    return reply.redirect(approval.url, 303);
  }
  if (answer && answer.status < 500 && answer.status !== 429)
    return refuse(demo, reply, `${String(answer.body.code)}: ${String(answer.body.message)}`);
  return reply
    .status(503)
    .type('text/html; charset=utf-8')
    .send(tryAgainPage(kept, answer ? messageOf(answer.body) : null));
}

/** What the service said, as it said it. */
const messageOf = (body: Record<string, unknown>) =>
  typeof body.message === 'string' ? body.message : '';

/** The form again, with what went wrong said above it. */
async function refuse(demo: DemoContext, reply: FastifyReply, message: string) {
  return reply
    .status(400)
    .type('text/html; charset=utf-8')
    .send(await demo.homePage(`<p class="stamp bad" role="alert">${escape(message)}</p>`));
}

/** The page when the service did not take the request: what happened, and the same request again. */
const tryAgainPage = (kept: Sending, said: string | null) =>
  page(
    'Not sent',
    `<p class="stamp bad" role="alert">لم تستلم خدمة التوقيع الطلب بعد / The eSign service has not taken the request yet</p>
    <p>${
      said === null
        ? 'لم تُجب الخدمة في الوقت المحدد. / The service did not answer in time.'
        : `أجابت الخدمة: ${escape(said)} / The service answered: ${escape(said)}`
    }</p>
    <p>${escape(kept.fileName)} — ${escape(kept.signerName)}</p>
    <p class="muted">إعادة المحاولة ترسل الطلب نفسه (${escape(kept.request.txnId)})، فلا يُطلب من الموقّع التوقيع مرتين. / Trying again sends the same request (${escape(kept.request.txnId)}): the signer is never asked twice.</p>
    <form method="post" action="${DEMO_APP_PREFIX}/retry" enctype="multipart/form-data">
      <input type="hidden" name="txnId" value="${escape(kept.request.txnId)}">
      <button type="submit">أعد المحاولة / Try again</button>
    </form>
    <p><a href="${DEMO_APP_PREFIX}">مستند آخر / Another document</a></p>`,
  );

/** Tries a kept request again. */
async function retry(demo: DemoContext, request: FastifyRequest, reply: FastifyReply) {
  const { fields } = await formOf(request);
  const kept = await demo.options.store.get<Sending>(SENDING, fields.txnId ?? '');
  if (!kept) return refuse(demo, reply, 'طلب غير معروف / Unknown request');
  return attempt(demo, kept, reply);
}

/** Where the signer comes back: the outcome, its signed answer verified against our root. */
async function outcome(demo: DemoContext, request: FastifyRequest, reply: FastifyReply) {
  const txnId = (request.query as { txnId?: string }).txnId ?? '';
  const item = await demo.sentOf(txnId);
  const client = item && (await demo.clients()).get(item.clientId);
  if (!item || !client)
    return reply
      .status(404)
      .type('text/html; charset=utf-8')
      .send(page('Unknown', '<p class="stamp">طلب غير معروف / Unknown request</p>'));
  const { body } = await client.outcome(txnId);
  const signed = typeof body.signedResponse === 'string';
  return reply.type('text/html; charset=utf-8').send(
    outcomePage({
      txnId,
      status: String(body.status),
      error: body.error as ShownOutcome['error'],
      signed,
      outcome: signed
        ? await verifiedOutcome(body.signedResponse as string, await trustedRoot(demo.options))
        : null,
    }),
  );
}

/** The signed PDF, fetched from the service for the browser. */
async function download(demo: DemoContext, request: FastifyRequest, reply: FastifyReply) {
  const query = request.query as { txnId?: string; position?: string };
  const item = await demo.sentOf(query.txnId ?? '');
  const client = item && (await demo.clients()).get(item.clientId);
  const bytes = client ? await client.signedPdf(item.txnId, Number(query.position) || 1) : null;
  if (!item || !bytes) return reply.status(404).send();
  return reply
    .type('application/pdf')
    .header(
      'content-disposition',
      contentDisposition(`${item.fileName.replace(/\.pdf$/i, '')}-signed.pdf`),
    )
    .send(bytes);
}

/** The service's webhook: kept with whether its HMAC holds; a retried delivery once. */
async function webhook(demo: DemoContext, request: FastifyRequest, reply: FastifyReply) {
  const body = typeof request.body === 'string' ? request.body : '';
  let parsed: { txnId?: string; status?: string; deliveryId?: string } = {};
  try {
    parsed = JSON.parse(body) as typeof parsed;
  } catch {
    // kept as not authentic below
  }
  const item = await demo.sentOf(parsed.txnId ?? '');
  const authentic =
    !!item &&
    webhookIsAuthentic(
      webhookSecret(demo.options, item.clientId),
      request.headers,
      body,
      demo.options.now(),
    );
  await demo.options.store.once(
    WEBHOOK,
    authentic && parsed.deliveryId ? parsed.deliveryId : randomUUID(),
    () =>
      Promise.resolve({
        deliveryId: parsed.deliveryId ?? '',
        txnId: parsed.txnId ?? '',
        status: parsed.status ?? '',
        authentic,
        at: demo.options.now(),
      } satisfies ReceivedWebhook),
  );
  return reply.status(204).send();
}

export function createDemoApplication(options: DemoApplicationOptions) {
  const { store } = options;
  let clients: Promise<Map<string, EsignClient>> | null = null;
  const demo: DemoContext = {
    options,
    /** The applications are registered at first use, once the server listens. */
    clients: () => (clients ??= registerDemoApplications(options)),
    sentOf: (txnId) => store.get<Sent>(SENT, txnId),
    homePage: async (notice = '') =>
      page(
        'Send',
        `${notice}
    ${sendForm(await demoSigners(options.pool))}
    ${recentTable((await store.list<Sent>(SENT)).reverse().slice(0, 5))}
    ${webhooksLine((await store.list<ReceivedWebhook>(WEBHOOK)).slice(-5))}`,
      ),
  };

  return {
    async register(root: FastifyInstance) {
      await root.register(async (app) => {
        await app.register(multipart, {
          limits: { fileSize: MAX_PDF_BYTES, files: 1, fields: 5, fieldSize: 200 },
        });
        // The webhook's body is kept as sent: its HMAC is of those bytes.
        app.addContentTypeParser(
          'application/json',
          { parseAs: 'string' },
          (_request, body, done) => {
            done(null, body);
          },
        );
        app.get(`${DEMO_APP_PREFIX}/style.css`, (_request, reply) =>
          reply.type('text/css; charset=utf-8').send(simulatorStylesheet(ACCENT)),
        );
        app.get(DEMO_APP_PREFIX, async (_request, reply) => {
          await demo.clients();
          return reply.type('text/html; charset=utf-8').send(await demo.homePage());
        });
        // Whatever fails here is said as a page of the application, never as the API's JSON.
        app.setErrorHandler(async (error, _request, reply) => {
          app.log.warn({ error: String(error) }, 'the demo application failed');
          return reply
            .status(500)
            .type('text/html; charset=utf-8')
            .send(
              page(
                'Failed',
                `<p class="stamp bad" role="alert">تعذّر ذلك على التطبيق التجريبي / The demo application could not do that</p>
                <p><a href="${DEMO_APP_PREFIX}">العودة / Back</a></p>`,
              ),
            );
        });
        app.post(`${DEMO_APP_PREFIX}/send`, (request, reply) => send(demo, request, reply));
        app.post(`${DEMO_APP_PREFIX}/retry`, (request, reply) => retry(demo, request, reply));
        app.get(`${DEMO_APP_PREFIX}/return`, (request, reply) => outcome(demo, request, reply));
        app.get(`${DEMO_APP_PREFIX}/download`, (request, reply) => download(demo, request, reply));
        app.post(`${DEMO_APP_PREFIX}/webhook`, (request, reply) => webhook(demo, request, reply));
      });
    },
    /** What the demo application was told by webhook, oldest first. */
    webhooks: () => store.list<ReceivedWebhook>(WEBHOOK),
  };
}
