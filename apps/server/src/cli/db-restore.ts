/**
 * npm run db:restore -- --from DIR — puts a db:backup back in DATA_DIR. Jara must be stopped
 * (the data folder's lock is taken); the current database is kept aside, not deleted.
 */
import { openAsBlob } from 'node:fs';
import { cp, stat } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadEnvFile } from '../config.js';
import { restorePglite } from '../infra/db/client.js';
import { DATABASE_ARCHIVE } from '../infra/db/backup.js';
import { fail } from './open.js';

async function run() {
  const { values } = parseArgs({ options: { from: { type: 'string' } } });
  if (!values.from)
    throw new Error('Usage: npm run db:restore -- --from BACKUP_DIR (a folder written by npm run db:backup)');
  loadEnvFile();
  const config = loadConfig();
  if (config.databaseUrl)
    throw new Error('DATABASE_URL is set: restore PostgreSQL with pg_restore (docs/operations.md).');
  const from = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.from);
  const archive = path.join(from, DATABASE_ARCHIVE);
  try {
    await stat(archive);
  } catch {
    throw new Error(`No ${DATABASE_ARCHIVE} in ${from}: give the folder npm run db:backup wrote.`);
  }
  const keptAside = await restorePglite(config.dataDir, await openAsBlob(archive));
  let uploads = false;
  try {
    if ((await stat(path.join(from, 'uploads'))).isDirectory()) {
      await cp(path.join(from, 'uploads'), config.uploadDir, { recursive: true });
      uploads = true;
    }
  } catch {
    /* a backup without uploads (media kept elsewhere) */
  }
  process.stdout.write(
    `Restored the database in ${config.dataDir}${uploads ? ' and the uploads' : ''} from ${from}.\n` +
      (keptAside ? `The database it replaced is kept in ${keptAside} (delete it once you are sure).\n` : ''),
  );
}
run().catch(fail);
