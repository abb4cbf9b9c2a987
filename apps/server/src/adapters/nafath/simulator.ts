/**
 * A Nafath-compatible simulator, served by Tawqi itself on loopback in demo mode only
 * (`/simulators/nafath`), and
 * driven through the same client as the real service:
 * - the MFA API: create a request (transId + a two-digit number), its status, and the JWKS;
 * - a "phone" page (`/simulators/nafath/phone`): the pending requests of a national id, each with
 *   three numbers; picking the right one approves, a wrong one or "Reject" rejects — as in the app.
 * A completed request's result is an RS256 JWT signed by the simulator's own key. Requests expire
 * after 180 s. Plain HTML forms only: the page works under the strict CSP (no inline script).
 * Its requests and its key are kept in the database (simulatorStore.ts), so every server process
 * on it is the same identity app.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { seal, unseal } from '../../keys.js';
import type { NafathPerson, NafathStatus } from './client.js';
import { simulatedPerson } from './people.js';
import { escapeHtml as escape, simulatorDocument, simulatorStylesheet } from '../simulatorPage.js';
import type { SimulatorStore } from '../simulatorStore.js';

export const SIMULATOR_PREFIX = '/simulators/nafath';
const TTL_MS = 180_000;

interface SimulatedRequest {
  transId: string;
  nationalId: string;
  service: string;
  random: string;
  choices: string[];
  status: NafathStatus;
  createdAt: number;
}

export interface NafathSimulator {
  register(app: FastifyInstance): Promise<void>;
  /** What a test's "phone" does: approve with the right number, or reject. */
  answer(transId: string, choice: 'approve' | 'reject'): Promise<boolean>;
  pending(nationalId: string): Promise<readonly SimulatedRequest[]>;
}

const REQUEST = 'identity-request';

/** A request as the identity app makes it: its number to pick, among two decoys, waiting. */
function newRequest(requestBody: unknown, now: number): SimulatedRequest {
  const body = requestBody as { nationalId?: unknown; service?: unknown };
  const nationalId = typeof body.nationalId === 'string' ? body.nationalId : '';
  const random = String(randomInt(10, 100));
  const decoys = new Set<string>([random]);
  while (decoys.size < 3) decoys.add(String(randomInt(10, 100)));
  return {
    transId: randomUUID(),
    nationalId,
    service: typeof body.service === 'string' ? body.service : 'Login',
    random,
    choices: [...decoys].sort(),
    status: 'WAITING',
    createdAt: now,
  };
}

/** A completed request's answer as the identity app signs it: the person, for five minutes. */
function signedAnswer(
  transId: string,
  person: NafathPerson,
  key: Awaited<ReturnType<typeof importJWK>>,
): Promise<string> {
  return new SignJWT({
    transId,
    status: 'COMPLETED',
    nationalId: person.nationalId,
    englishName: person.fullNameEnglish,
    arabicName: person.fullNameArabic,
    nationality: person.nationality,
    ...(person.dateOfBirth ? { dateOfBirthG: person.dateOfBirth } : {}),
    ...(person.dateOfBirthHijri ? { dateOfBirthH: person.dateOfBirthHijri } : {}),
  })
    .setProtectedHeader({ alg: 'RS256', kid: 'nafath-simulator' })
    .setIssuedAt()
    .setExpirationTime('5m')
    .sign(key);
}

