/**
 * A process whose embedded database thread stops under it while a statement waits: it must say
 * so and exit non-zero rather than hang or vanish (pglite-thread.test.ts).
 */
import { PgliteThread } from '../../src/infra/db/client.js';

const thread = new PgliteThread(null);
await thread.ready;
const waiting = thread.call({ op: 'query', sql: 'select pg_sleep(5)' });
waiting.catch(() => undefined);
await thread.worker.terminate();
// Not reached: the thread's death ends the process first.
process.stdout.write('still running\n');
setTimeout(() => process.exit(0), 5_000);
