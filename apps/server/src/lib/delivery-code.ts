import { timingSafeEqual } from 'node:crypto';
import { MAX_CODE_ATTEMPTS } from '@jara/shared';
import { AppError, badRequest } from './errors.js';

/** Compares a delivery code with the stored one in constant time; no stored code matches nothing. */
export function sameCode(given: string, stored: string | null): boolean {
  if (!stored || given.length !== stored.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(stored));
}

/** 423: the job took too many wrong codes; support settles it with the rider and the customer. */
export function jobLocked() {
  return new AppError(
    423,
    'job_locked',
    'This job is locked after too many wrong codes. Support has been told and will contact you.',
  );
}

/** A job a code is tried on, as read inside the transaction with its row locked (FOR UPDATE). */
export interface CodeLockedJob {
  /** The customer's code (null before payment). */
  code: string | null;
  lockedAt: Date | null;
  /** Whether the job is at the stage where it can be delivered (picked up). */
  ready: boolean;
}

/** What one try of a delivery code came to. */
export type CodeTry =
  { kind: 'delivered' } | { kind: 'wrong'; left: number } | { kind: 'locked' } | { kind: 'not_ready' };

/** The steps of a try that touch the job's own tables, run in the caller's transaction. */
export interface CodeTrySteps {
  /** Marks the job delivered (status, timeline, live update). */
  deliver(): Promise<void>;
  /** Counts one wrong code; the count that reaches `max` also locks the job. */
  countWrong(max: number): Promise<{ attempts: number; locked: boolean }>;
  /** Tells support about the job just locked (mail and alert, queued in the transaction). */
  alertSupport(): Promise<void>;
}

/**
 * One try of the customer's code on a delivery job, the same for every kind of job: a locked job
 * refuses even the right code; a job not yet picked up is refused without counting; the right
 * code delivers; a wrong one is counted (the caller commits it even though the call fails), and
 * the MAX_CODE_ATTEMPTS-th wrong one locks the job and tells support, once.
 */
export async function tryDeliveryCode(job: CodeLockedJob, given: string, steps: CodeTrySteps): Promise<CodeTry> {
  if (job.lockedAt) return { kind: 'locked' };
  if (!job.ready) return { kind: 'not_ready' };
  if (sameCode(given, job.code)) {
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
  if (t.kind === 'locked') return jobLocked();
  return badRequest(`Wrong delivery code. ${t.left} ${t.left === 1 ? 'try' : 'tries'} left.`, 'wrong_code');
}
