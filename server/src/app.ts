import os from 'node:os';
import path from 'node:path';
import Fastify, { LogController, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type Pusher from 'pusher';
import type { RuntimeConfig } from './contracts/config';
import type { Database, ExportDatabase } from './db/client';
import { DEFAULT_DATA_EXPORT_TIMEOUT_MS, DEFAULT_TRUST_PROXY } from './env';
import type { IdentityAdmin } from './identity/identity-admin';
import type { TokenVerifier } from './identity/verifier';
import { accountAccessRoutes } from './modules/account-access/account-access.routes';
import { bootstrapRoutes } from './modules/bootstrap/bootstrap.routes';
import { clientErrorsRoutes } from './modules/client-errors/client-errors.routes';
import { configRoutes } from './modules/config/config.routes';
import { dataExportsRoutes } from './modules/data-exports/data-exports.routes';
import { DATA_EXPORT_JOB, dataExportJob } from './modules/data-exports/data-exports.service';
import { USER_EXPORT_JOB, userExportJob } from './modules/user-exports/user-exports.service';
import { userExportsRoutes } from './modules/user-exports/user-exports.routes';
import { createJobRunner, type JobRunner } from './jobs/job-runner';
import { localStorage, type FileStorage } from './storage';
import { demoHistoryRoutes } from './modules/demo-history/demo-history.routes';
import { createDemoHistoryTracker, type DemoHistoryTracker } from './modules/demo-history/demo-history.service';
import { ingestRoutes } from './modules/ingest/ingest.routes';
import { RETENTION_JOB, retentionJob, startRetentionSchedule } from './modules/ingest/retention';
import { reportsRoutes } from './modules/reports/reports.routes';
import { pusherAuthRoutes } from './modules/realtime-auth/pusher-auth.routes';
import { sessionRoutes } from './modules/session/session.routes';
import { nfcRoutes } from './modules/nfc/nfc.routes';
import { gatewayProtocolRoutes } from './modules/stations/gateway-protocol.routes';
import { stationsRoutes } from './modules/stations/stations.routes';
import { usersRoutes, usersV2Routes } from './modules/users/users.routes';
import { wearablesRoutes } from './modules/wearables/wearables.routes';
import { rolesRoutes } from './modules/roles/roles.routes';
import { userImportRoutes } from './modules/user-import/user-import.routes';
import { emailSubscriptionsRoutes } from './modules/email-subscriptions/email-subscriptions.routes';
import { profilePhotosRoutes } from './modules/profile-photos/profile-photos.routes';
import { REPORT_EMAIL_JOB, reportEmailJob, startEmailSchedule } from './modules/email-subscriptions/email-schedule';
import type { Mailer } from './mail/mailer';
import { organizationsRoutes } from './modules/organizations/organizations.routes';
import { locationsRoutes } from './modules/locations/locations.routes';
import { editorRoutes } from './modules/editor/editor.routes';
import { professionsRoutes } from './modules/professions/professions.routes';
import { operationsRoutes } from './modules/operations/operations.routes';
import { pathsRoutes } from './modules/paths/paths.routes';
import { unresponsiveDevicesRoutes } from './modules/unresponsive-devices/unresponsive-devices.routes';
import { firmwareRoutes } from './modules/firmware/firmware.routes';
import { iotRoutes } from './modules/iot/iot.routes';
import { gatewaysRoutes } from './modules/gateways/gateways.routes';
import { auditsRoutes } from './modules/audits/audits.routes';
import { recordAuditEvent } from './modules/audit/audit.repo';
import { purposeCovering } from './modules/audit/privacy.service';
import { privacyRoutes } from './modules/audit/privacy.routes';
import { isSessionRevoked } from './modules/session/revoked-sessions.repo';
import { registerAudit } from './plugins/audit';
import { registerAuth } from './plugins/auth';
import { registerErrorHandler } from './plugins/errors';
import { registerIdempotency } from './plugins/idempotency';
import { registerRateLimits } from './plugins/rate-limits';
import { registerRouteRegistry } from './plugins/route-registry';
import { registerSecurityHeaders } from './plugins/security-headers';
import { registerServerLog } from './plugins/server-log';
import type { LogEnvironment } from './contracts/server-log';
import { createServerLogPublisher, type PublisherOptions } from './modules/server-log/publisher';
import { registerNotFound, registerStaticApp, shellScriptHashes } from './plugins/static-app';

declare module 'fastify' {
  interface FastifyInstance {
    /** The persistent jobs of this server (jobs/job-runner.ts). */
    jobs: JobRunner;
  }
}

export interface AppDeps {
  db: Database;
  /** The same database with a time limit on every statement: reports and reads that grow with a range or with people. */
  reportDb: Database;
  /** Where data exports run (DatabaseHandle.exports). */
  exports: ExportDatabase;
  verifier: TokenVerifier;
  /** The identity provider's admin API (invitations, passwords, email verification). */
  identity: IdentityAdmin;
  pusher: Pusher;
  runtimeConfig: RuntimeConfig;
  /** Secret of the gateways' ingest tokens. */
  ingestSecret: string;
  /** Directory of the built PWA, served when present. */
  staticDir?: string;
  /** Fastify's trustProxy: the peers whose X-Forwarded-* headers are believed (env TRUST_PROXY). */
  trustProxy?: boolean | string;
  logger?: FastifyServerOptions['logger'];
  /** Log every request (noisy; for debugging). */
  requestLogging?: boolean;
  /** Where the demo history this server writes stands (none when absent). */
  demoHistory?: DemoHistoryTracker;
  /** The live request log of the Server Logs page: its environment (dev when absent) and publishing limits. */
  serverLog?: { env: LogEnvironment } & Omit<PublisherOptions, 'pusher' | 'warn'>;
  /** Where files go (storage/): a scratch directory of this process when absent. */
  storage?: FileStorage;
  /** Data exports: how long a query may run and how many rows it writes (env DATA_EXPORT_*). */
  dataExports?: { timeoutMs: number; maxRows: number };
  /** Run the persistent jobs (exports) in this process (default true). */
  runJobs?: boolean;
  /** Queue each day's retention purge while running jobs (default: as runJobs). */
  retentionSchedule?: boolean;
  /** How the report emails go out (mail/mailer.ts); without it none is sent. */
  mailer?: Mailer;
}

/**
 * Builds the API server: framework plugins, app plugins, then routes (main API under /api, newer
 * API under /api/v2). Security headers come first, so that every answer carries them, errors too.
 */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    logController: new LogController({ disableRequestLogging: !deps.requestLogging }),
    trustProxy: deps.trustProxy ?? DEFAULT_TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerRouteRegistry(app);
  registerErrorHandler(app);
  const scriptHashes = deps.staticDir ? shellScriptHashes(deps.staticDir) : [];
  await registerSecurityHeaders(app, { runtimeConfig: deps.runtimeConfig, scriptHashes });
  await registerRateLimits(app, { ingestSecret: deps.ingestSecret });
  // What the plugins need of modules other than the entity modules is handed in here
  // (ARCHITECTURE.md 'Layers').
  registerAuth(app, { db: deps.db, verifier: deps.verifier, isSessionRevoked: (sessionId) => isSessionRevoked(deps.db, sessionId) });
  registerIdempotency(app, deps.db);
  registerAudit(app, {
    record: (event) => recordAuditEvent(deps.db, event),
    purposeFor: (caller, personUserId) => purposeCovering(deps.db, caller, personUserId),
  });
  const serverLog = createServerLogPublisher({
    ...deps.serverLog,
    pusher: deps.pusher,
    warn: (message, error) => app.log.warn({ err: error }, message),
  });
  registerServerLog(app, { publisher: serverLog, env: deps.serverLog?.env ?? 'dev' });

  const storage = deps.storage ?? localStorage(path.join(os.tmpdir(), `lavo-files-${process.pid}`));
  const exportLimits = deps.dataExports ?? { timeoutMs: DEFAULT_DATA_EXPORT_TIMEOUT_MS, maxRows: 100_000 };
  const closing = new AbortController();
  const jobs = createJobRunner({
    db: deps.db,
    log: app.log,
    handlers: {
      [DATA_EXPORT_JOB]: dataExportJob({ db: deps.db, exports: deps.exports, storage, limits: exportLimits, pusher: deps.pusher, log: app.log, signal: closing.signal }),
      [USER_EXPORT_JOB]: userExportJob({ db: deps.db, storage, identity: deps.identity }),
      [RETENTION_JOB]: retentionJob(deps.db),
      ...(deps.mailer ? { [REPORT_EMAIL_JOB]: reportEmailJob({ db: deps.db, reportDb: deps.reportDb, mailer: deps.mailer }) } : {}),
    },
  });
  // Queued jobs and those a stopped server left are picked up once the server is ready.
  if (deps.runJobs ?? true) app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => {
    // A job still running is handed back to the queue first; then an export's sandbox is ended.
    await jobs.stop();
    closing.abort();
  });
  // The report emails that fall due are recorded as jobs (docs/EMAILS.md).
  if ((deps.runJobs ?? true) && deps.mailer) {
    let stopSchedule = () => {};
    app.addHook('onReady', async () => {
      stopSchedule = startEmailSchedule(deps.db, jobs, app.log);
    });
    app.addHook('onClose', async () => stopSchedule());
  }
  // Each day's retention purge is recorded as a job (docs/PRIVACY.md 'Retention').
  if (deps.retentionSchedule ?? deps.runJobs ?? true) {
    let stopRetention = () => {};
    app.addHook('onReady', async () => {
      stopRetention = startRetentionSchedule(deps.db, jobs, app.log);
    });
    app.addHook('onClose', async () => stopRetention());
  }
  app.decorate('jobs', jobs);

  await app.register(configRoutes, { runtimeConfig: deps.runtimeConfig });
  await app.register(
    async (api) => {
      await api.register(bootstrapRoutes, { db: deps.db, identity: deps.identity });
      await api.register(sessionRoutes, { db: deps.db });
      await api.register(usersRoutes, { db: deps.db, reportDb: deps.reportDb, identity: deps.identity });
      await api.register(accountAccessRoutes, { db: deps.db, identity: deps.identity, verifier: deps.verifier });
      await api.register(pusherAuthRoutes, { db: deps.db, pusher: deps.pusher, onServerChannel: () => serverLog.subscriberExpected() });
      await api.register(ingestRoutes, { db: deps.db, secret: deps.ingestSecret });
      await api.register(reportsRoutes, { db: deps.reportDb });
      await api.register(dataExportsRoutes, { db: deps.db, exports: deps.exports, storage, jobs, limits: exportLimits });
      await api.register(nfcRoutes, { db: deps.db, reportDb: deps.reportDb });
      await api.register(wearablesRoutes, { db: deps.db, reportDb: deps.reportDb });
      await api.register(stationsRoutes, { db: deps.db });
      await api.register(gatewayProtocolRoutes, { db: deps.db, secret: deps.ingestSecret, pusher: deps.pusher });
      await api.register(demoHistoryRoutes, { tracker: deps.demoHistory ?? createDemoHistoryTracker() });
      await api.register(clientErrorsRoutes, { db: deps.db });
      await api.register(userExportsRoutes, { db: deps.db, storage, jobs });
      await api.register(rolesRoutes, { db: deps.db });
      await api.register(userImportRoutes, { db: deps.db, identity: deps.identity });
      await api.register(emailSubscriptionsRoutes, { db: deps.db });
      await api.register(profilePhotosRoutes, { db: deps.db, storage });
      await api.register(organizationsRoutes, { db: deps.db });
      await api.register(locationsRoutes, { db: deps.db, storage });
      await api.register(editorRoutes, { db: deps.db });
      await api.register(professionsRoutes, { db: deps.db });
      await api.register(pathsRoutes, { db: deps.db });
      await api.register(operationsRoutes, { db: deps.db, pusher: deps.pusher, secret: deps.ingestSecret });
      await api.register(unresponsiveDevicesRoutes, { reportDb: deps.reportDb });
      await api.register(auditsRoutes, { db: deps.db, reportDb: deps.reportDb });
      await api.register(privacyRoutes, { db: deps.db, reportDb: deps.reportDb });
      await api.register(firmwareRoutes, { db: deps.db, storage });
      await api.register(iotRoutes, { db: deps.db, secret: deps.ingestSecret });
      await api.register(gatewaysRoutes, { db: deps.db, secret: deps.ingestSecret, pusher: deps.pusher });
    },
    { prefix: '/api' },
  );
  await app.register(usersV2Routes, { prefix: '/api/v2' });
  registerNotFound(app, deps.staticDir ? await registerStaticApp(app, deps.staticDir) : null);
  return app;
}
