/**
 * The message catalogues, one per area: a feature (features/<name>/locales), a shared layer
 * (conversation/, delivery/, earnings/, insights/, map/, promotions/), `common` (app/, components/, lib/, session/ and the
 * storefront's product card: i18n/locales) and `shared` (@jara/shared: the specification's
 * messages and the API's error codes, which the server answers with too). Each holds `en.json`
 * and `pcm.json`: flat objects from id to an ICU message, ids starting with the area's name. Each
 * language of each area is a chunk of its own (the root areas share one per language:
 * vite.config.ts), compiled at build time by Lingui's Vite plugin; a screen loads only the areas
 * it shows.
 */
import type commonEn from './locales/en.json';
import type sharedEn from '@jara/shared/locales/en.json';
import type addressesEn from '../features/addresses/locales/en.json';
import type adminEn from '../features/admin/locales/en.json';
import type authEn from '../features/auth/locales/en.json';
import type catalogueEn from '../features/catalogue/locales/en.json';
import type chatEn from '../features/chat/locales/en.json';
import type checkoutEn from '../features/checkout/locales/en.json';
import type dispatchEn from '../features/dispatch/locales/en.json';
import type groupsEn from '../features/groups/locales/en.json';
import type homeEn from '../features/home/locales/en.json';
import type layoutEn from '../features/layout/locales/en.json';
import type newsletterEn from '../features/newsletter/locales/en.json';
import type ordersEn from '../features/orders/locales/en.json';
import type pagesEn from '../features/pages/locales/en.json';
import type profileEn from '../features/profile/locales/en.json';
import type pwaEn from '../features/pwa/locales/en.json';
import type riderEn from '../features/rider/locales/en.json';
import type sellerEn from '../features/seller/locales/en.json';
import type supportEn from '../features/support/locales/en.json';
import type threadsEn from '../features/threads/locales/en.json';
import type conversationEn from '../conversation/locales/en.json';
import type deliveryEn from '../delivery/locales/en.json';
import type earningsEn from '../earnings/locales/en.json';
import type insightsEn from '../insights/locales/en.json';
import type mapEn from '../map/locales/en.json';
import type promotionsEn from '../promotions/locales/en.json';
import type { Language } from '@jara/shared';

/** Each area's English catalogue, the source of its ids' type. */
interface Catalogues {
  common: typeof commonEn;
  shared: typeof sharedEn;
  addresses: typeof addressesEn;
  admin: typeof adminEn;
  auth: typeof authEn;
  catalogue: typeof catalogueEn;
  chat: typeof chatEn;
  checkout: typeof checkoutEn;
  dispatch: typeof dispatchEn;
  groups: typeof groupsEn;
  home: typeof homeEn;
  layout: typeof layoutEn;
  newsletter: typeof newsletterEn;
  orders: typeof ordersEn;
  pages: typeof pagesEn;
  profile: typeof profileEn;
  pwa: typeof pwaEn;
  rider: typeof riderEn;
  seller: typeof sellerEn;
  support: typeof supportEn;
  threads: typeof threadsEn;
  conversation: typeof conversationEn;
  delivery: typeof deliveryEn;
  earnings: typeof earningsEn;
  insights: typeof insightsEn;
  map: typeof mapEn;
  promotions: typeof promotionsEn;
}
export type Area = keyof Catalogues;

/** The areas every screen shows (the menu, the footer, the spec's messages): loaded before the first render. */
export const ROOT_AREAS = ['common', 'shared', 'layout'] as const satisfies readonly Area[];

/** The ids an area's components may use: its own, common's and shared's. */
export type MessageId<A extends Area = Area> = {
  [K in A | (typeof ROOT_AREAS)[number]]: keyof Catalogues[K] & string;
}[A | (typeof ROOT_AREAS)[number]];

type Compiled = { messages: Record<string, unknown> };
type Loader = () => Promise<Compiled>;

// `?lingui`: compiled to JavaScript at build time (@lingui/vite-plugin, lingui.config.ts).
const files = import.meta.glob<Compiled>(
  [
    './locales/*.json',
    '../features/*/locales/*.json',
    '../conversation/locales/*.json',
    '../delivery/locales/*.json',
    '../earnings/locales/*.json',
    '../insights/locales/*.json',
    '../map/locales/*.json',
    '../promotions/locales/*.json',
    '../../../../packages/shared/src/locales/*.json',
  ],
  { query: '?lingui' },
);

/** The area a catalogue file belongs to, by its folder. */
function areaOfFile(path: string): Area {
  const folder = /([^/]+)\/locales\/[^/]+\.json$/.exec(path)?.[1];
  if (folder === 'i18n' || folder === '.' || folder === undefined) return 'common';
  if (folder === 'src' && path.includes('packages/shared')) return 'shared';
  return folder as Area;
}

const loaders = new Map<string, Loader>();
const paths = new Map<string, string>();
for (const [path, load] of Object.entries(files)) {
  const language = /([^/]+)\.json$/.exec(path)![1];
  loaders.set(`${areaOfFile(path)}:${language}`, load);
  paths.set(`${areaOfFile(path)}:${language}`, path);
}

/** Every area with a catalogue. */
export const AREAS = [...new Set([...loaders.keys()].map((key) => key.split(':')[0] as Area))];

/** Loads one area's catalogue in one language (its chunk). */
export function loadCatalogue(area: Area, language: Language): Promise<Compiled> {
  const load = loaders.get(`${area}:${language}`);
  if (!load) return Promise.reject(new Error(`no catalogue for ${area} in ${language}`));
  return load();
}

/**
 * How the build's manifest names an area's catalogue in a language, for the server to ask for it
 * with a page (infra/web/ssr.ts): the root areas share one chunk per language, named in
 * vite.config.ts; another area is its file, from the web app's folder, compiled (`?lingui`).
 */
export function catalogueModule(area: Area, language: Language): string {
  if ((ROOT_AREAS as readonly Area[]).includes(area)) return `messages-${language}`;
  const path = paths.get(`${area}:${language}`);
  if (!path) throw new Error(`no catalogue for ${area} in ${language}`);
  return `${path.replace(/^\.\.\//, 'src/').replace(/^\.\//, 'src/i18n/')}?lingui`;
}
