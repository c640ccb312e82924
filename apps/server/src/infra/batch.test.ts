/**
 * Group commit on its own (its users: checkout recording, session look-ups, storing the
 * provider's answers): who goes in which batch, and what each caller gets back.
 */
import { describe, expect, it } from 'vitest';
import { Batcher } from './batch.js';

/** A writer that records each batch it is given and answers when told to. */
function recordingWriter() {
  const batches: number[][] = [];
  const waiting: (() => void)[] = [];
  let held = false;
  const write = async (items: number[]): Promise<(number | Error)[]> => {
    batches.push(items);
    if (held) await new Promise<void>((r) => waiting.push(r));
    return items.map((i) => (i < 0 ? new Error(`refused ${i}`) : i * 10));
  };
  return {
    batches,
    write,
    hold: () => (held = true),
    release: () => {
      held = false;
      for (const r of waiting.splice(0)) r();
    },
  };
}

const tick = () => new Promise((r) => setImmediate(r));

describe('Batcher', () => {
  it('sends calls made together as one batch, and a lone call alone', async () => {
    const w = recordingWriter();
    const b = new Batcher(w.write);
    expect(await Promise.all([1, 2, 3].map((i) => b.run(i)))).toEqual([10, 20, 30]);
    expect(await b.run(4)).toBe(40);
    expect(w.batches).toEqual([[1, 2, 3], [4]]);
  });

  it('gathers the calls that arrive while a batch is written into the next one', async () => {
    const w = recordingWriter();
    const b = new Batcher(w.write);
    w.hold();
    const first = b.run(1);
    await tick();
    await tick();
    const rest = [2, 3, 4].map((i) => b.run(i));
    await tick();
    expect(w.batches).toEqual([[1]]);
    w.release();
    expect(await Promise.all([first, ...rest])).toEqual([10, 20, 30, 40]);
    expect(w.batches).toEqual([[1], [2, 3, 4]]);
  });

  it('writes the next batch alongside when concurrency allows, never an empty one', async () => {
    const w = recordingWriter();
    const b = new Batcher(w.write, { concurrency: 2 });
    w.hold();
    const first = b.run(1);
    await tick();
    await tick();
    const second = b.run(2);
    for (let i = 0; i < 5; i++) await tick();
    expect(w.batches).toEqual([[1], [2]]);
    w.release();
    expect(await Promise.all([first, second, b.run(3)])).toEqual([10, 20, 30]);
    expect(w.batches.every((batch) => batch.length > 0)).toBe(true);
  });

  it('fails only the item its writer refused', async () => {
    const w = recordingWriter();
    const b = new Batcher(w.write);
    const got = await Promise.allSettled([1, -2, 3].map((i) => b.run(i)));
    expect(got.map((g) => (g.status === 'fulfilled' ? g.value : (g.reason as Error).message))).toEqual([
      10,
      'refused -2',
      30,
    ]);
    expect(w.batches).toEqual([[1, -2, 3]]);
  });

  it('fails the whole batch when the writer throws, and goes on with the next', async () => {
    let calls = 0;
    const b = new Batcher(async (items: number[]) => {
      if (calls++ === 0) throw new Error('database gone');
      return items;
    });
    const got = await Promise.allSettled([1, 2].map((i) => b.run(i)));
    expect(got.map((g) => g.status)).toEqual(['rejected', 'rejected']);
    expect(await b.run(3)).toBe(3);
  });

  it('never writes more than maxBatch at once', async () => {
    const w = recordingWriter();
    const b = new Batcher(w.write, { maxBatch: 2 });
    await Promise.all([1, 2, 3, 4, 5].map((i) => b.run(i)));
    expect(w.batches.map((x) => x.length)).toEqual([2, 2, 1]);
  });
});
