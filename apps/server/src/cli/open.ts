import { loadConfig, loadEnvFile } from '../config.js';
import { migrate, openPglite, openPostgres, type Database } from '../infra/db/client.js';

/** Opens the configured database for a command-line tool and applies pending migrations. */
export async function openForCli(): Promise<{ database: Database; config: ReturnType<typeof loadConfig> }> {
  loadEnvFile();
  const config = loadConfig();
  const database = config.databaseUrl ? await openPostgres(config.databaseUrl, 2) : await openPglite(config.dataDir);
  await migrate(database);
  return { database, config };
}

export function fail(err: unknown): never {
  process.stderr.write(`${err instanceof Error ? err.message : String(err)}\n`);
  process.exit(1);
}
