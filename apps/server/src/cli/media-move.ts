/**
 * npm run media:move -- --from local --to postgres [--prefix products/] [--include-cache]
 *
 * Copies the media files (uploads and generated images) from one storage driver to another,
 * using this deployment's settings for both (UPLOAD_DIR, the database, S3_*). Run it before
 * switching STORAGE_DRIVER; it can be run again (files already copied are skipped).
 */
import { parseArgs } from 'node:util';
import { createStorage } from '../infra/storage/create.js';
import { moveMedia } from '../infra/storage/move.js';
import { STORAGE_DRIVERS, type StorageDriver } from '../infra/storage/storage.js';
import { fail, openForCli } from './open.js';

const USAGE = `Usage: npm run media:move -- --from ${STORAGE_DRIVERS.join('|')} --to ${STORAGE_DRIVERS.join('|')} [--prefix FOLDER/] [--include-cache]`;

async function run() {
  const { values } = parseArgs({
    options: {
      from: { type: 'string' },
      to: { type: 'string' },
      prefix: { type: 'string' },
      'include-cache': { type: 'boolean', default: false },
    },
  });
  const isDriver = (v: string | undefined): v is StorageDriver =>
    !!v && (STORAGE_DRIVERS as readonly string[]).includes(v);
  if (!isDriver(values.from) || !isDriver(values.to)) throw new Error(USAGE);
  if (values.from === values.to) throw new Error(`--from and --to are both ${values.from}: nothing to move.\n${USAGE}`);
  const { database, config } = await openForCli();
  const from = createStorage(config, database, values.from);
  const to = createStorage(config, database, values.to);
  try {
    let n = 0;
    const r = await moveMedia(from, to, {
      prefix: values.prefix,
      includeCache: values['include-cache'],
      onFile: () => {
        if (++n % 100 === 0) process.stdout.write(`  ${n} files…\n`);
      },
    });
    process.stdout.write(
      `Copied ${r.copied} files from ${values.from} to ${values.to}; ${r.skipped} were there already.\n`,
    );
    if (values.to !== config.storage.driver)
      process.stdout.write(`Set STORAGE_DRIVER=${values.to} and restart to serve them from there.\n`);
  } finally {
    await from.close?.();
    await to.close?.();
    await database.close();
  }
}
run().catch(fail);
