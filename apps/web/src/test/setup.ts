import '@testing-library/jest-dom/vitest';
import { afterEach, beforeEach } from 'vitest';
import { cleanup, configure } from '@testing-library/react';
import { consoleErrors } from './console';
import { refuseAllFetch, unhandledRequests } from './fetch';
import { fakeMatchMedia } from './match-media';
import { AREAS } from '../i18n/catalogues';
import { i18n } from '../i18n';
import { loadAreas } from '../i18n/i18n';

// Every English catalogue loaded before the tests: a screen renders at once, as after its chunks arrived.
await loadAreas(i18n, AREAS, 'en');
i18n.activate('en', ['en-NG']);

// findBy… and waitFor wait up to 5 s: lazy chunks and user-event take seconds on a busy 2-core machine.
configure({ asyncUtilTimeout: 5_000 });

// jsdom has no matchMedia (react-hot-toast asks for prefers-reduced-motion).
if (!window.matchMedia) window.matchMedia = fakeMatchMedia();

// A test fails if it logs an error it did not expect (React warnings, failed effects, act() misuse).
// A request the test did not stub (src/test/fetch.ts) fails it, like an unexpected error.
const original = console.error;
beforeEach(() => {
  unhandledRequests.length = 0;
  refuseAllFetch();
  consoleErrors.length = 0;
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    original(...args);
  };
});

afterEach(() => {
  cleanup();
  localStorage.clear();
  console.error = original;
  if (unhandledRequests.length) {
    const list = [...new Set(unhandledRequests)].join(', ');
    throw new Error(`the test made requests nothing answers (stub them with stubFetch): ${list}`);
  }
  if (consoleErrors.length) {
    const first = consoleErrors[0]!.map((a) => (a instanceof Error ? a.message : String(a))).join(' ');
    throw new Error(
      `console.error was called ${consoleErrors.length} time(s) during the test; the first: ${first.slice(0, 300)}`,
    );
  }
});
