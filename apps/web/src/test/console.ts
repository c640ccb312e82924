/** What src/test/setup.ts records of console.error during a test. */
export const consoleErrors: unknown[][] = [];
export const allowed = { value: false };

/** For a test that provokes an error on purpose: its console.error calls do not fail it. */
export function allowConsoleError(): void {
  allowed.value = true;
}
