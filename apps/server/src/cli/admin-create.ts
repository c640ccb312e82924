/** npm run admin:create -- EMAIL NAME — creates or promotes an admin and prints a one-time password. */
import { createOrPromoteAdmin } from '../modules/admin/admin-create.js';
import { fail, openForCli } from './open.js';

async function run() {
  const [email, ...nameParts] = process.argv.slice(2);
  if (!email) throw new Error('Usage: npm run admin:create -- EMAIL NAME');
  const { database } = await openForCli();
  try {
    const r = await createOrPromoteAdmin(database.db, email, nameParts.join(' ') || 'Admin');
    process.stdout.write(
      `${r.created ? 'Created' : 'Promoted'} admin ${r.email}.\n` +
        `One-time password: ${r.password}\n` +
        'Log in with it and change it at once (Profile → Change password). It is not stored anywhere else.\n',
    );
  } finally {
    await database.close();
  }
}
run().catch(fail);
