/** npm run db:seed — loads the reference data (as every start does) and the demo data into a database without products. */
import pino from 'pino';
import { STARTUP_LOCK } from '../infra/db/client.js';
import { createStorage } from '../infra/storage/create.js';
import { loadReferenceData } from '../seed/reference.js';
import { seedDemo } from '../seed/seed.js';
import { fail, openForCli } from './open.js';

async function run() {
  const { database, config } = await openForCli();
  try {
    // The same lock as a starting server's seed, so the two never load the catalogue twice.
    const ctx = { db: database.db, storage: createStorage(config, database), log: pino({ level: 'info' }) };
    await database.withLock(STARTUP_LOCK, async () => {
      await loadReferenceData(ctx);
      await seedDemo(ctx);
    });
    process.stdout.write('Demo data is loaded.\n');
  } finally {
    await database.close();
  }
}
run().catch(fail);
