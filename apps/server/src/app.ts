import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import multipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import {
  jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { createClient, type RedisClientType } from 'redis';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { AppContext } from './context.js';
import { migrate, openPglite, openPostgres, type Database } from './infra/db/client.js';
import { JobQueue } from './infra/jobs/jobs.js';
import { Mailer } from './infra/mail/mailer.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './infra/rate-limit.js';
import { Realtime } from './infra/realtime/realtime.js';
import { localStorage } from './infra/storage/storage.js';
import { AppError } from './lib/errors.js';
import { SessionStore, SESSION_COOKIE } from './modules/auth/sessions.js';
import { MODULES } from './modules/index.js';
import { PaymentService } from './modules/payments/payments.service.js';
import { MSG } from '@jara/shared';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: pino.Logger;
}

export type App = FastifyInstance & { ctx: AppContext };

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl) : openPglite(config.dataDir);
}

/** Builds the whole application; never listens (main.ts does, tests use inject or listen(0)). */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const log =
    opts.logger ??
    pino({
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
    });
  const database = opts.database ?? (await openDatabase(config));
  await migrate(database);

  const app = Fastify({
    loggerInstance: log,
    genReqId: (req) => (typeof req.headers['x-request-id'] === 'string' && /^[\w-]{1,64}$/.test(req.headers['x-request-id']) ? req.headers['x-request-id'] : randomUUID()),
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let redis: RedisClientType | null = null;
  let limiter: RateLimiter = memoryRateLimiter();
  if (config.redisUrl) {
    redis = createClient({ url: config.redisUrl }) as RedisClientType;
    await redis.connect();
    limiter = redisRateLimiter(redis, config.redisPrefix);
  }

  const jobs = new JobQueue(database.db, log);
  const sessions = new SessionStore(database.db, config.session);
  const realtime = new Realtime(app.server, sessions, log);
  if (config.redisUrl) await realtime.useRedis(config.redisUrl);
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    log,
    jobs,
    mailer: new Mailer(database.db, jobs, log, { smtpUrl: config.mail.smtpUrl, from: config.mail.from }),
    payments: new PaymentService({ db: database.db, jobs, log, config }),
    limiter,
    sessions,
    storage: localStorage(config.uploadDir),
    realtime,
  };
  (app as unknown as App).ctx = ctx;

  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
        styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
        imgSrc: ["'self'", 'data:', 'blob:'],
        mediaSrc: ["'self'", 'blob:'],
        connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    hsts: config.isProduction,
  });
  await app.register(compress, { threshold: 1024 });
  await app.register(etag);
  await app.register(multipart, { limits: { fileSize: 50 * 1024 * 1024, files: 4, fields: 20, fieldSize: 20_000 } });
  if (!config.isProduction) {
    await app.register(swagger, {
      openapi: { info: { title: 'Jara API', version: '1.0.0' } },
      transform: jsonSchemaTransform,
    });
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
  }

  // Who is asking: resolved once per request from the session cookie.
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (req) => {
    const token = req.cookies[SESSION_COOKIE];
    if (token && req.url.startsWith('/api/')) {
      req.sessionToken = token;
      req.user = await sessions.resolve(token);
    }
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });

  // State-changing requests from a browser must come from our own origin (CSRF defence in depth).
  const allowedOrigin = new URL(config.publicUrl).origin;
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (req.url.startsWith('/api/payment/webhook') || req.url.startsWith('/api/payment/paystack/webhook')) return;
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const host = req.headers.host;
    const sameHost = origin && host && (origin === `http://${host}` || origin === `https://${host}`);
    if ((origin && origin !== allowedOrigin && !sameHost) || site === 'cross-site') {
      throw new AppError(403, 'bad_origin', 'Cross-site requests are not allowed.');
    }
  });

  app.setErrorHandler((err: FastifyError & { validation?: { message?: string }[] }, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, err.message);
      return reply.status(err.status).send({ success: false, message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (err.validation) {
      const first = err.validation[0]?.message ?? 'Invalid request.';
      return reply.status(400).send({ success: false, message: first, code: 'validation_failed', details: err.validation.map((v) => v.message) });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const known: Record<string, string> = {
        FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
        FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
        FST_ERR_CTP_INVALID_MEDIA_TYPE: 'Unsupported content type.',
        FST_REQ_FILE_TOO_LARGE: 'The file is too large.',
        FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty.',
      };
      return reply.status(status).send({ success: false, message: known[err.code] ?? 'Invalid request.', code: err.code?.toLowerCase() ?? 'bad_request' });
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ success: false, message: MSG.somethingWrong, code: 'internal_error' });
  });

  app.get('/api/health', { schema: { hide: true } }, async () => {
    await database.db.execute(sql`select 1`).catch(() => {
      throw new AppError(503, 'unavailable', 'Database unavailable');
    });
    return { success: true, status: 'ok' };
  });

  for (const mod of MODULES) await app.register(async (scope) => mod(scope, ctx));

  // The built web app, with the SPA fallback for client-side routes.
  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDist,
      prefix: '/',
      // Files are looked up per request, so a rebuilt web app is served without a restart.
      wildcard: true,
      index: 'index.html',
      setHeaders: (res, filePath) => {
        res.header('cache-control', filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const pathname = req.url.split('?')[0]!;
    const isPage = !/^\/(api|media|assets|socket\.io)\//.test(pathname) && !/\.[a-z0-9]{1,5}$/i.test(pathname);
    if (hasWeb && req.method === 'GET' && isPage) {
      reply.header('cache-control', 'no-cache');
      return reply.sendFile('index.html');
    }
    return reply.status(404).send({ success: false, message: 'Not found.', code: 'not_found' });
  });

  app.addHook('onClose', async () => {
    await jobs.stop();
    await realtime.close();
    ctx.mailer.close();
    if (redis) await redis.quit().catch(() => undefined);
    if (!opts.database) await database.close();
  });

  await app.ready();
  return app as unknown as App;
}
