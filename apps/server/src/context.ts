import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './infra/db/client.js';
import type { JobQueue } from './infra/jobs/jobs.js';
import type { Mailer } from './infra/mail/mailer.js';
import type { Metrics } from './infra/metrics/metrics.js';
import type { RateLimiter } from './infra/rate-limit.js';
import type { Realtime } from './infra/realtime/realtime.js';
import type { Storage } from './infra/storage/storage.js';
import type { SessionStore } from './infra/sessions.js';
import type { CatalogueStore } from './modules/catalog/snapshot.js';
import type { PaymentService } from './modules/payments/payments.service.js';

/** The application's services, built once in buildApp and handed to every module. */
/** The time rules that depend on the hour (opening and delivery hours) ask; tests set it. */
export interface Clock {
  now(): Date;
}
export const systemClock: Clock = { now: () => new Date() };

export interface AppContext {
  clock: Clock;
  config: Config;
  database: Database;
  db: Db;
  log: Logger;
  jobs: JobQueue;
  mailer: Mailer;
  limiter: RateLimiter;
  sessions: SessionStore;
  storage: Storage;
  realtime: Realtime;
  payments: PaymentService;
  metrics: Metrics;
  /** The public catalogue and gazetteer in memory (decision 0011). */
  catalogue: CatalogueStore;
}
