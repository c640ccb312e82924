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

/**
 * A shop's share of its items in an order: their price less what its own promotions took off,
 * less the commission on the rest (decision 0051); what the delivery code releases to it and what
 * its earnings show.
 */
export function shopShareKobo(grossKobo: Kobo, shopFundedKobo: Kobo, commissionPercent: number): Kobo {
  const net = Math.max(0, grossKobo - shopFundedKobo);
  return net - percentOf(net, commissionPercent);
}
