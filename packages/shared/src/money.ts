/** Money is integer kobo everywhere; 100 kobo = ₦1. */
export type Kobo = number;

export function nairaToKobo(naira: number): Kobo {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: Kobo): number {
  return kobo / 100;
}

/** `percent` % of an amount, rounded to whole kobo (a commission, a rider's share). */
export function percentOf(kobo: Kobo, percent: number): Kobo {
  return Math.round((kobo * percent) / 100);
}
