/**
 * The server assembled: the adapters the configuration names (in demo mode, the simulators on
 * loopback and the outbox; in production, the real services), keys, the audit log, sessions,
 * access, every module's handlers, and the HTTP app.
 */
import { appendAnchor, latestAnchor } from './modules/audit/anchor.js';
import { applicantResolver, enrolmentHandlers } from './modules/enrolment/applications.js';
import { invitationHandlers } from './modules/organization/invitations.js';
import type { FastifyInstance } from 'fastify';
import { createNafathClient, type IdentityProvider } from './adapters/nafath/client.js';
import {
  SIMULATOR_PREFIX,
  createNafathSimulator,
  type NafathSimulator,
} from './adapters/nafath/simulator.js';
import { createOutboxNotifier, readOutbox, type Notifier } from './adapters/notifier/outbox.js';
import { OUTBOX_STYLESHEET, outboxPage } from './adapters/notifier/outboxPage.js';
import { simulatorStylesheet } from './adapters/simulatorPage.js';
import { createRelayNotifier } from './adapters/notifier/relay.js';
import { createGatewayClient, type PaymentGateway } from './adapters/payments/gateway.js';
import {
  GATEWAY_PREFIX,
  createGatewaySimulator,
  type GatewaySimulator,
} from './adapters/payments/simulator.js';
import { DEMO_SECRETS, type Config } from './config.js';
import { demoIdentities } from './demo/seed.js';
import type { Pool } from './db/pool.js';
import { documentStoreOf, newDocumentKey, type DocumentStore } from './modules/documents/store.js';
import { sessionLimits } from './deps.js';
import { buildApp } from './http/app.js';
import type { Handlers } from './http/contractRoutes.js';
import { NOT_YET, assertEveryCallAccountedFor } from './http/notYet.js';
import { deriveKeys } from './keys.js';
import { openConfiguredVault } from './adapters/hsm/softHsm.js';
import {
  createClamdScanner,
  ScannerUnavailable,
  startClamd,
  type Scanner,
} from './adapters/scanner/clamd.js';
import { uploadInspector } from './modules/documents/scanning.js';
import { createMetrics, registerMetrics } from './http/metrics.js';
import { createAccess } from './modules/access/access.js';
import { createAuditLog } from './modules/audit/log.js';
import { anchorProblem } from './modules/audit/verify.js';
import { createExportWriter } from './modules/exports/stream.js';
import { gridExports } from './gridExports.js';
import { envelopeSigned, envelopeStillAsks } from './modules/envelopes/progress.js';
import { createPdfWork } from './modules/esign/pdfWork.js';
import { authHandlers } from './modules/auth/handlers.js';
import { individualHandlers } from './modules/individual/handlers.js';
import { organizationHandlers } from './modules/organization/handlers.js';
import { buyingHandlers } from './modules/organization/buying.js';
import { specialPlanHandlers } from './modules/organization/specialPlans.js';
import { purchaseOrderHandlers } from './modules/organization/purchaseOrders.js';
import { providerHandlers } from './modules/providers/handlers.js';
import { documentHandlers } from './modules/documents/documents.js';
import {
  paymentHandlers,
  reconcileOpenPayments,
  registerPaymentCallback,
  type PaymentDeps,
} from './modules/payments/handlers.js';
import { invoiceHandlers } from './modules/payments/invoices.js';
import { forgetEndedWindows } from './modules/throttle.js';
import { startRecurringJobs, type RecurringJob } from './db/jobs.js';
import { referenceHandlers } from './modules/reference/handlers.js';
import { loadSigner } from './modules/sessions/tokens.js';
import { translationHandlers } from './modules/translations/handlers.js';
import { accountHandlers } from './modules/account/handlers.js';
import { CRL_REFRESH_MS, loadAuthority } from './modules/pki/authority.js';
import { registerPki } from './modules/pki/routes.js';
import { buildOpenApiDocument } from '@tawqi/api';
import { createDemoApplication } from './demo/esignApp/demoApp.js';
import {
  SIMULATOR_RECORD_DAYS,
  forgetSimulatorRecords,
  simulatorStore,
  type SimulatorStore,
} from './adapters/simulatorStore.js';
import { envelopeHandlers } from './modules/envelopes/handlers.js';
import { esignHandlers } from './modules/esign/handlers.js';
import { registerEsignApi } from './modules/esign/routes.js';
import { sweep } from './modules/esign/webhooks.js';
import { certificateHandlers } from './modules/pki/certificates.js';
import { fulfilCertificate } from './modules/pki/requests.js';
import { fulfilPlan, planPurchaseHandlers } from './modules/individual/plans.js';
import { fulfilCounters } from './modules/counters/orders.js';
import { registrationFulfilment } from './modules/enrolment/filing.js';
import { organizationCertificateHandlers } from './modules/pki/organizationCertificates.js';

