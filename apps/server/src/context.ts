import type { Server } from 'node:http';
import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './infra/db/client.js';
import type { EarlyAnswers } from './infra/early-answers.js';
import { JobQueue } from './infra/jobs/jobs.js';
import { Mailer } from './infra/mail/mailer.js';
import { Metrics } from './infra/metrics/metrics.js';
import type { LatestValues } from './infra/latest-values.js';
import type { RateLimiter } from './infra/rate-limit.js';
import { Realtime } from './infra/realtime/realtime.js';
import type { RedisLink } from './infra/redis.js';
import { createStorage } from './infra/storage/create.js';
import type { Storage } from './infra/storage/storage.js';
import { SessionStore, type FindSessions } from './infra/sessions.js';
import { createSms, type SmsSender } from './infra/sms/sms.js';

/** The time rules that depend on the hour (opening and delivery hours) ask; tests set it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };
/** A clock that always says `at` (JARA_TEST_CLOCK, tests). */
export const fixedClock = (at: Date): Clock => ({ now: () => new Date(at) });

/**
 * The infrastructure, built once (assembly/infrastructure.ts) and handed to every module. The
 * services a module owns (payments, the catalogue store) are not here: modules/index.ts builds them
 * and gives each module the ones it names.
 */
export interface AppContext {
  clock: Clock;
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  /** Text messages (phone verification codes): SMS_DRIVER's driver (infra/sms). */
  sms: SmsSender;
  limiter: RateLimiter;
  /** Short-lived last values by key (a rider's position): memory, or Redis when configured. */
  latest: LatestValues;
  sessions: SessionStore;
  storage: Storage;
  realtime: Realtime;
  metrics: Metrics;
  /** Revalidations answered before Fastify (decision 0027): the catalogue registers its answers. */
  early: EarlyAnswers;
}

/**
 * Builds the AppContext on an open, migrated database, wiring the services to each other:
 * ended sessions drop their sockets, failed jobs and mail are counted.
 */
export async function createContext(parts: {
  config: Config;
  log: Logger;
  database: Database;
  clock: Clock;
  limiter: RateLimiter;
  latest: LatestValues;
  redisLink: RedisLink | null;
  /** The HTTP server Socket.IO attaches to and the metrics read. */
  http: Server;
  early: EarlyAnswers;
  /** How a session and its user are found by the token's hash (the auth module's). */
  findSessions: FindSessions;
}): Promise<AppContext> {
  const { config, log, database, clock, limiter, latest, redisLink, http, early } = parts;
  const jobs = new JobQueue(database.db, log, config.jobs.pollMs, config.jobs.leaseMs);
  // Media: local disk, PostgreSQL or S3 by configuration (infra/storage/README.md).
  const storage = createStorage(config, database);
  const sessions = new SessionStore(database.db, { ...config.session, batches: database.batches }, parts.findSessions);
  const realtime = new Realtime(http, sessions, log, config.publicUrl);
  if (redisLink) await realtime.useRedis(redisLink);
  sessions.onEnded((idHashes) => realtime.disconnectSessions(idHashes));
  // Metrics: collected at scrape time; failures counted where they happen.
  const metrics = new Metrics({ database, http, io: realtime.io });
  jobs.onFailure = (kind, final) => metrics.jobFailed(kind, final);
  const ctx: AppContext = {
    clock,
    config,
    database,
    db: database.db,
    log,
    jobs,
    mailer: new Mailer(database.db, jobs, log, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, storage }),
    sms: createSms(config, database.db),
    limiter,
    latest,
    sessions,
    storage,
    realtime,
    metrics,
    early,
  };
  early.onAnswer = () => metrics.answeredEarly();
  early.onError = (err) => log.error({ err }, 'early answer failed: the route answers');
  ctx.mailer.onFailure = () => metrics.deliveryFailed('mail');
  return ctx;
}
