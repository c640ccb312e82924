/** The real nextTick, kept even where something replaces process.nextTick later. */
const nextTick = process.nextTick;

let optimised: Promise<void> | null = null;

/**
 * Runs process.nextTick until V8 has optimised it, once per process (decision 0032), for the
 * benchmark's bare Fastify route, the baseline of bench/server.ts. V8 can leave the feedback for
 * the object nextTick makes for every tick megamorphic when its first calls come few and far
 * between while garbage is collected; from then on each tick (an HTTP request queues several)
 * builds that object in V8's runtime, five times slower, for the life of the process. A bare
 * Fastify process did it once in a while, which moved the baseline and every ratio to it. The
 * server no longer needs it: the embedded database, whose pg_trgm WebAssembly brought it about
 * every time, runs in a thread of its own (decision 0035). 5,000 ticks first kept nextTick fast
 * in every trial and 1,000 never; 50,000 take a few milliseconds.
 */
export function optimiseNextTick(): Promise<void> {
  return (optimised ??= new Promise((resolve) => {
    const tick = (left: number) => (left > 0 ? nextTick(tick, left - 1) : resolve());
    tick(50_000);
  }));
}
