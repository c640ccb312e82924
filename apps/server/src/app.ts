import { existsSync } from 'node:fs';
import path from 'node:path';
import Fastify, { LogController, type FastifyError, type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
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
import type { RedisClientType } from 'redis';
import pino from 'pino';
import { randomUUID } from 'node:crypto';
import type { Config } from './config.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import { migrate, openPglite, openPostgres, type Database } from './infra/db/client.js';
import { JobQueue } from './infra/jobs/jobs.js';
import { Mailer } from './infra/mail/mailer.js';
import { memoryRateLimiter, redisRateLimiter, type RateLimiter } from './infra/rate-limit.js';
import { Realtime } from './infra/realtime/realtime.js';
import { checkAccess, routeAccess, type RouteEntry } from './lib/access.js';
import { createStorage } from './infra/storage/create.js';
import { Metrics } from './infra/metrics/metrics.js';
import { RedisLink } from './infra/redis.js';
import { registerOps } from './infra/ops/ops.js';
import { PageRenderer } from './infra/web/ssr.js';
import { AppError, DATABASE_UNAVAILABLE, errorBody, isDatabaseUnreachable } from './lib/errors.js';
import { sameSiteCheck } from './lib/origin.js';
import { SessionStore, SESSION_COOKIE } from './infra/sessions.js';
import { MODULES } from './modules/index.js';
import { CatalogueStore } from './modules/catalog/snapshot.js';
import { PaymentService } from './modules/payments/payments.service.js';
import { MSG, TEXT_NOT_ALLOWED, type ErrorCode } from '@jara/shared';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: pino.Logger;
  /** What time it is (tests fix it); the system clock otherwise. */
  clock?: Clock;
}

export type App = FastifyInstance & {
  ctx: AppContext;
  /** Every route the modules registered, with its access rule (walked by the authorisation tests). */
  routeTable: readonly RouteEntry[];
};

