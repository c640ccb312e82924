/** npm run db:seed — loads the demo data into an empty database (places are always upserted). */
import pino from 'pino';
import { STARTUP_LOCK } from '../infra/db/client.js';
import { createStorage } from '../infra/storage/create.js';
import { seedDemo } from '../seed/seed.js';
import { fail, openForCli } from './open.js';

async function run() {
  const { database, config } = await openForCli();
  try {
    // The same lock as a starting server's seed, so the two never load the catalogue twice.
    await database.withLock(STARTUP_LOCK, () =>
      seedDemo({ db: database.db, storage: createStorage(config, database), log: pino({ level: 'info' }) }),
    );
    process.stdout.write('Demo data is loaded.\n');
  } finally {
    await database.close();
  }
}
run().catch(fail);
