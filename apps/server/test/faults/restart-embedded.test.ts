/**
 * The embedded database after a crash: `npm start` (src/main.ts) SIGKILLed, then started again on
 * the same data folder, answers /api/health at once (the lock's holder is dead); a second live
 * process on that folder is still refused with the clear message.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startInstance, waitFor, type Instance } from '../instances.js';

const running: Instance[] = [];
afterAll(async () => {
  await Promise.all(running.map((i) => i.stop('SIGKILL')));
});

describe('SIGKILL, then npm start on the same data folder', () => {
  it('the restart answers /api/health without waiting for the lock to go stale; a second live process is refused', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'jara-crash-'));
    const env = { DATA_DIR: dataDir, SEED_DEMO: 'false' };
    const first = await startInstance(env);
    running.push(first);
    await waitFor(first, '/api/health');
    first.child.kill('SIGKILL');
    await first.exited();

    const second = await startInstance(env);
    running.push(second);
    const started = Date.now();
    await waitFor(second, '/api/health', 60_000);
    // Start-up itself (tsx, PGlite, migrations) takes seconds on a busy machine; the stale-lock
    // timeout it used to wait for was 15 s on top, and the output would name the lock.
    expect(second.output()).not.toMatch(/already in use/);
    process.stdout.write(`restart after SIGKILL answered /api/health in ${Date.now() - started} ms\n`);

    const third = await startInstance(env);
    running.push(third);
    expect(await third.exited()).toBe(1);
    expect(third.output()).toContain(
      `The embedded database in ${dataDir} is already in use by another Jara process (pid ${second.child.pid}).`,
    );
    expect((await fetch(`${second.url}/api/health`)).status).toBe(200);
  });
});