export async function openDatabase(config: Config): Promise<Database> {
  return config.databaseUrl ? openPostgres(config.databaseUrl, 10, config.dbTimeouts) : openPglite(config.dataDir);
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
    // One log line per request (onResponse below) instead of Fastify's two; errors are logged
    // by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Redis, when used, is shared state the instance can do without for a while (decision 0018).
  const redisLink = config.redisUrl ? new RedisLink(config.redisUrl, log) : null;
  let redis: RedisClientType | null = null;
  let limiter: RateLimiter = memoryRateLimiter();
  if (redisLink) {
    redis = await redisLink.client('rate limits');
    limiter = redisRateLimiter(redis, config.redisPrefix);
  }

  const jobs = new JobQueue(database.db, log, config.jobs.pollMs, config.jobs.leaseMs);
  // Media: local disk, PostgreSQL or S3 by configuration (infra/storage/README.md).
  const storage = createStorage(config, database);
  const sessions = new SessionStore(database.db, config.session);
  const realtime = new Realtime(app.server, sessions, log, config.publicUrl);
  if (redisLink) await realtime.useRedis(redisLink);
  sessions.onEnded((idHashes) => realtime.disconnectSessions(idHashes));
  // Metrics: collected at scrape time; failures counted where they happen.
  const metrics = new Metrics({ database, http: app.server, io: realtime.io });
  jobs.onFailure = (kind, final) => metrics.jobFailed(kind, final);
  const ctx: AppContext = {
    clock: opts.clock ?? systemClock,
    config,
    database,
    db: database.db,
    log,
    jobs,
    mailer: new Mailer(database.db, jobs, log, { smtpUrl: config.mail.smtpUrl, from: config.mail.from, storage }),
    payments: new PaymentService({ db: database.db, jobs, log, config }),
    limiter,
    sessions,
    storage,
    realtime,
    metrics,
    catalogue: new CatalogueStore(database, log),
  };
  // "Open now" in the catalogue is judged by the same clock as checkout's delivery hours.
  ctx.catalogue.now = () => ctx.clock.now();
  (app as unknown as App).ctx = ctx;

  ctx.mailer.onFailure = () => metrics.deliveryFailed('mail');

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

  // Who is asking: resolved once per request from the session cookie, for the modules' routes
  // that need a user (static files, public reads and the page fallback do not).
  // Then the matched route's rule is checked: after routing, so however the path was spelled,
  // what is checked is the route that will run.
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', async (req) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined) return;
    const token = req.cookies[SESSION_COOKIE];
    if (token) {
      req.sessionToken = token;
      if (access !== 'public') req.user = await sessions.resolve(token);
    }
    checkAccess(access, req.user);
  });

  app.addHook('onSend', async (req, reply) => {
    reply.header('x-request-id', req.id);
    // A state-changing request may have changed what the catalogue shows: the revision is read
    // before its answer leaves, so this instance's next answer is exact (decision 0011).
    if (req.method !== 'GET' && req.method !== 'HEAD' && req.method !== 'OPTIONS' && !(reply.statusCode >= 400 && reply.statusCode < 500)) {
      await ctx.catalogue.afterWrite();
    }
  });

  // State-changing requests from a browser must come from our own origin (CSRF defence in depth).
  const isSameSite = sameSiteCheck(config.publicUrl);
  app.addHook('onRequest', async (req) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return;
    if (req.routeOptions.config?.crossSite) return;
    if (!isSameSite(req.headers)) throw new AppError(403, 'bad_origin', 'Cross-site requests are not allowed.');
  });

  app.setErrorHandler((err: FastifyError & { validation?: { message?: string }[] }, req, reply) => {
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, err.message);
      return reply.status(err.status).send({ success: false, message: err.message, code: err.code, ...(err.details ? { details: err.details } : {}) });
    }
    if (err.validation) {
      const first = err.validation[0]?.message ?? 'Invalid request.';
      return reply.status(400).send(errorBody('validation_failed', first, { details: err.validation.map((v) => v.message) }));
    }
    if (isRefusedText(err)) {
      return reply.status(400).send(errorBody('validation_failed', TEXT_NOT_ALLOWED));
    }
    if (isDatabaseUnreachable(err)) {
      req.log.warn({ err: err.message }, 'database unreachable: answered 503');
      return reply.status(503).header('retry-after', '30').send(errorBody('database_unavailable', DATABASE_UNAVAILABLE));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own codes are internal names: answered under public codes of our own.
      const known: Record<string, [code: ErrorCode, message: string]> = {
        FST_ERR_CTP_INVALID_JSON_BODY: ['invalid_json', 'The request body is not valid JSON.'],
        FST_ERR_CTP_BODY_TOO_LARGE: ['too_large', 'The request is too large.'],
        FST_ERR_CTP_INVALID_MEDIA_TYPE: ['unsupported_media_type', 'Unsupported content type.'],
        FST_REQ_FILE_TOO_LARGE: ['too_large', 'The file is too large.'],
        FST_ERR_CTP_EMPTY_JSON_BODY: ['empty_body', 'The request body is empty.'],
      };
      const [code, message] = known[err.code] ?? ['bad_request', 'Invalid request.'];
      return reply.status(status).send(errorBody(code, message));
    }
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send(errorBody('internal_error', MSG.somethingWrong));
  });

  // ── Operator's view (infra/ops, infra/metrics): /api/health, /api/ready, /metrics and the
  // HTTP latency histogram, added before the modules so every route is measured.
  app.addHook('onResponse', metrics.onResponse);
  if (log.isLevelEnabled('info')) {
    app.addHook('onResponse', (req, reply, done) => {
      req.log.info({ method: req.method, url: req.url, statusCode: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 }, 'request completed');
      done();
    });
  }
  await app.register(async (scope) => registerOps(scope, { config, database, redis, metrics }));

  // Every module route must say who may call it: a route without a rule fails the start.
  const routeTable: RouteEntry[] = [];
  for (const mod of MODULES) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (options) => {
        routeTable.push({ method: String(options.method), url: options.url, options });
      });
      await mod(scope, ctx);
    });
  }
  (app as unknown as App).routeTable = routeTable;
  app.addHook('onReady', async () => {
    const undeclared = routeTable.filter((r) => !routeAccess(r)).map((r) => `${r.method} ${r.url}`);
    if (undeclared.length) throw new Error(`Routes without an access rule: ${undeclared.join(', ')}`);
  });

  // The built web app: customer pages rendered on the server (infra/web/ssr.ts, decision 0015)
  // when the build has its server entry, else the SPA shell for client-side routes.
  const hasWeb = existsSync(path.join(config.webDist, 'index.html'));
  const pages = hasWeb ? PageRenderer.create(config.webDist, config.publicUrl, app) : null;
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
  const servePage = async (req: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-cache');
    if (pages) {
      const page = await pages.render(req.url, req.log);
      if (page.kind === 'redirect') return reply.redirect(page.location, page.status);
      if (page.kind === 'page') {
        // Nothing personal is rendered (no cookie is read), so one answer fits every visitor.
        return reply.status(page.status).type('text/html; charset=utf-8').send(page.html);
      }
    }
    return reply.sendFile('index.html');
  };
  // `/` is a page like any other (the static plugin would answer it with the bare shell).
  if (pages) app.get('/', servePage);
  app.setNotFoundHandler(async (req, reply) => {
    // Judged on the decoded path, so `/api%2fadmin/…` is an unknown API path, not a page.
    const pathname = decodedPath(req.url);
    const isPage = pathname !== null && !/^\/+(api|media|assets|socket\.io|metrics)(\/|$)/i.test(pathname) && !/\.[a-z0-9]{1,5}$/i.test(pathname);
    if (hasWeb && (req.method === 'GET' || req.method === 'HEAD') && isPage) return servePage(req, reply);
    return reply.status(404).send(errorBody('not_found', 'Not found.'));
  });

  await ctx.catalogue.start({ pollMs: config.catalogueCheckMs, redis: redisLink && redis ? { link: redisLink, client: redis } : null, prefix: config.redisPrefix });

  app.addHook('onClose', async () => {
    await ctx.catalogue.stop();
    await jobs.stop();
    await realtime.close();
    ctx.mailer.close();
    await ctx.storage.close?.();
    await redisLink?.close();
    if (!opts.database) await database.close();
  });

  await app.ready();
  return app as unknown as App;
}

/** The path of a request URL with percent-escapes decoded; null when they do not decode. */
function decodedPath(url: string): string | null {
  try {
    return decodeURIComponent(url.split('?')[0]!);
  } catch {
    return null;
  }
}

/**
 * PostgreSQL refuses a NUL character in text and a \\u0000 escape in jsonb. The shared schemas
 * refuse them first; this is the net under any field they do not cover.
 */
function isRefusedText(err: unknown): boolean {
  for (let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 4; e = e.cause as typeof e, depth++) {
    if (e.code === '22021' || e.code === '22P05') return true;
  }
  return false;
}
