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
import { MAX_PDF_BYTES, assertionAudience } from '@tawqi/api';
import type { FastifyInstance } from 'fastify';
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
const WEBHOOK = 'demo-app-webhook';

export function createDemoApplication(options: DemoApplicationOptions) {
  const { store } = options;
  const sentOf = (txnId: string) => store.get<Sent>(SENT, txnId);
  let ready: Promise<{ clients: Map<string, ReturnType<typeof createEsignClient>> }> | null = null;

  /** Registers the two applications with its key (first use, once listening; again is harmless). */
  const setUp = () =>
    (ready ??= (async () => {
      const key = options.keys.demoApplication;
      const privateKey = await importPKCS8(
        key.export({ type: 'pkcs8', format: 'pem' }).toString(),
        'EdDSA',
      );
      const pem = createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString();
      const [organization] = (
        await options.pool.query<{ org_slno: number; sip_slno: number }>(
          `SELECT o.org_slno, o.sip_slno FROM organizations o
             JOIN memberships m ON m.org_slno = o.org_slno
             JOIN users u ON u.user_slno = m.user_slno AND u.username = 'khalid'
            ORDER BY o.org_slno LIMIT 1`,
        )
      ).rows;
      const [provider] = (
        await options.pool.query<{ sip_slno: number }>(
          "SELECT sip_slno FROM service_providers WHERE level = 'L1' ORDER BY sip_slno LIMIT 1",
        )
      ).rows;
      const clients = new Map<string, ReturnType<typeof createEsignClient>>();
      const applications = [
        { clientId: DEMO_APP_IDS.people, orgSlno: null, sipSlno: provider?.sip_slno },
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
      for (const application of applications) {
        if (application.sipSlno === undefined) continue;
        await registerApplication(
          options.pool,
          {
            clientId: application.clientId,
            sipSlno: application.sipSlno,
            orgSlno: application.orgSlno,
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
      return { clients };
    })());

  /** The demo signers: people with a plan of their own, and the demo organization's members. */
  const signers = async (): Promise<DemoSigner[]> => {
    const { rows } = await options.pool.query<{
      client_id: string;
      national_id: string;
      name: string;
    }>(
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
  };

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

  const homePage = async (notice = '') => {
    const people = await signers();
    const recent = (await store.list<Sent>(SENT)).reverse().slice(0, 5);
    const webhooks = (await store.list<ReceivedWebhook>(WEBHOOK)).slice(-5);
    return page(
      'Send',
      `${notice}
    <form method="post" action="${DEMO_APP_PREFIX}/send" enctype="multipart/form-data" class="stack">
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
    </form>
    ${
      recent.length
        ? `<table><thead><tr><th>المستند / Document</th><th>الموقّع / Signer</th><th></th></tr></thead><tbody>${recent
            .map(
              (item) =>
                `<tr><td>${escape(item.fileName)}</td><td>${escape(item.signerName)}</td><td><a href="${DEMO_APP_PREFIX}/return?txnId=${encodeURIComponent(item.txnId)}">النتيجة / Outcome</a></td></tr>`,
            )
            .join('')}</tbody></table>`
        : ''
    }
    ${
      webhooks.length
        ? `<p class="muted">إشعارات مستلمة / Webhooks received: ${webhooks
            .map(
              (hook) =>
                `${escape(hook.txnId.slice(0, 8))} ${escape(hook.status)} ${hook.authentic ? '✓ HMAC' : '✗ HMAC'}`,
            )
            .join(' · ')}</p>`
        : ''
    }`,
    );
  };

  /** The root the application trusts, from our repository. */
  const trustedRoot = async () =>
    new x509.X509Certificate(
      Buffer.from(await (await fetch(`${options.selfOrigin()}${PKI_PATHS.root}`)).arrayBuffer()),
    );

  return {
    async register(root: FastifyInstance) {
      await root.register(async (app) => {
        await app.register(multipart, {
          limits: { fileSize: MAX_PDF_BYTES, files: 1, fields: 5, fieldSize: 200 },
        });
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
          await setUp();
          return reply.type('text/html; charset=utf-8').send(await homePage());
        });

        app.post(`${DEMO_APP_PREFIX}/send`, async (request, reply) => {
          const { clients } = await setUp();
          const fields: Record<string, string> = {};
          let file: { name: string; bytes: Buffer | null } | null = null;
          for await (const part of request.parts()) {
            if (part.type === 'file') {
              // Over the limit, the part's bytes are refused (null).
              const bytes = await part.toBuffer().catch(() => null);
              file = { name: part.filename || 'document.pdf', bytes };
            } else fields[part.fieldname] = String(part.value);
          }
          const [clientId = '', nationalId = ''] = (fields.signer ?? '').split('|');
          const client = clients.get(clientId);
          const refuse = async (message: string) =>
            reply
              .status(400)
              .type('text/html; charset=utf-8')
              .send(await homePage(`<p class="stamp bad" role="alert">${escape(message)}</p>`));
          if (file && !file.bytes)
            return refuse('الملف أكبر من ٥ ميغابايت / The file is over 5 MB');
          if (!file?.bytes?.length || !client)
            return refuse('اختر ملف PDF وموقّعًا / Choose a PDF and a signer');
          const txnId = `DEMO-${randomUUID()}`;
          const answer = await client.requestSigning({
            txnId,
            timestamp: options.now().toISOString(),
            signer: { nationalId },
            consent: fields.consent === 'yes',
            returnUrl: `${options.publicOrigin}${DEMO_APP_PREFIX}/return`,
            documents: [{ kind: 'pdf', name: file.name, content: file.bytes.toString('base64') }],
            stamp: {
              appearance:
                fields.appearance === 'text' || fields.appearance === 'none'
                  ? fields.appearance
                  : 'logo',
              ...(fields.placement?.trim() ? { placement: fields.placement.trim() } : {}),
            },
          });
          const approval = answer.body.approval as { url?: string } | undefined;
          if (answer.status !== 202 || !approval?.url)
            return refuse(`${String(answer.body.code)}: ${String(answer.body.message)}`);
          const signer = (await signers()).find((one) => one.nationalId === nationalId);
          await store.add(SENT, txnId, {
            txnId,
            clientId,
            fileName: file.name,
            signerName: signer?.name ?? nationalId,
            at: options.now(),
          } satisfies Sent);
          return reply.redirect(approval.url, 303);
        });

        app.get(`${DEMO_APP_PREFIX}/return`, async (request, reply) => {
          const { clients } = await setUp();
          const txnId = (request.query as { txnId?: string }).txnId ?? '';
          const item = await sentOf(txnId);
          const client = item && clients.get(item.clientId);
          if (!item || !client)
            return reply
              .status(404)
              .type('text/html; charset=utf-8')
              .send(page('Unknown', '<p class="stamp">طلب غير معروف / Unknown request</p>'));
          const { body } = await client.outcome(txnId);
          const outcome =
            typeof body.signedResponse === 'string'
              ? await verifiedOutcome(body.signedResponse, await trustedRoot())
              : null;
          const status = String(body.status);
          const error = body.error as { code: string; message: string } | undefined;
          const documents = outcome?.documents ?? [];
          return reply.type('text/html; charset=utf-8').send(
            page(
              'Outcome',
              `<p class="stamp ${status === 'success' ? 'ok' : status === 'failed' ? 'bad' : ''}" role="status">${
                status === 'success'
                  ? 'تم التوقيع / Signed'
                  : status === 'failed'
                    ? `لم يتم التوقيع / Not signed — ${escape(error?.code ?? '')} ${escape(error?.message ?? '')}`
                    : 'بانتظار الموقّع / Waiting for the signer'
              }</p>
    ${
      outcome?.signer
        ? `<p>${escape(outcome.signer.nameArabic)} / ${escape(outcome.signer.nameEnglish)}</p>`
        : ''
    }
    ${
      body.signedResponse
        ? `<p class="muted">${outcome ? '✓ توقيع الخدمة على الرد صحيح / The service’s signature on the answer verifies' : '✗ توقيع الرد لم يتحقق / The answer’s signature did not verify'}</p>`
        : ''
    }
    ${documents
      .filter((document) => document.kind === 'pdf')
      .map(
        (document) =>
          `<p><a href="${DEMO_APP_PREFIX}/download?txnId=${encodeURIComponent(txnId)}&amp;position=${String(document.position)}" download>تنزيل المستند الموقّع / Download the signed PDF (${escape(document.name)})</a></p>`,
      )
      .join('')}
    <p><a href="${DEMO_APP_PREFIX}">مستند آخر / Another document</a></p>`,
            ),
          );
        });

        app.get(`${DEMO_APP_PREFIX}/download`, async (request, reply) => {
          const { clients } = await setUp();
          const query = request.query as { txnId?: string; position?: string };
          const item = await sentOf(query.txnId ?? '');
          const client = item && clients.get(item.clientId);
          const bytes = client
            ? await client.signedPdf(item.txnId, Number(query.position) || 1)
            : null;
          if (!item || !bytes) return reply.status(404).send();
          return reply
            .type('application/pdf')
            .header(
              'content-disposition',
              contentDisposition(`${item.fileName.replace(/\.pdf$/i, '')}-signed.pdf`),
            )
            .send(bytes);
        });

        app.post(`${DEMO_APP_PREFIX}/webhook`, async (request, reply) => {
          const body = typeof request.body === 'string' ? request.body : '';
          let parsed: { txnId?: string; status?: string; deliveryId?: string } = {};
          try {
            parsed = JSON.parse(body) as typeof parsed;
          } catch {
            // kept as not authentic below
          }
          const item = await sentOf(parsed.txnId ?? '');
          const authentic =
            !!item &&
            webhookIsAuthentic(
              webhookSecret(options, item.clientId),
              request.headers,
              body,
              options.now(),
            );
          // A retried delivery (this answer came too late for the service) is taken once.
          await store.once(
            WEBHOOK,
            authentic && parsed.deliveryId ? parsed.deliveryId : randomUUID(),
            () =>
              Promise.resolve({
                deliveryId: parsed.deliveryId ?? '',
                txnId: parsed.txnId ?? '',
                status: parsed.status ?? '',
                authentic,
                at: options.now(),
              } satisfies ReceivedWebhook),
          );
          return reply.status(204).send();
        });
      });
    },
    /** What the demo application was told by webhook, oldest first. */
    webhooks: () => store.list<ReceivedWebhook>(WEBHOOK),
  };
}
