/**
 * The embedded database's own thread (decision 0035): PGlite, its WebAssembly and every statement
 * run here, never on the thread that answers requests. `openPglite` (client.ts) starts it and
 * speaks to it with messages; this file is plain JavaScript so that it loads as it is wherever the
 * server runs (tsx, vitest, plain node), with no TypeScript loader in the thread.
 *
 * Messages in: { id, op, … } with op one of query, exec, begin, end, listen, unlisten, dump,
 * close. Messages out: { id, ok: true, value } or { id, ok: false, error }, and
 * { notify: channel, payload } for each NOTIFY, posted before the answer to the statement whose
 * commit sent it (one port keeps the order), so the caller has heard it when it resumes.
 *
 * PGlite has one session. A transaction is held open here from `begin` to `end` inside PGlite's
 * own `transaction()`: its statements (tx set) go straight to that session, while every other
 * statement and the next `begin` wait in PGlite's queue until it ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';

if (!parentPort) throw new Error('pglite-thread.worker.js runs as a worker thread');
const port = parentPort;

/**
 * Dates, times and intervals (and arrays of them) are kept as the text PostgreSQL sends, as
 * Drizzle's PGlite driver asks with every statement; its parsers are functions, which cannot
 * cross to this thread, so they are installed here once.
 */
const AS_TEXT = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];

/** The error as plain data: its message and the fields PostgreSQL sent (code, detail, constraint …). */
function plainError(err) {
  if (!(err instanceof Error)) return { message: String(err) };
  const out = { name: err.name, message: err.message };
  for (const [key, value] of Object.entries(err)) {
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') out[key] = value;
  }
  return out;
}

/** @type {PGlite} */
let client;
/** Open transactions: their PGlite handle and how to end them. */
const transactions = new Map();
let nextTx = 1;
/** Per channel, the callback given to PGlite (one LISTEN per channel; the other side fans out). */
const listening = new Map();

async function open() {
  const { dataDir } = workerData;
  client = new PGlite({ ...(dataDir ? { dataDir } : {}), extensions: { pg_trgm } });
  await client.waitReady;
  const asIs = (value) => value;
  for (const oid of AS_TEXT) client.parsers[oid] = asIs;
}

/** Where a statement goes: the open transaction it names, or the database (waiting its turn). */
function target(tx) {
  if (tx === undefined) return client;
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  return open.handle;
}

/** Starts a transaction once PGlite's session is free; answers when BEGIN has run. */
function begin() {
  return new Promise((resolve, reject) => {
    const id = nextTx++;
    let begun = false;
    const done = client
      .transaction(
        (handle) =>
          new Promise((commit, rollback) => {
            begun = true;
            transactions.set(id, { handle, commit, rollback, done });
            resolve(id);
          }),
      )
      .finally(() => transactions.delete(id));
    // BEGIN itself failed: the caller hears it; otherwise `end` reports how the transaction ended.
    done.catch((err) => {
      if (!begun) reject(err);
    });
  });
}

/** The rejection that asks PGlite to roll back (the caller's own error stays on its side). */
const ROLLBACK = Symbol('rollback');

async function end(tx, commit) {
  const open = transactions.get(tx);
  if (!open) throw new Error(`transaction ${tx} is not open`);
  if (commit) open.commit();
  else open.rollback(ROLLBACK);
  try {
    await open.done;
  } catch (err) {
    if (err !== ROLLBACK) throw err;
  }
  return null;
}

async function handle(msg) {
  switch (msg.op) {
    case 'query':
      return target(msg.tx).query(msg.sql, msg.params, msg.rowMode ? { rowMode: msg.rowMode } : undefined);
    case 'exec':
      return target(msg.tx).exec(msg.sql);
    case 'begin':
      return begin();
    case 'end':
      return end(msg.tx, msg.commit);
    case 'listen': {
      if (listening.has(msg.channel)) return null;
      const forward = (payload) => port.postMessage({ notify: msg.channel, payload });
      listening.set(msg.channel, forward);
      try {
        await client.listen(msg.channel, forward);
      } catch (err) {
        listening.delete(msg.channel);
        throw err;
      }
      return null;
    }
    case 'unlisten': {
      const forward = listening.get(msg.channel);
      if (!forward) return null;
      listening.delete(msg.channel);
      await client.unlisten(msg.channel, forward);
      return null;
    }
    case 'dump': {
      // A checkpoint first, so a restore has little write-ahead log to replay.
      await client.exec('CHECKPOINT');
      const blob = await client.dumpDataDir('gzip');
      return blob.arrayBuffer();
    }
    case 'close':
      await client.close();
      return null;
    default:
      throw new Error(`unknown operation ${msg.op}`);
  }
}

/** Answers a message; nothing here may throw, or the thread would stop with the database in it. */
function answer(msg, ok, value) {
  try {
    if (ok) {
      // A dump's bytes move to the other thread rather than being copied.
      port.postMessage({ id: msg.id, ok, value }, value instanceof ArrayBuffer ? [value] : []);
    } else {
      port.postMessage({ id: msg.id, ok, error: plainError(value) });
    }
  } catch (err) {
    // A value that cannot be copied between threads: the caller gets the reason instead.
    port.postMessage({ id: msg.id, ok: false, error: plainError(err) });
  }
}

port.on('message', (msg) => {
  handle(msg).then(
    (value) => {
      answer(msg, true, value);
      if (msg.op === 'close') port.close();
    },
    (err) => answer(msg, false, err),
  );
});

try {
  await open();
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ ready: false, error: plainError(err) });
}