export interface ServerParts {
  app: FastifyInstance;
  deps: PaymentDeps;
  handlers: Handlers;
  /** The simulators, in demo mode when no real service is configured; null otherwise. */
  simulator: NafathSimulator | null;
  gatewaySimulator: GatewaySimulator | null;
}

/** The slow parts of a start, in order (main.ts adds the database's and `listening`). */
export type StartPhase = 'key token' | 'scanner' | 'signing keys' | 'jobs';

export interface ServerOptions {
  config: Config;
  pool: Pool;
  /** The background jobs' pool (default: `pool`), apart from the requests' connections. */
  jobsPool?: Pool;
  /** The exports' pool (default: `pool`): a long export holds none of the requests' connections. */
  exportsPool?: Pool;
  /**
   * The simulators' pool (default: `pool`). They stand for services of their own: a request that
   * holds one of `pool`'s connections while it calls one (the identity app is asked inside the
   * transaction that records the request) must not wait for another of them.
   */
  simulatorsPool?: Pool;
  /**
   * Offer the jobs of an hour or more (the daily CRL, the hourly throttle sweep) at start as well
   * as each period: the running server's (main.ts), not the tests' (their counts would race).
   */
  longJobsAtStart?: boolean;
  clock?: () => Date;
  /** Where the server will be reached, for the simulators' clients (they call over loopback). */
  selfOrigin?: () => string;
  portalDir?: string;
  /** The translation files served under /locales (the portal's). */
  localesDir?: string;
  /** Where the server's log goes (tests capture it). */
  logger?: Parameters<typeof buildApp>[0]['logger'];
  /** Told as each slow part of the start begins (main.ts prints it: a start's progress). */
  onPhase?: (phase: StartPhase) => void;
}

export async function createServer(options: ServerOptions): Promise<ServerParts> {
  const { config } = options;
  const clock = options.clock ?? (() => new Date());
  const selfOrigin = options.selfOrigin ?? (() => config.publicOrigin);
  const keys = deriveKeys(config.secrets);
  const onPhase = options.onPhase ?? (() => undefined);
  onPhase('key token');
  const vault = openConfiguredVault({ ...config.hsm, dataDir: config.DATA_DIR });
  onPhase('scanner');
  const scanner = await scannerOf(config);
  onPhase('signing keys');

  // What the simulators know is kept in the database: every process on it is the same service.
  const simulatorRecords = simulatorStore(options.simulatorsPool ?? options.pool);
  const services = externalServices({
    config,
    clock,
    keys,
    selfOrigin,
    store: simulatorRecords,
    pool: options.pool,
  });
  let app: FastifyInstance | null = null;
  const log = () => app?.log;
  const audit = anchoredAuditLog(config, keys, clock, log);
  // The chain's head against the anchor kept outside the database (a cut tail, an older head
  // restored): looked at on start, every AUDIT_ANCHOR_SECONDS and by each scrape of /metrics.
  const anchorHolds = async () => {
    const problem = await anchorProblem(options.pool, keys, latestAnchor(config.auditAnchorFile));
    if (problem) log()?.error({ auditAnchor: problem }, 'the audit log does not match its anchor');
    return problem === null;
  };
  const deps: PaymentDeps = {
    pool: options.pool,
    config,
    clock,
    keys,
    audit,
    exports: createExportWriter({ pool: options.exportsPool ?? options.pool, config, clock }),
    gridExports,
    // An envelope moves on with each of its signatures, in the signing's transaction.
    signing: { stillAsks: envelopeStillAsks, signed: envelopeSigned },
    signer: await loadSigner(options.pool, vault),
    identity: services.identity,
    notifier: services.notifier,
    documents: documentStoreOf(config),
    vault,
    authority: await loadAuthority({ pool: options.pool, config, vault, clock, audit }),
    pdfWork: createPdfWork(config),
    scanner,
    gateway: services.gateway,
    selfOrigin,
    paymentReturnPath,
    // What a paid order of each category gives, declared where each product lives.
    fulfilments: {
      plan: fulfilPlan,
      counter: fulfilCounters,
      role: fulfilCounters,
      special: fulfilCounters,
      certificate: fulfilCertificate,
      registration: registrationFulfilment({ audit, clock }),
    },
  };
  const handlers = productHandlers(deps, options.localesDir);
  app = await buildApp({
    config,
    pool: options.pool,
    access: createAccess({
      pool: options.pool,
      signer: deps.signer,
      clock,
      limits: sessionLimits(config),
    }),
    applicantOf: applicantResolver(options.pool),
    handlers,
    admissions: { verifySignedPdf: (request) => deps.pdfWork.admitReading(request.ip) },
    inspectUpload: uploadInspector(deps),
    clock,
    rateLimitPerMinute: config.RATE_LIMIT_PER_MINUTE,
    audit,
    readiness: () => readinessProblem(scanner, deps.documents, options.pool),
    ...(options.logger ? { logger: options.logger } : {}),
    ...(options.portalDir ? { portalDir: options.portalDir } : {}),
    plugins: serverPlugins({ deps, services, simulatorRecords, anchorHolds }),
  });
  const started = app;
  // The recurring work, each a job of the one queue (db/jobs.ts): done once a period by one of
  // the processes on this database, retried when it fails.
  const jobsPool = options.jobsPool ?? options.pool;
  await anchorHolds();
  onPhase('jobs');
  const jobs = await startRecurringJobs(
    jobsPool,
    recurringJobs({ ...deps, pool: jobsPool }, anchorHolds),
    (message, error) => {
      started.log.warn({ error: String(error) }, message);
    },
    { longJobsAtStart: options.longJobsAtStart ?? false },
  );
  app.addHook('onClose', async () => {
    await jobs.stop();
    await deps.pdfWork.close();
    await deps.exports.close();
    // Also when nothing moved: the latest anchor then says the log was whole until the stop.
    await audit.checkpoint(options.pool, { evenIfUnchanged: true }).catch(() => undefined);
    vault.close();
    await scanner?.close();
  });
  const { simulator, gatewaySimulator } = services;
  return { app, deps, handlers, simulator, gatewaySimulator };
}

