/** SPEC §9 limits and timings. */
export const BEST_SELLERS = 5;
export const RELATED_PRODUCTS = 5;
export const VENDOR_PRODUCTS = 5;
export const ADDRESS_SUGGESTIONS = 5;
export const BANNER_INTERVAL_MS = 5000;
export const SLIDESHOW_INTERVAL_MS = 3000;
export const SWIPE_THRESHOLD_PX = 50;
export const LOADER_REDIRECT_MS = 5000;
export const TYPING_STOP_MS = 2000;
export const CONTACT_PARAM_REMOVAL_MS = 500;
export const MAX_CART_QUANTITY = 99;
/** Longest note to the rider on an order or a dispatch (here, not beside the schemas: forms read it without zod). */
export const DELIVERY_NOTE_MAX = 500;
/**
 * What every address on the default campus (UNIBEN, Ugbowo) shares: the address form starts with
 * these, and the customer may change them.
 */
export const CAMPUS_ADDRESS = { city: 'Benin City', state: 'Edo', zipcode: '300283', country: 'Nigeria' } as const;
export const CATEGORIES = [
  { text: 'Phone Accessories', path: 'phone-accessories' },
  { text: 'Hair Accessories', path: 'hair-accessories' },
  { text: 'Fashion and Accessories', path: 'fashion-and-accessories' },
  { text: 'Shoes', path: 'shoes' },
  { text: 'Cosmetics', path: 'cosmetics' },
  { text: 'Food', path: 'food' },
] as const;

/** Only an internal path may follow /loader (never `//host` or a scheme): no open redirect. */
export function safeNextPath(next: string | null | undefined): string {
  if (!next) return '/';
  const trimmed = next.replace(/^\/+/, '');
  if (!/^[A-Za-z0-9\-_/?=&.]*$/.test(trimmed) || trimmed.includes('//') || trimmed.includes('..')) return '/';
  return '/' + trimmed;
}
