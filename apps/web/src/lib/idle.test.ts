import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './idle';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('whenIdle', () => {
  it('asks for an idle callback with the timeout, and can cancel it', () => {
    const request = vi.fn(() => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', request);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const task = () => {};
    const stop = whenIdle(task, 250);
    expect(request).toHaveBeenCalledWith(task, { timeout: 250 });
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('without idle callbacks, runs after a fifth of the timeout unless cancelled', () => {
    vi.useFakeTimers();
    vi.stubGlobal('requestIdleCallback', undefined);
    const ran = vi.fn();
    whenIdle(ran, 250);
    vi.advanceTimersByTime(49);
    expect(ran).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(ran).toHaveBeenCalledOnce();

    const never = vi.fn();
    whenIdle(never, 250)();
    vi.advanceTimersByTime(1_000);
    expect(never).not.toHaveBeenCalled();
  });
});