/**
 * The identity app, the payment gateway and the notifier: the real services the configuration
 * names, or (demo mode only: loadConfig refuses production without the real ones) simulators
 * reached through the same clients, over HTTP on loopback.
 */
function externalServices(options: {
  config: Config;
  clock: () => Date;
  keys: ReturnType<typeof deriveKeys>;
  selfOrigin: () => string;
  store: SimulatorStore;
  /** The outbox's: demo mode's notifier writes there. */
  pool: Pool;
}) {
  const { config, clock, keys, selfOrigin, store } = options;
  const simulator =
    config.nafath.kind === 'simulator'
      ? createNafathSimulator({
          people: demoIdentities().map((person) => ({
            nationalId: person.nationalId,
            fullNameEnglish: person.en,
            fullNameArabic: person.ar,
            nationality: 'Saudi Arabia',
          })),
          now: () => clock().getTime(),
          store,
          sealingKey: keys.simulators,
        })
      : null;
  const nafath = config.nafath;
  const identity = lazyIdentity(() =>
    nafath.kind === 'real'
      ? createNafathClient(nafath.settings)
      : createNafathClient({
          baseUrl: `${selfOrigin()}${SIMULATOR_PREFIX}`,
          appId: 'tawqi-simulator',
          appKey: 'simulator',
        }),
  );
  const gatewaySettings =
    config.gateway.kind === 'real'
      ? config.gateway.settings
      : {
          baseUrl: '',
          apiKey: DEMO_SECRETS.gatewayApiKey,
          callbackSecret: DEMO_SECRETS.gatewayCallback,
        };
  const gatewaySimulator =
    config.gateway.kind === 'simulator'
      ? createGatewaySimulator({
          apiKey: gatewaySettings.apiKey,
          callbackSecret: gatewaySettings.callbackSecret,
          now: clock,
          store,
        })
      : null;
  const gateway = lazyGateway(() =>
    createGatewayClient({
      ...gatewaySettings,
      baseUrl: gatewaySimulator ? `${selfOrigin()}${GATEWAY_PREFIX}` : gatewaySettings.baseUrl,
    }),
  );
  const notifier: Notifier =
    config.notifier.kind === 'real'
      ? createRelayNotifier(config.notifier.settings)
      : createOutboxNotifier(options.pool);
  return { simulator, identity, gatewaySimulator, gateway, notifier };
}
type ExternalServices = ReturnType<typeof externalServices>;

/** The audit log, each signed checkpoint also copied outside the database: the log, the anchor file. */
function anchoredAuditLog(
  config: Config,
  keys: ReturnType<typeof deriveKeys>,
  clock: () => Date,
  log: () => FastifyInstance['log'] | undefined,
) {
  return createAuditLog({
    keys,
    clock,
    publish: (checkpoint) => {
      log()?.info({ auditCheckpoint: checkpoint }, 'audit checkpoint signed');
      try {
        appendAnchor(config.auditAnchorFile, checkpoint);
      } catch (error) {
        log()?.error({ error: String(error) }, 'audit checkpoint not anchored');
      }
    },
    report: (error) => {
      log()?.warn({ error: String(error) }, 'audit records left waiting to be chained');
    },
  });
}

