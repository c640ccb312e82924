/**
 * A process whose embedded database thread stops under it while a statement waits: it must say
 * so and exit non-zero rather than hang or vanish (pglite-thread.test.ts).
 */
import { Worker } from 'node:worker_threads';
import { openPglite } from '../../src/infra/db/client.js';

const database = await openPglite(null);
// The thread is the worker the statement is posted to; it is stopped once the statement is there.
let stopped: Promise<number> | undefined;
const post = Worker.prototype.postMessage;
Worker.prototype.postMessage = function (this: Worker, ...args: Parameters<Worker['postMessage']>) {
  post.apply(this, args);
  Worker.prototype.postMessage = post;
  stopped = this.terminate();
};
const waiting = database.exec('select pg_sleep(5)');
waiting.catch(() => undefined);
await stopped;
// Not reached: the thread's death ends the process first.
process.stdout.write('still running\n');
setTimeout(() => process.exit(0), 5_000);
