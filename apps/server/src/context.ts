import type { Logger } from 'pino';
import type { Config } from './config.js';
import type { Database, Db } from './infra/db/client.js';
import type { JobQueue } from './infra/jobs/jobs.js';
import type { Mailer } from './infra/mail/mailer.js';
import type { RateLimiter } from './infra/rate-limit.js';
import type { Realtime } from './infra/realtime/realtime.js';
import type { Storage } from './infra/storage/storage.js';
import type { SessionStore } from './modules/auth/sessions.js';
import type { PaymentService } from './modules/payments/payments.service.js';

/** The application's services, built once in buildApp and handed to every module. */
export interface AppContext {
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
}
