/**
 * npm run db:backup [-- --out DIR] — a consistent copy of the embedded database (and the local
 * uploads), taken while Jara runs: the running server writes the archive itself (see
 * infra/db/backup.ts); when Jara is stopped, the database is opened here. With DATABASE_URL,
 * PostgreSQL's own pg_dump is the tool (docs/operations.md).
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig, loadEnvFile } from '../config.js';
import { openPglite } from '../infra/db/client.js';
import { copyUploads, DATABASE_ARCHIVE, requestBackup, writeDatabaseArchive } from '../infra/db/backup.js';
import { fail } from './open.js';

async function run() {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  loadEnvFile();
  const config = loadConfig();
  if (config.databaseUrl) {
    throw new Error(
      'DATABASE_URL is set: back up PostgreSQL with its own tools, e.g.\n' +
        '  pg_dump --format=custom --file=jara-$(date +%F).dump "$DATABASE_URL"\n' +
        '(docs/operations.md has the restore and the media).',
    );
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-').slice(0, 19);
  const out = path.resolve(process.env.INIT_CWD ?? process.cwd(), values.out ?? path.join('backups', `jara-${stamp}`));
  const archive = path.join(out, DATABASE_ARCHIVE);

  let bytes: number;
  let how: string;
  const running = await requestBackup(config.dataDir, archive);
  if (running) {
    ({ bytes } = running);
    how = 'written by the running server';
  } else {
    const database = await openPglite(config.dataDir);
    try {
      bytes = await writeDatabaseArchive(database, archive);
    } finally {
      await database.close();
    }
    how = 'Jara was not running';
  }
  const uploads = config.storage.driver === 'local' && (await copyUploads(config.uploadDir, path.join(out, 'uploads')));
  process.stdout.write(
    `Backup in ${out}\n  ${DATABASE_ARCHIVE}: ${(bytes / 1e6).toFixed(1)} MB (${how})\n` +
      (uploads
        ? '  uploads/: the uploaded files\n'
        : config.storage.driver === 'local'
          ? ''
          : `  (media are in ${config.storage.driver}: back them up there)\n`) +
      `Restore with: npm run db:restore -- --from ${out}\n`,
  );
}
run().catch(fail);
