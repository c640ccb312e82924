/** What src/test/setup.ts records of console.error during a test. */
export const consoleErrors: unknown[][] = [];
