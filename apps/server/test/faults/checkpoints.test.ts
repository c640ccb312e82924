/**
 * Killed with SIGKILL at each checkpoint on the money path, restarted on the same data: the
 * invariants hold once reconciliation and the job worker have run. Then FAULT_RUNS randomised
 * runs (random checkpoint, webhook replays, webhook vs verify order), each printing the seed
 * that replays it: FAULT_SEED=<seed> npm run test:faults -w apps/server -- checkpoints
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { CHECKPOINTS } from '../../src/infra/faults/checkpoints.js';
import { cast, runScenario, type Cast, type RunRecord } from './scenario.js';
import { World } from './world.js';

const RUNS = Number(process.env.FAULT_RUNS ?? 12);
const SEED = process.env.FAULT_SEED ? Number(process.env.FAULT_SEED) : null;

let world: World;
let c: Cast;

beforeAll(async () => {
  world = await World.create();
  c = await cast(world);
});
afterEach(async () => {
  await world?.stop();
});
afterAll(async () => {
  await world?.close();
});

function report(r: RunRecord): string {
  return `seed ${r.seed} · ${r.checkpoint} · ${r.steps.join(' → ')}${r.violations.length ? `\n  VIOLATIONS:\n  - ${r.violations.join('\n  - ')}` : ' · ok'}`;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('SIGKILL at each checkpoint, restart on the same data', () => {
  for (const [i, checkpoint] of CHECKPOINTS.entries()) {
    it.skipIf(SEED !== null)(
      `${checkpoint}: killed there; after restart and reconciliation every invariant holds`,
      async () => {
        const r = await runScenario(world, c, 1000 + i, checkpoint);
        process.stdout.write(`${report(r)}\n`);
        expect(r.killed, report(r)).toBe(true);
        expect(r.violations, report(r)).toEqual([]);
      },
    );
  }

  it(
    `randomised runs (${SEED !== null ? `seed ${SEED}` : `${RUNS} runs`}): 0 invariant violations`,
    async () => {
      const base = SEED ?? Date.now() % 1_000_000_000;
      const seeds = SEED !== null ? [SEED] : Array.from({ length: RUNS }, (_, i) => base + i);
      const failed: RunRecord[] = [];
      for (const seed of seeds) {
        const r = await runScenario(world, c, seed);
        process.stdout.write(`[fault run] FAULT_SEED=${seed} ${report(r)}\n`);
        if (
          r.violations.length ||
          (!r.killed && r.checkpoint !== 'order-recorded' && r.checkpoint !== 'provider-initialised')
        )
          failed.push(r);
      }
      process.stdout.write(`[fault runs] ${seeds.length} runs, ${failed.length} with violations\n`);
      expect(failed.map(report)).toEqual([]);
    },
    Math.max(180_000, RUNS * 60_000),
  );
});
