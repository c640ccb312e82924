import { formatNaira, nairaToKobo } from '@jara/shared';

/** API prices are naira numbers; display goes through the shared kobo formatter. */
export function formatPrice(naira: number): string {
  return formatNaira(nairaToKobo(naira));
}
