import { formatNaira, nairaToKobo } from '@jara/shared';

/** API prices are naira numbers; display goes through the shared kobo formatter. */
export function formatPrice(naira: number): string {
  return formatNaira(nairaToKobo(naira));
}

/** What is wrong with an amount of naira as typed ("300", "300.50"), or null when it is fine. */
export type NairaInputProblem = 'empty' | 'format' | 'kobo' | 'zero' | 'tooMuch';

/**
 * Checks naira typed in a form field against the most it may be (naira), as the shared schemas
 * check it: digits with at most two decimals (kobo), above ₦0; compared in kobo, so no float slips.
 */
export function nairaInputProblem(text: string, max: number): NairaInputProblem | null {
  const value = text.trim();
  if (!value) return 'empty';
  if (/^\d+\.\d{3,}$/.test(value)) return 'kobo';
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return 'format';
  const kobo = Math.round(Number(value) * 100);
  if (kobo <= 0) return 'zero';
  if (kobo > Math.round(max * 100)) return 'tooMuch';
  return null;
}
