import type { Executor } from '../../infra/db/client.js';
import { newsletterSubscribers } from './newsletter.tables.js';

/** Adds the address; one already there is left as it is. */
export async function insertSubscriber(ex: Executor, email: string): Promise<void> {
  await ex.insert(newsletterSubscribers).values({ email }).onConflictDoNothing();
}
