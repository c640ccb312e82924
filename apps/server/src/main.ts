import { buildApp } from './app.js';
import { ConfigError, loadConfig, loadEnvFile } from './config.js';
import { fixedClock } from './context.js';
import { armCheckpoint } from './infra/faults/checkpoints.js';
import { DataDirLockedError } from './infra/db/client.js';
import { startMetricsServer } from './infra/ops/ops.js';
import { serveBackups } from './infra/db/backup.js';
import { DEMO_ACCOUNTS } from './seed/seed.js';
import { DemoPasswordsError, startUp } from './startup.js';

async function main() {
  loadEnvFile();
  const config = loadConfig();
  // Test-only crash points (the fault suite); the configuration refuses them in production.
  if (config.faultCheckpoint) armCheckpoint(config.faultCheckpoint);
  // Test-only fixed clock for opening and delivery hours (the journeys); refused in production.
  const app = await buildApp(config, config.testClock ? { clock: fixedClock(config.testClock) } : {});
  try {
    await startUp(app.ctx);
  } catch (err) {
    await app.close();
    throw err;
  }
  if (config.jobsEnabled) app.ctx.jobs.start();
  await app.listen({ host: config.host, port: config.port });
  const metricsServer = await startMetricsServer(config, app.ctx.metrics, app.ctx.log);
  // The embedded database can only be copied by the process that holds it: npm run db:backup asks here.
  const backupServer =
    app.ctx.database.kind === 'pglite' ? await serveBackups(app.ctx.database, config.dataDir, app.ctx.log) : null;
  if (!config.metrics.enabled)
    app.log.info('metrics off: in production set METRICS_TOKEN or METRICS_PORT to expose /metrics');

  const lines = [
    '',
    `  Jara is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Payments: ${config.payments.provider}${config.payments.provider === 'sandbox' ? ' (no real money)' : ''}`,
    ...(config.seedDemo
      ? [
          '',
          '  Demo accounts:',
          ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`),
        ]
      : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    metricsServer?.close();
    backupServer?.close();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError || err instanceof DemoPasswordsError) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(
      `\nJara could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
    );
  }
  process.exit(1);
});
