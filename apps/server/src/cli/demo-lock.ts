/**
 * npm run demo:lock — disables password login for the demo accounts that still have their
 * published passwords and ends their sessions, so a database that once held the demo can go live.
 */
import { lockDemoAccounts } from '../startup.js';
import { fail, openForCli } from './open.js';

async function run() {
  const { database } = await openForCli();
  try {
    const locked = await lockDemoAccounts(database.db);
    process.stdout.write(
      locked.length
        ? `Password login disabled for ${locked.join(', ')}.\n`
        : 'No demo account has its demo password.\n',
    );
  } finally {
    await database.close();
  }
}
run().catch(fail);
