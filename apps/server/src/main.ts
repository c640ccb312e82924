import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError } from './infra/db/client.js';
import { DEMO_ACCOUNTS, seedDemo } from './seed/seed.js';

async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  if (config.seedDemo) await seedDemo(app.ctx);
  if (config.jobsEnabled) app.ctx.jobs.start();
  await app.listen({ host: config.host, port: config.port });

  const lines = [
    '',
    `  Jara is running at ${config.publicUrl}`,
    `  Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${config.dataDir}`}`,
    `  Payments: ${config.payments.provider}${config.payments.provider === 'sandbox' ? ' (no real money)' : ''}`,
    ...(config.seedDemo ? ['', '  Demo accounts:', ...DEMO_ACCOUNTS.map((a) => `    ${a.role.padEnd(9)} ${a.email.padEnd(22)} ${a.password}`)] : []),
    '',
  ];
  process.stdout.write(lines.join('\n') + '\n');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
}

main().catch((err) => {
  if (err instanceof ConfigError || err instanceof DataDirLockedError) {
    process.stderr.write(`\n${err.message}\n\n`);
  } else {
    process.stderr.write(`\nJara could not start: ${err instanceof Error ? err.stack ?? err.message : String(err)}\n`);
  }
  process.exit(1);
});
