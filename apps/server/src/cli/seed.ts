/** npm run db:seed — loads the demo data into an empty database (places are always upserted). */
import pino from 'pino';
import { localStorage } from '../infra/storage/storage.js';
import { seedDemo } from '../seed/seed.js';
import { fail, openForCli } from './open.js';

async function run() {
  const { database, config } = await openForCli();
  try {
    await seedDemo({ db: database.db, storage: localStorage(config.uploadDir), log: pino({ level: 'info' }) });
    process.stdout.write('Demo data is loaded.\n');
  } finally {
    await database.close();
  }
}
run().catch(fail);