/** The people the simulator knows; anyone else is a plausible person of their own, so any valid id can enrol. */
export function createNafathSimulator(options: {
  people: readonly NafathPerson[];
  now: () => number;
  store: SimulatorStore;
  /** Seals its private key in the store: whoever reads the database cannot sign as it. */
  sealingKey: Buffer;
}): NafathSimulator {
  const { store } = options;
  // One key for every process: made by the first, kept with the requests, sealed.
  const stored = () =>
    store.once('key', 'nafath-simulator', async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      return {
        sealedPrivateJwk: seal(options.sealingKey, JSON.stringify(await exportJWK(privateKey))),
        publicJwk: {
          ...(await exportJWK(publicKey)),
          alg: 'RS256',
          use: 'sig',
          kid: 'nafath-simulator',
        },
      };
    });
  let signingKey: Promise<Awaited<ReturnType<typeof importJWK>>> | null = null;
  const privateKey = () =>
    (signingKey ??= stored().then(({ sealedPrivateJwk }) =>
      importJWK(JSON.parse(unseal(options.sealingKey, sealedPrivateJwk)) as JWK, 'RS256'),
    ));
  /** A waiting request past its time is expired, whoever reads it. */
  const statusOf = (request: SimulatedRequest): NafathStatus =>
    request.status === 'WAITING' && options.now() - request.createdAt >= TTL_MS
      ? 'EXPIRED'
      : request.status;
  const personOf = (nationalId: string): NafathPerson =>
    options.people.find((person) => person.nationalId === nationalId) ??
    simulatedPerson(nationalId);

  const simulator: NafathSimulator = {
    async answer(transId, choice) {
      const request = await store.get<SimulatedRequest>(REQUEST, transId);
      if (!request || statusOf(request) !== 'WAITING') return false;
      const answered = await store.change<SimulatedRequest>(
        REQUEST,
        transId,
        { status: 'WAITING' },
        { status: choice === 'approve' ? 'COMPLETED' : 'REJECTED' },
      );
      return answered !== undefined;
    },
    pending: async (nationalId) =>
      (await store.list<SimulatedRequest>(REQUEST, { nationalId, status: 'WAITING' })).filter(
        (request) => statusOf(request) === 'WAITING',
      ),
    async register(root) {
      await privateKey();
      // Encapsulated: the form parser of the phone page stays here; the API remains JSON-only.
      await root.register((app, _options, done) => {
        app.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_request, body, done) => {
            done(null, Object.fromEntries(new URLSearchParams(String(body))));
          },
        );
        app.post(`${SIMULATOR_PREFIX}/api/v1/mfa/request`, async (request) => {
          const simulated = newRequest(request.body, options.now());
          await store.add(REQUEST, simulated.transId, simulated);
          return { transId: simulated.transId, random: simulated.random };
        });
        app.post(`${SIMULATOR_PREFIX}/api/v1/mfa/request/status`, async (request, reply) => {
          const body = request.body as {
            nationalId?: unknown;
            transId?: unknown;
            random?: unknown;
          };
          const found = await store.get<SimulatedRequest>(REQUEST, String(body.transId));
          if (!found || found.nationalId !== body.nationalId || found.random !== body.random)
            return reply.status(400).send({ message: 'unknown request' });
          const status = statusOf(found);
          if (status !== 'COMPLETED') return { status };
          const person = personOf(found.nationalId);
          const response = await signedAnswer(found.transId, person, await privateKey());
          return { status, response };
        });
        app.get(`${SIMULATOR_PREFIX}/api/v1/mfa/jwk`, async () => ({
          keys: [(await stored()).publicJwk],
        }));
        app.get(`${SIMULATOR_PREFIX}/style.css`, (_request, reply) =>
          reply.type('text/css; charset=utf-8').send(simulatorStylesheet(NAFATH_ACCENT)),
        );
        app.get(`${SIMULATOR_PREFIX}/phone`, async (request, reply) => {
          const nationalId = (request.query as { nationalId?: string }).nationalId ?? '';
          return reply
            .type('text/html; charset=utf-8')
            .send(phonePage(nationalId, nationalId ? await simulator.pending(nationalId) : []));
        });
        app.post(`${SIMULATOR_PREFIX}/phone/answer`, async (request, reply) => {
          // The phone page posts an HTML form.
          const form = request.body as { transId?: string; choice?: string; nationalId?: string };
          const found = await store.get<SimulatedRequest>(REQUEST, String(form.transId));
          if (found)
            await simulator.answer(
              found.transId,
              form.choice === found.random ? 'approve' : 'reject',
            );
          return reply.redirect(
            `${SIMULATOR_PREFIX}/phone?nationalId=${encodeURIComponent(form.nationalId ?? '')}`,
            303,
          );
        });
        done();
      });
    },
  };
  return simulator;
}

/** The services a request is for, as the phone says them. */
const SERVICE_WORDS: Record<string, string> = {
  Login: 'تسجيل الدخول / Sign-in',
  Enrollment: 'إنشاء حساب / Enrolment',
  KycRenewal: 'تجديد التحقق من الهوية / Identity renewal',
  DigitalCertificate: 'شهادة رقمية / Digital certificate',
  DigitalSignature: 'توقيع مستندات / Signing documents',
};

/** The identity app's green. */
const NAFATH_ACCENT = '#1b7f5b';

function phonePage(nationalId: string, pending: readonly SimulatedRequest[]): string {
  const items = pending
    .map(
      (request) => `
      <li class="request">
        <p><strong>${escape(SERVICE_WORDS[request.service] ?? request.service)}</strong></p>
        <p class="muted">اختر الرقم الظاهر في منصة توقيع / Pick the number shown in Tawqi</p>
        <form method="post" action="${SIMULATOR_PREFIX}/phone/answer">
          <input type="hidden" name="transId" value="${escape(request.transId)}">
          <input type="hidden" name="nationalId" value="${escape(nationalId)}">
          <div class="choices">
            ${request.choices.map((choice) => `<button type="submit" name="choice" value="${escape(choice)}">${escape(choice)}</button>`).join(' ')}
          </div>
          <p class="actions"><button class="secondary" type="submit" name="choice" value="reject">رفض / Reject</button></p>
        </form>
      </li>`,
    )
    .join('');
  return simulatorDocument({
    title: 'نفاذ (محاكي) / Nafath simulator',
    stylesheet: `${SIMULATOR_PREFIX}/style.css`,
    body: `<header class="bar">
    <h1>نفاذ — محاكي الهاتف / Nafath phone simulator</h1>
    <p>وضع العرض التجريبي / Demo mode</p>
  </header>
  <div class="content">
    <form method="get" action="${SIMULATOR_PREFIX}/phone" class="stack">
      <label>رقم الهوية الوطنية / National ID <input name="nationalId" value="${escape(nationalId)}" inputmode="numeric" dir="ltr"></label>
      <button type="submit">عرض الطلبات / Show requests</button>
    </form>
    ${nationalId ? (pending.length ? `<ul>${items}</ul>` : '<p class="stamp">لا توجد طلبات بانتظارك / No pending requests</p>') : ''}
  </div>`,
  });
}
