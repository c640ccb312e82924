/**
 * Runs `task` when the browser is idle, at the latest `timeoutMs` later; where there is no idle
 * callback, after a fifth of that. Returns a function that cancels it.
 */
export function whenIdle(task: () => void, timeoutMs: number): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const id = window.requestIdleCallback(task, { timeout: timeoutMs });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(task, timeoutMs / 5);
  return () => window.clearTimeout(id);
}