/**
 * A person's payment returns to their area, an organization's to the organization area, a
 * provider's (bought by its staff) to the provider area; an application's fee, before anyone of it
 * can sign in, to the pre-enrolment payment status.
 */
const paymentReturnPath: PaymentDeps['paymentReturnPath'] = (buyer, payment) =>
  buyer === 'application'
    ? `/paymentstatus-prelogin?payment=${payment}`
    : `/app/${{ person: 'my', organization: 'org', provider: 'provider' }[buyer]}/paymentStatus?payment=${payment}`;

/** Every call of the contract, each answered by the area it belongs to. */
function productHandlers(deps: PaymentDeps, localesDir: string | undefined): Handlers {
  const handlers: Handlers = {
    ...authHandlers(deps),
    ...referenceHandlers(deps),
    ...individualHandlers(deps),
    ...accountHandlers(deps),
    ...paymentHandlers(deps),
    ...invoiceHandlers(deps),
    ...planPurchaseHandlers(deps),
    ...organizationHandlers(deps),
    ...buyingHandlers(deps),
    ...specialPlanHandlers(deps),
    ...purchaseOrderHandlers(deps),
    ...providerHandlers(deps),
    ...documentHandlers(deps),
    ...enrolmentHandlers(deps),
    ...invitationHandlers(deps),
    ...certificateHandlers(deps),
    ...organizationCertificateHandlers(deps),
    ...esignHandlers(deps),
    ...envelopeHandlers(deps),
    ...(localesDir ? translationHandlers(localesDir) : {}),
  };
  // Without a folder of translations (a test's server), that call is not served either.
  assertEveryCallAccountedFor(handlers, {
    ...NOT_YET,
    ...(localesDir ? {} : { translations: 'no translations folder given' }),
  });
  return handlers;
}

