/** Money is integer kobo everywhere; 100 kobo = ₦1. */
export type Kobo = number;

export function nairaToKobo(naira: number): Kobo {
  return Math.round(naira * 100);
}

export function koboToNaira(kobo: Kobo): number {
  return kobo / 100;
}

/** `₦1,250`, or `₦1,250.50` when there are kobo. */
export function formatNaira(kobo: Kobo): string {
  const negative = kobo < 0;
  const abs = Math.abs(Math.round(kobo));
  const naira = Math.floor(abs / 100);
  const rest = abs % 100;
  const whole = naira.toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}₦${whole}${rest ? '.' + rest.toString().padStart(2, '0') : ''}`;
}

/** `percent` % of an amount, rounded to whole kobo (a commission, a rider's share). */
export function percentOf(kobo: Kobo, percent: number): Kobo {
  return Math.round((kobo * percent) / 100);
}
