import './index.css';

/**
 * Ends the current task and continues in a new one, so the browser can paint and answer a tap in
 * between: starting the app is several short tasks instead of one long one on a slow phone.
 */
function yieldToBrowser(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** How long the app waits for the page's largest picture before starting anyway. */
const PICTURE_WAIT_MS = 3_000;

/**
 * Resolves once a server-rendered page has painted, its largest picture (the one asked for with
 * high priority) included, so that on a slow link the app's scripts never share the bandwidth
 * with what the visitor is waiting to see (decision 0028). The plain shell has nothing painted
 * to wait for. A hidden tab paints no frames: a timer stands in for the frame.
 */
function pagePainted(): Promise<void> {
  if (!document.getElementById('jara-state')) return Promise.resolve();
  const picture = document.querySelector<HTMLImageElement>('#root img[fetchpriority="high"]');
  const loaded =
    picture && !picture.complete
      ? new Promise<void>((resolve) => {
          picture.addEventListener('load', () => resolve(), { once: true });
          picture.addEventListener('error', () => resolve(), { once: true });
          setTimeout(resolve, PICTURE_WAIT_MS);
        })
      : Promise.resolve();
  return loaded.then(
    () =>
      new Promise<void>((resolve) => {
        requestAnimationFrame(() => setTimeout(resolve, 0));
        setTimeout(resolve, 100);
      }),
  );
}

/**
 * The app is fetched once the page has painted (pagePainted), then evaluated in two steps, each
 * in a task of its own, so that on a slow phone the browser paints and answers taps in between:
 * React and its DOM renderer first, then the app (start.tsx). Evaluating them together was the
 * longest task of a first visit. Both are asked for at once (Vite preloads each import's chunks).
 */
async function boot() {
  await pagePainted();
  const renderer = import('react-dom/client');
  const app = import('./start');
  await renderer;
  await yieldToBrowser();
  const { run } = await app;
  await run(yieldToBrowser);
}

void boot();