/** What the app serves beside the contract's calls, metrics first so that every answer counts. */
function serverPlugins(options: {
  deps: PaymentDeps;
  services: ExternalServices;
  simulatorRecords: SimulatorStore;
  anchorHolds: () => Promise<boolean>;
}): ((app: FastifyInstance) => Promise<void> | void)[] {
  const { deps, services } = options;
  const { config, pool } = deps;
  // The demo integrating application, beside the other simulators (demo mode only).
  const demoApplication = config.demo
    ? createDemoApplication({
        pool,
        keys: deps.keys,
        store: options.simulatorRecords,
        publicOrigin: config.publicOrigin,
        selfOrigin: deps.selfOrigin,
        now: deps.clock,
      })
    : null;
  return [
    (instance) => {
      registerMetrics(instance, createMetrics(pool, { anchorHolds: options.anchorHolds }), {
        token: config.METRICS_TOKEN ?? null,
        local: config.demo ? isLoopback : null,
      });
    },
    (instance) => services.simulator?.register(instance),
    (instance) => services.gatewaySimulator?.register(instance),
    (instance) => registerPaymentCallback(instance, deps),
    (instance) => registerPki(instance, deps),
    (instance) => registerEsignApi(instance, deps),
    (instance) => {
      // The API's description for integrators (the eSign integration API's included): made
      // when first asked for, not at every start.
      let openApi: ReturnType<typeof buildOpenApiDocument> | null = null;
      instance.get('/api/openapi.json', (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=3600')
          .send((openApi ??= buildOpenApiDocument({ serverUrl: config.publicOrigin }))),
      );
    },
    (instance) => demoApplication?.register(instance),
    (instance) => {
      if (config.devPages) registerOutbox(instance, pool);
    },
  ];
}

/**
 * The demo outbox: the one-time codes the demo notifier "sent". It shows codes, so only in demo
 * mode, only to callers on this machine.
 */
function registerOutbox(instance: FastifyInstance, pool: Pool): void {
  instance.get('/dev/outbox', async (request, reply) => {
    if (!isLoopback(request.ip)) return reply.status(404).send();
    const messages = await readOutbox(pool);
    // A browser gets the page; a program (the tests, a script) the JSON.
    if (request.headers.accept?.includes('text/html'))
      return reply.type('text/html; charset=utf-8').send(outboxPage(messages));
    return { messages };
  });
  instance.get(OUTBOX_STYLESHEET, (_request, reply) =>
    reply.type('text/css; charset=utf-8').send(simulatorStylesheet(OUTBOX_ACCENT)),
  );
}

/** The server's recurring work, each done once a period by one of the processes on the database. */
function recurringJobs(deps: PaymentDeps, anchorHolds: () => Promise<boolean>): RecurringJob[] {
  const { config, pool, audit } = deps;
  const hourAgo = () => new Date(Date.now() - 3_600_000);
  return [
    {
      // Signed checkpoints of the audit log (besides one every CHECKPOINT_EVERY records), also
      // when nothing happened: the latest anchor then says the log was whole until now.
      name: 'audit-checkpoint',
      everySeconds: config.AUDIT_CHECKPOINT_MINUTES * 60,
      run: () => audit.checkpoint(pool, { evenIfUnchanged: true }).then(() => undefined),
    },
    {
      // What was written in the last minute is anchored (besides every CHECKPOINT_EVERY
      // records), and the log is compared with its anchor.
      name: 'audit-anchor',
      everySeconds: config.AUDIT_ANCHOR_SECONDS,
      run: async () => {
        await audit.checkpoint(pool);
        await anchorHolds();
      },
    },
    {
      // A fresh CRL every day even without revocations (each revocation issues one at once),
      // from every generation of the issuing CA whose certificate still lives.
      name: 'crl-refresh',
      everySeconds: CRL_REFRESH_MS / 1000,
      run: async () => {
        for (const { generation, certificate } of deps.authority.generations())
          if (certificate.notAfter > deps.clock()) await deps.authority.currentCrl(generation);
      },
    },
    {
      // The eSign service's own work: waiting transactions moved on, due webhooks sent.
      name: 'esign-sweep',
      everySeconds: config.ESIGN_SWEEP_SECONDS,
      run: () => sweep(deps).then(() => undefined),
    },
    {
      // Payment attempts whose notification was lost are settled from the gateway's answer.
      name: 'payment-reconcile',
      everySeconds: config.PAYMENT_RECONCILE_MINUTES * 60,
      run: () => reconcileOpenPayments(deps).then(() => undefined),
    },
    {
      // Throttle windows that ended an hour ago are forgotten (one row per address or poll).
      name: 'throttle-forget',
      everySeconds: 3600,
      run: () => forgetEndedWindows(pool, hourAgo()).then(() => undefined),
    },
    {
      // What a process that died mid-upload left in the document store (an hour on: no
      // upload takes that long).
      name: 'documents-tidy',
      everySeconds: 3600,
      run: () => deps.documents.tidy(pool, hourAgo()).then(() => undefined),
    },
    {
      name: 'simulator-forget',
      everySeconds: 24 * 3600,
      run: () =>
        forgetSimulatorRecords(
          pool,
          new Date(Date.now() - SIMULATOR_RECORD_DAYS * 24 * 3_600_000),
        ).then(() => undefined),
    },
  ];
}

/**
 * Whether the services every upload needs answer: the scanner (an operator's clamd that stopped
 * leaves the server refusing uploads) and the document store (a bucket that refuses the server's
 * key). A document nobody has is asked for: the store answers "none" when it works.
 */
async function readinessProblem(
  scanner: Scanner | null,
  documents: DocumentStore,
  pool: Pool,
): Promise<string | null> {
  if (scanner && !(await scanner.ping().catch(() => false))) return 'scanner unavailable';
  try {
    await documents.get(pool, newDocumentKey());
  } catch {
    return 'document store unavailable';
  }
  return null;
}

/**
 * The scanner uploads pass through: the operator's clamd (which must answer now: production
 * does not start without its scanner), one of demo mode's own, or none when scanning is off.
 */
async function scannerOf(config: Config): Promise<Scanner | null> {
  const { scanner } = config;
  if (scanner.kind === 'off') return null;
  if (scanner.kind === 'embedded') return startClamd({ dir: scanner.dir });
  const clamd = createClamdScanner(scanner.address);
  if (!(await clamd.ping()))
    throw new ScannerUnavailable(`CLAMD_ADDRESS ${scanner.address}: clamd does not answer`);
  return clamd;
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
    cancel: (gatewayRef) => get().cancel(gatewayRef),
    refund: (gatewayRef) => get().refund(gatewayRef),
    verifyCallback: (rawBody, signature) => get().verifyCallback(rawBody, signature),
  };
}

/** The outbox page's colour: a neutral slate, not a service's. */
const OUTBOX_ACCENT = '#475569';

function isLoopback(address: string): boolean {
  return address === '::1' || address.startsWith('127.') || address === '::ffff:127.0.0.1';
}
