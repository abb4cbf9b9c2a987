/**
 * The server assembled: adapters (the Nafath simulator on loopback unless configured otherwise,
 * the outbox notifier), sessions, access, every module's handlers, and the HTTP app.
 */
import type { FastifyInstance } from 'fastify';
import { createNafathClient, type IdentityProvider } from './adapters/nafath/client.js';
import {
  SIMULATOR_PREFIX,
  createNafathSimulator,
  type NafathSimulator,
} from './adapters/nafath/simulator.js';
import { createOutboxNotifier, readOutbox } from './adapters/notifier/outbox.js';
import { createGatewayClient, type PaymentGateway } from './adapters/payments/gateway.js';
import {
  GATEWAY_PREFIX,
  createGatewaySimulator,
  type GatewaySimulator,
} from './adapters/payments/simulator.js';
import type { Config } from './config.js';
import { DEMO_PEOPLE } from './db/seed.js';
import type { Pool } from './db/pool.js';
import { sessionLimits, type Deps } from './deps.js';
import { buildApp } from './http/app.js';
import type { Handlers } from './http/contractRoutes.js';
import { createAccess } from './modules/access/access.js';
import { authHandlers } from './modules/auth/handlers.js';
import { individualHandlers } from './modules/individual/handlers.js';
import {
  paymentHandlers,
  registerPaymentCallback,
  type PaymentDeps,
} from './modules/payments/handlers.js';
import { referenceHandlers } from './modules/reference/handlers.js';
import { loadSigner } from './modules/sessions/tokens.js';
import { translationHandlers } from './modules/translations/handlers.js';

export interface ServerParts {
  app: FastifyInstance;
  deps: Deps;
  handlers: Handlers;
  simulator: NafathSimulator;
  gatewaySimulator: GatewaySimulator;
}

/** The simulated gateway's shared secret (a real gateway's would come from configuration). */
const SIMULATOR_GATEWAY_SECRET = 'tawqi-gateway-simulator';

export async function createServer(options: {
  config: Config;
  pool: Pool;
  clock?: () => Date;
  /** Where the server will be reached, for the simulator's client (it calls back over loopback). */
  selfOrigin?: () => string;
  portalDir?: string;
  /** The translation files served under /locales (the portal's). */
  localesDir?: string;
  identity?: IdentityProvider;
  gateway?: PaymentGateway;
}): Promise<ServerParts> {
  const clock = options.clock ?? (() => new Date());
  const simulator = createNafathSimulator({
    people: DEMO_PEOPLE.map((person) => ({
      nationalId: person.nationalId,
      fullNameEnglish: person.en,
      fullNameArabic: person.ar,
      nationality: 'Saudi Arabia',
    })),
    now: () => clock().getTime(),
  });
  const selfOrigin = options.selfOrigin ?? (() => options.config.publicOrigin);
  // The simulator is reached through the same client as the real service, over HTTP.
  const identity =
    options.identity ??
    lazyIdentity(() =>
      createNafathClient({
        baseUrl: `${selfOrigin()}${SIMULATOR_PREFIX}`,
        appId: 'tawqi-simulator',
        appKey: 'simulator',
      }),
    );
  const deps: Deps = {
    pool: options.pool,
    config: options.config,
    clock,
    signer: await loadSigner(options.pool),
    identity,
    notifier: createOutboxNotifier(options.pool),
  };
  const gatewaySimulator = createGatewaySimulator({ secret: SIMULATOR_GATEWAY_SECRET });
  const paymentDeps: PaymentDeps = {
    ...deps,
    selfOrigin,
    gateway:
      options.gateway ??
      lazyGateway(() =>
        createGatewayClient({
          baseUrl: `${selfOrigin()}${GATEWAY_PREFIX}`,
          secret: SIMULATOR_GATEWAY_SECRET,
        }),
      ),
  };
  const handlers: Handlers = {
    ...authHandlers(deps),
    ...referenceHandlers(deps),
    ...individualHandlers(deps),
    ...paymentHandlers(paymentDeps),
    ...(options.localesDir ? translationHandlers(options.localesDir) : {}),
  };
  const app = await buildApp({
    config: options.config,
    pool: options.pool,
    access: createAccess({
      pool: options.pool,
      signer: deps.signer,
      clock,
      limits: sessionLimits(options.config),
    }),
    handlers,
    rateLimitPerMinute: options.config.RATE_LIMIT_PER_MINUTE,
    ...(options.portalDir ? { portalDir: options.portalDir } : {}),
    plugins: [
      (instance) => simulator.register(instance),
      (instance) => gatewaySimulator.register(instance),
      (instance) => registerPaymentCallback(instance, paymentDeps),
      (instance) => {
        // The development outbox: the one-time codes the default notifier "sent". It shows codes,
        // so only to callers on this machine, and only while DEV_PAGES is on.
        if (!options.config.DEV_PAGES) return;
        instance.get('/dev/outbox', async (request, reply) => {
          if (!isLoopback(request.ip)) return reply.status(404).send();
          return { messages: await readOutbox(options.pool) };
        });
      },
    ],
  });
  return { app, deps, handlers, simulator, gatewaySimulator };
}

/** The identity client is made on first use, once the server's own address is known. */
function lazyIdentity(make: () => IdentityProvider): IdentityProvider {
  let client: IdentityProvider | null = null;
  const get = () => (client ??= make());
  return {
    createRequest: (input) => get().createRequest(input),
    status: (input) => get().status(input),
  };
}

function lazyGateway(make: () => PaymentGateway): PaymentGateway {
  let client: PaymentGateway | null = null;
  const get = () => (client ??= make());
  return {
    createPayment: (input) => get().createPayment(input),
    status: (gatewayRef) => get().status(gatewayRef),
    verifyCallback: (rawBody, signature) => get().verifyCallback(rawBody, signature),
  };
}

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}
