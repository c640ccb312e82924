import { describe, expect, it } from 'vitest';
import { MAX_CODE_ATTEMPTS } from '@jara/shared';
import { refusedCode, tryDeliveryCode, type CodeTrySteps } from './delivery-code.js';

/** A job's code state kept in memory, with the steps a kind's tables would run, and what ran. */
function job(code: string | null, opts: { attempts?: number; locked?: boolean; ready?: boolean } = {}) {
  const state = { attempts: opts.attempts ?? 0, lockedAt: opts.locked ? new Date() : null, delivered: false };
  const ran: string[] = [];
  const steps: CodeTrySteps = {
    deliver: async () => {
      ran.push('deliver');
      state.delivered = true;
    },
    countWrong: async (max) => {
      ran.push('countWrong');
      state.attempts += 1;
      if (state.attempts >= max) state.lockedAt = new Date();
      return { attempts: state.attempts, locked: state.lockedAt !== null };
    },
    alertSupport: async () => {
      ran.push('alertSupport');
    },
  };
  const tryCode = (given: string) =>
    tryDeliveryCode({ code, lockedAt: state.lockedAt, ready: opts.ready ?? true }, given, steps);
  return { state, ran, tryCode };
}

describe('the code compared', () => {
  it('matches only the very code; no stored code matches nothing', async () => {
    const outcome = async (given: string, stored: string | null) => (await job(stored).tryCode(given)).kind;
    expect(await outcome('1234', '1234')).toBe('delivered');
    expect(await outcome('1235', '1234')).toBe('wrong');
    expect(await outcome('12345', '1234')).toBe('wrong');
    expect(await outcome('', '')).toBe('wrong');
    expect(await outcome('1234', null)).toBe('wrong');
  });
});

describe('tryDeliveryCode', () => {
  it('the right code delivers and counts nothing', async () => {
    const j = job('1234');
    expect(await j.tryCode('1234')).toEqual({ kind: 'delivered' });
    expect(j.ran).toEqual(['deliver']);
    expect(j.state).toMatchObject({ attempts: 0, delivered: true });
  });

  it(`counts wrong codes with the tries left; the ${MAX_CODE_ATTEMPTS}th locks the job and tells support once`, async () => {
    const j = job('1234');
    const tries = [];
    for (let i = 0; i < MAX_CODE_ATTEMPTS + 1; i++) tries.push(await j.tryCode('0000'));
    expect(tries).toEqual([
      ...Array.from({ length: MAX_CODE_ATTEMPTS - 1 }, (_, i) => ({ kind: 'wrong', left: MAX_CODE_ATTEMPTS - 1 - i })),
      { kind: 'locked' },
      { kind: 'locked' },
    ]);
    expect(j.ran.filter((s) => s === 'alertSupport')).toHaveLength(1);
    expect(j.state.attempts).toBe(MAX_CODE_ATTEMPTS);
    // Locked: even the right code is refused, and nothing more is counted.
    expect(await j.tryCode('1234')).toEqual({ kind: 'locked' });
    expect(j.state).toMatchObject({ attempts: MAX_CODE_ATTEMPTS, delivered: false });
  });

  it('a job not picked up yet refuses any code without counting it', async () => {
    const j = job('1234', { ready: false });
    expect(await j.tryCode('0000')).toEqual({ kind: 'not_ready' });
    expect(await j.tryCode('1234')).toEqual({ kind: 'not_ready' });
    expect(j.ran).toEqual([]);
  });

  it('a locked job answers locked before anything else, even when not ready', async () => {
    const j = job('1234', { locked: true, ready: false, attempts: MAX_CODE_ATTEMPTS });
    expect(await j.tryCode('1234')).toEqual({ kind: 'locked' });
    expect(j.ran).toEqual([]);
  });

  it('a job without a code (unpaid) is never delivered by a guess', async () => {
    const j = job(null);
    expect(await j.tryCode('0000')).toEqual({ kind: 'wrong', left: MAX_CODE_ATTEMPTS - 1 });
    expect(j.state.delivered).toBe(false);
  });
});

describe('refusedCode', () => {
  it('answers 400 wrong_code with the tries left, and 423 job_locked', () => {
    expect(refusedCode({ kind: 'wrong', left: 4 })).toMatchObject({
      status: 400,
      code: 'wrong_code',
      message: 'Wrong delivery code. 4 tries left.',
    });
    expect(refusedCode({ kind: 'wrong', left: 1 }).message).toBe('Wrong delivery code. 1 try left.');
    expect(refusedCode({ kind: 'locked' })).toMatchObject({ status: 423, code: 'job_locked' });
  });
});
