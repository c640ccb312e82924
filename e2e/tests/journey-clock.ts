/**
 * The instant the e2e server judges opening and delivery hours at (JARA_TEST_CLOCK, set in
 * playwright.config.ts): a Wednesday, noon in Lagos. A journey does not depend on the hour or the
 * day it runs.
 */
export const JOURNEY_NOW = '2026-11-25T12:00:00+01:00';
