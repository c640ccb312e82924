/**
 * Test-only kill checkpoints on the money path (the fault suite, `npm run test:faults`).
 *
 * `JARA_FAULT_CHECKPOINT=<name>` (or `<name>:<n>` for the n-th time it is reached) makes the
 * process SIGKILL itself at that point, as a power cut or an OOM kill would. Only `main.ts` arms
 * it, from the validated configuration, which refuses the variable when NODE_ENV=production; an
 * unarmed checkpoint is one comparison.
 */
export const CHECKPOINTS = [
  /** Checkout: the order (or dispatch) and its payment attempt are committed; the provider not yet called. */
  'order-recorded',
  /** The provider initialised the transaction; its answer is not stored yet. */
  'provider-initialised',
  /** A signed webhook was recorded and queued, inside the transaction, before it commits. */
  'webhook-received',
  /** Fulfilment (awaiting → paid + the purpose's effects) is written, before the transaction commits. */
  'fulfilment-running',
  /** The provider accepted a refund; its id is not stored yet. */
  'refund-requested',
  /** The provider accepted a payout transfer; its transfer code is not stored yet. */
  'payout-sent',
  /** The provider's word that a payout's transfer succeeded is written (payout paid, ledger posted), before it commits. */
  'transfer-settled',
  /** The delivery code was accepted and the subject's money released in the ledger, before it commits. */
  'release',
  /** A customer's dispute is committed; its thread message and notices are not posted yet. */
  'dispute-opened',
  /** A group's order is written at its cut-off (paid shares in, unpaid dropped), before it commits (decision 0049). */
  'group-placed',
] as const;

export type Checkpoint = (typeof CHECKPOINTS)[number];

let armed: { name: Checkpoint; at: number } | null = null;
let hits = 0;

/** Parses `name` or `name:n`; null when the text names no checkpoint. */
export function parseCheckpoint(text: string): { name: Checkpoint; at: number } | null {
  const m = /^([a-z-]+)(?::(\d{1,4}))?$/.exec(text);
  if (!m || !(CHECKPOINTS as readonly string[]).includes(m[1]!)) return null;
  const at = m[2] ? Number(m[2]) : 1;
  return at >= 1 ? { name: m[1] as Checkpoint, at } : null;
}

/** Arms one checkpoint for this process (main.ts, from config; never in production). */
export function armCheckpoint(spec: { name: Checkpoint; at: number } | null): void {
  armed = spec;
  hits = 0;
}

/** The process dies here when this checkpoint is armed. */
export function checkpoint(name: Checkpoint): void {
  if (armed?.name !== name) return;
  if (++hits < armed.at) return;
  process.stderr.write(`fault checkpoint ${name}: SIGKILL\n`);
  process.kill(process.pid, 'SIGKILL');
}
