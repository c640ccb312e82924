import Fastify, { LogController, type FastifyBaseLogger } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import pino from 'pino';
import type { Config } from './config.js';
import { systemClock, type AppContext, type Clock } from './context.js';
import { EarlyAnswers, requestId } from './infra/early-answers.js';
import { migrate, openPglite, openPostgres, type Database } from './infra/db/client.js';
import type { RouteEntry } from './lib/access.js';
import { buildModules, type ModuleServices } from './modules/index.js';
import type { AppInstance } from './modules/types.js';
import { responseSerializer } from './lib/response-serializer.js';
import { api } from './assembly/api.js';
import { infrastructure } from './assembly/infrastructure.js';
import { operations } from './assembly/operations.js';
import { security } from './assembly/security.js';
import { services } from './assembly/services.js';
import { web } from './assembly/web.js';

export interface BuildOptions {
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  logger?: pino.Logger;
  /** What time it is (tests fix it); the system clock otherwise. */
  clock?: Clock;
}

export type App = AppInstance & {
  ctx: AppContext;
  /** The services the modules own (payments, the catalogue store), for tests and tools to reach. */
  services: ModuleServices;
  /** Every route the modules registered, with its access rule (walked by the authorisation tests). */
  routeTable: readonly RouteEntry[];
};

async function openDatabase(config: Config): Promise<Database> {
  // Transactions are watched for slow calls inside them in tests and development (OpenOptions).
  const opts = { watchTransactions: !config.isProduction };
  return config.databaseUrl
    ? openPostgres(config.databaseUrl, 10, config.dbTimeouts, opts)
    : openPglite(config.dataDir, opts);
}

/**
 * Builds the whole application; never listens (main.ts does, tests use inject or listen(0)).
 * The assembly stages (assembly/), each registered as a Fastify plugin, are added in this order, each using what the earlier ones set up.
 */
export async function buildApp(config: Config, opts: BuildOptions = {}): Promise<App> {
  const log = opts.logger ?? createLogger(config);
  const database = opts.database ?? (await openDatabase(config));
  await migrate(database);
  const early = new EarlyAnswers();
  const app = createServer(config, log, early);

  const infra = await infrastructure(app, {
    config,
    log,
    database,
    clock: opts.clock ?? systemClock,
    ownsDatabase: !opts.database,
    early,
  });
  const { ctx } = infra;
  // The modules' own services, built once on the infrastructure and handed to the modules that name them.
  const modules = buildModules(ctx);
  app.decorate('services', modules.services);
  await security(app, { config, sessions: ctx.sessions });
  await services(app, { config });
  await operations(app, { ctx, redis: infra.redis });
  const routeTable = await api(app, { ctx, modules });
  app.decorate('routeTable', routeTable);
  await web(app, { config });
  await infra.start(modules);

  await app.ready();
  // The same values again, so that the instance's type carries its decorations.
  return Object.assign(app, { ctx, services: modules.services, routeTable });
}

function createLogger(config: Config): pino.Logger {
  return pino({
    level: config.logLevel,
    redact: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'],
  });
}

function createServer(config: Config, log: pino.Logger, early: EarlyAnswers): AppInstance {
  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    genReqId: (req) => requestId(req.headers),
    // Matching revalidations of the catalogue are answered before Fastify (decision 0027).
    serverFactory: early.serverFactory,
    bodyLimit: 1024 * 1024,
    trustProxy: config.trustProxy,
    // One log line per request (assembly/operations.ts) instead of Fastify's two; errors are
    // logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are serialised through their route's response schema; outside production a field
  // the schema does not name fails the answer (lib/response-serializer.ts).
  app.setSerializerCompiler(responseSerializer(!config.isProduction));
  // Closing: Fastify answers everything (503 with `connection: close`), so connections drain.
  app.addHook('preClose', (done) => {
    early.closing = true;
    done();
  });
  return app;
}
