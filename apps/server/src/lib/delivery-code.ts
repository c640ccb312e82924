import { timingSafeEqual } from 'node:crypto';
import { MAX_CODE_ATTEMPTS } from '@jara/shared';
import { AppError, badRequest } from './errors.js';

/** Compares a delivery code with the stored one in constant time; no stored code matches nothing. */
function sameCode(given: string, stored: string | null): boolean {
  if (!stored || given.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(stored));
}

/** 423: the delivery took too many wrong codes; support settles it with the rider and the customer. */
export function deliveryLocked() {
  return new AppError(
    423,
    'job_locked',
    'This job is locked after too many wrong codes. Support has been told and will contact you.',
  );
}

/** A delivery a code is tried on, as read inside the transaction with its row locked (FOR UPDATE). */
export interface CodeLockedDelivery {
  /** The customer's code (null before payment). */
  code: string | null;
  lockedAt: Date | null;
  /** Whether the delivery is at the stage where it can be delivered (picked up). */
  ready: boolean;
}

/** What one try of a delivery code came to. */
export type CodeTry =
  { kind: 'delivered' } | { kind: 'wrong'; left: number } | { kind: 'locked' } | { kind: 'not_ready' };

/** The steps of a try that touch the delivery's own tables, run in the caller's transaction. */
export interface CodeTrySteps {
  /** Marks the delivery delivered (status, timeline, live update). */
  deliver(): Promise<void>;
  /** Counts one wrong code; the count that reaches `max` also locks the delivery. */
  countWrong(max: number): Promise<{ attempts: number; locked: boolean }>;
  /** Tells support about the delivery just locked (mail and alert, queued in the transaction). */
  alertSupport(): Promise<void>;
}

/**
 * One try of the customer's code on a delivery, the same for every kind (order, dispatch): a locked
 * one refuses even the right code; one not yet picked up is refused without counting; the right
 * code delivers; a wrong one is counted (the caller commits it even though the call fails), and
 * the MAX_CODE_ATTEMPTS-th wrong one locks the delivery and tells support, once.
 */
export async function tryDeliveryCode(
  delivery: CodeLockedDelivery,
  given: string,
  steps: CodeTrySteps,
): Promise<CodeTry> {
  if (delivery.lockedAt) return { kind: 'locked' };
  if (!delivery.ready) return { kind: 'not_ready' };
  if (sameCode(given, delivery.code)) {
    await steps.deliver();
    return { kind: 'delivered' };
  }
  const counted = await steps.countWrong(MAX_CODE_ATTEMPTS);
  if (counted.locked) {
    await steps.alertSupport();
    return { kind: 'locked' };
  }
  return { kind: 'wrong', left: MAX_CODE_ATTEMPTS - counted.attempts };
}

/** The error a wrong or locked try answers with: 400 `wrong_code` with the tries left, or 423. */
export function refusedCode(t: Extract<CodeTry, { kind: 'wrong' | 'locked' }>): AppError {
  if (t.kind === 'locked') return deliveryLocked();
  return badRequest(`Wrong delivery code. ${t.left} ${t.left === 1 ? 'try' : 'tries'} left.`, 'wrong_code');
}
