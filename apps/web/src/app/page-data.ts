import { matchRoutes, type Params } from 'react-router';
import type { QueryClient } from '@tanstack/react-query';
import { CATEGORIES, type Language, type ProductDto, type VendorDto } from '@jara/shared';
import {
  bestSellersQuery,
  categoriesQuery,
  cheapestOption,
  effectivePrice,
  productsQuery,
  vendorQuery,
  vendorsQuery,
} from '../features/catalogue';
import { homeContentQuery, type HomeContent } from '../features/home';
import { siteContentQuery } from '../features/pages';
import { formatPrice } from '../lib/money';
import { HERO_IMAGES, imagePreload, sizedUrl } from '../lib/images';
import type { Area, Translate } from '../i18n';
import { routes, TRACKING_AREAS } from './router';

/** What the head of a page says (title, description, canonical, Open Graph) and its status. */
export interface PageHead {
  title: string;
  description: string;
  /** Path (no origin) of the page's canonical URL. */
  canonical: string;
  /** Image path for Open Graph (a product's picture). */
  image?: string;
  type: 'website' | 'product';
  price?: { amount: string; display: string };
  status: number;
  noindex?: boolean;
  /** The largest image of the first screen, preloaded with high priority (the `<img>` has it too). */
  lcpImage?: ReturnType<typeof imagePreload>;
}

const SITE = 'Jara';

/** Customer pages rendered on the server: the route pattern → the public reads it shows. */
type Pattern =
  | 'index'
  | 'products'
  | 'products/food/:vendorId'
  | 'products/food/:vendorId/:id'
  | 'products/:category'
  | 'products/:category/:id'
  | 'shops'
  | 'shops/:vendorId'
  | 'cart'
  | 'wishlist'
  | 'contact'
  | 'faq'
  | 'customer-terms'
  | 'rider-terms'
  | '*';

const SERVER_RENDERED = new Set<string>([
  'index',
  'products',
  'products/food/:vendorId',
  'products/food/:vendorId/:id',
  'products/:category',
  'products/:category/:id',
  'shops',
  'shops/:vendorId',
  'cart',
  'wishlist',
  'contact',
  'faq',
  'customer-terms',
  'rider-terms',
  '*',
]);

export interface PageMatch {
  pattern: string;
  params: Params;
  pathname: string;
}

export function matchPage(pathname: string): PageMatch | null {
  const matches = matchRoutes(routes, pathname);
  const leaf = matches?.[matches.length - 1];
  if (!leaf) return null;
  const pattern = leaf.route.index ? 'index' : (leaf.route.path ?? '');
  return { pattern, params: leaf.params, pathname };
}

/** Whether the server renders this page (customer pages); account and portal pages stay client-only. */
export const isServerRendered = (m: PageMatch) => SERVER_RENDERED.has(m.pattern);

/**
 * A page the browser draws (it is the signed-in customer's) whose first screen needs more than the
 * app: the source modules, as the build's manifest names them, and the catalogue areas it shows.
 * The server names their chunks in the shell it sends (infra/web/ssr.ts), so they arrive with the
 * app instead of one round trip after another.
 */
export interface AppScreen {
  modules: readonly string[];
  areas: readonly Area[];
  /** Public reads the screen makes first (never a personal one: every signed-in visitor gets the same shell). */
  reads?: readonly string[];
}

/**
 * The tracking pages (issue 28): their largest paint is a map tile at the end of a chain (the app
 * → the screen's chunk and catalogues → who is signed in, the list → the delivery → the map's
 * chunk → tiles); with the screen's and the map's chunks asked for by the shell, only the reads
 * are left in the chain.
 */
const APP_SCREENS: Partial<Record<string, AppScreen>> = {
  'my-orders': {
    modules: ['src/app/routes/my-orders.ts', 'src/map/leaflet-map.tsx'],
    areas: TRACKING_AREAS['my-orders'],
    reads: ['/api/map'],
  },
  dispatch: {
    modules: ['src/app/routes/dispatch.ts', 'src/map/leaflet-map.tsx'],
    areas: TRACKING_AREAS.dispatch,
    reads: ['/api/map'],
  },
};

export const appScreen = (m: PageMatch): AppScreen | undefined => APP_SCREENS[m.pattern];

/** Pages with products on them, whose cards (or cart lines) say when a vendor is closed. */
const SHOWS_OPEN_STATE = new Set<Pattern>([
  'index',
  'products',
  'products/:category',
  'products/food/:vendorId',
  'products/food/:vendorId/:id',
  'products/:category/:id',
  'shops/:vendorId',
  'cart',
  'wishlist',
]);

/** Fills the query cache with what the page shows, so the server renders it complete (in `language`). */
export async function prefetchPage(qc: QueryClient, m: PageMatch, language: Language): Promise<void> {
  const p = m.pattern as Pattern;
  const want: Promise<void>[] = [];
  const q = (p: Promise<void>) => want.push(p);
  switch (p) {
    case 'index':
      // What home shows, not the whole catalogue: that comes when a page that lists it opens.
      q(qc.prefetchQuery(homeContentQuery));
      q(qc.prefetchQuery(categoriesQuery));
      q(qc.prefetchQuery(bestSellersQuery));
      break;
    case 'products':
    case 'products/food/:vendorId/:id':
    case 'products/:category/:id':
    case 'cart':
    case 'wishlist':
      q(qc.prefetchQuery(productsQuery));
      break;
    case 'products/:category':
      q(qc.prefetchQuery(categoriesQuery));
      q(m.params.category === 'food' ? qc.prefetchQuery(vendorsQuery) : qc.prefetchQuery(productsQuery));
      break;
    case 'products/food/:vendorId':
    case 'shops/:vendorId':
      q(qc.prefetchQuery(productsQuery));
      q(qc.prefetchQuery(vendorQuery(m.params.vendorId ?? '')));
      break;
    case 'shops':
      q(qc.prefetchQuery(vendorsQuery));
      break;
    // The content pages as the admin wrote them, in the page's language (issue 33).
    case 'faq':
    case 'customer-terms':
    case 'rider-terms':
    case 'contact':
      q(qc.prefetchQuery(siteContentQuery(p, language)));
      break;
    default:
      break;
  }
  // A page with products on it says which of their vendors are closed now (product cards, the
  // cart): with the vendors in the page, hydration finds what the server drew, and nothing is
  // drawn a second time when they would otherwise arrive just after it.
  if (SHOWS_OPEN_STATE.has(p)) q(qc.prefetchQuery(vendorsQuery));
  await Promise.all(want);
  if (p === 'products/food/:vendorId/:id' || p === 'products/:category/:id') {
    const product = qc.getQueryData<ProductDto[]>(productsQuery.queryKey)?.find((x) => x._id === m.params.id);
    if (product) await qc.prefetchQuery(vendorQuery(product.vendorId));
  }
}

const clip = (s: string, n = 160) => (s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s);

/**
 * The head of a page from what is in the cache (after prefetchPage), in the page's language: `t`
 * is the server render's own (its words are the `pages` area's, which only the server and the
 * static pages load, so they add nothing to a first visit).
 */
export function pageHead(qc: QueryClient, m: PageMatch, t: Translate<'pages'>): PageHead {
  const p = m.pattern as Pattern;
  const description = t('pages.head.description');
  const base: PageHead = {
    title: t('common.siteTitle'),
    description,
    canonical: m.pathname,
    type: 'website',
    status: 200,
  };
  const products = qc.getQueryData<ProductDto[]>(productsQuery.queryKey);
  const named = (title: string, text = description): PageHead => ({
    ...base,
    title: t('common.pageTitle', { title }),
    description: text,
  });
  const notFound = (title: string): PageHead => ({ ...named(title), status: 404, noindex: true });
  switch (p) {
    case 'index': {
      const home = qc.getQueryData<HomeContent>(homeContentQuery.queryKey);
      const banner = home?.banners[0]?.image;
      return {
        ...base,
        canonical: '/',
        ...(banner
          ? { image: banner, lcpImage: imagePreload(banner, HERO_IMAGES.banner.width, HERO_IMAGES.banner.sizes) }
          : {}),
      };
    }
    case 'products':
      return { ...named(t('pages.head.products'), t('pages.head.productsText')), canonical: '/products' };
    case 'products/:category': {
      const c = CATEGORIES.find((x) => x.path === m.params.category);
      return c
        ? named(c.text, t('pages.head.categoryText', { category: c.text }))
        : notFound(t('pages.head.categoryNotFound'));
    }
    case 'products/food/:vendorId/:id':
    case 'products/:category/:id': {
      const product = products?.find((x) => x._id === m.params.id);
      if (!product) return products ? notFound(t('pages.head.productNotFound')) : named(t('pages.head.product'));
      const option = cheapestOption(product);
      const price = option ? effectivePrice(option) : undefined;
      const vendor = qc.getQueryData<VendorDto>(vendorQuery(product.vendorId).queryKey);
      const image = product.image[0];
      const text =
        product.description.join(' ').trim() ||
        (vendor
          ? t('pages.head.productFrom', { name: product.name, vendor: vendor.businessName })
          : t('pages.head.productText', { name: product.name }));
      return {
        ...named(product.name, clip(price !== undefined ? `${formatPrice(price)} · ${text}` : text)),
        canonical:
          product.category === 'food'
            ? `/products/food/${product.vendorId}/${product._id}`
            : `/products/${product.category}/${product._id}`,
        type: 'product',
        ...(image
          ? { image, lcpImage: imagePreload(image, HERO_IMAGES.product.width, HERO_IMAGES.product.sizes) }
          : {}),
        ...(price !== undefined ? { price: { amount: String(price), display: formatPrice(price) } } : {}),
      };
    }
    case 'products/food/:vendorId':
    case 'shops/:vendorId': {
      const vendor = qc.getQueryData<VendorDto>(vendorQuery(m.params.vendorId ?? '').queryKey);
      if (!vendor) return notFound(t('pages.head.vendorNotFound'));
      return {
        ...named(
          vendor.businessName,
          vendor.address
            ? t('pages.head.vendorAt', { vendor: vendor.businessName, address: vendor.address })
            : t('pages.head.vendorText', { vendor: vendor.businessName }),
        ),
        ...(vendor.profilePhoto ? { image: vendor.profilePhoto } : {}),
      };
    }
    case 'shops':
      return named(t('pages.head.shops'), t('pages.head.shopsText'));
    case 'cart':
      return { ...named(t('pages.head.cart')), noindex: true };
    case 'wishlist':
      return { ...named(t('pages.head.wishlist')), noindex: true };
    case 'contact':
      return named(t('pages.head.contact'), t('pages.head.contactText'));
    case 'faq':
      return named(t('pages.head.faq'), t('pages.head.faqText'));
    case 'customer-terms':
      return named(t('pages.head.customerTerms'));
    case 'rider-terms':
      return named(t('pages.head.riderTerms'));
    default:
      return notFound(t('common.notFound.title'));
  }
}

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The head tags for a page, as HTML (origin: the site's public URL, for absolute URLs). */
export function headHtml(h: PageHead, origin: string): string {
  const abs = (p: string) => (/^https?:\/\//.test(p) ? p : origin + p);
  const tags = [
    `<title>${esc(h.title)}</title>`,
    `<meta name="description" content="${esc(h.description)}">`,
    `<link rel="canonical" href="${esc(abs(h.canonical))}">`,
    `<meta property="og:site_name" content="${SITE}">`,
    `<meta property="og:type" content="${h.type}">`,
    `<meta property="og:title" content="${esc(h.title.replace(` · ${SITE}`, ''))}">`,
    `<meta property="og:description" content="${esc(h.description)}">`,
    `<meta property="og:url" content="${esc(abs(h.canonical))}">`,
    `<meta name="twitter:card" content="${h.image ? 'summary_large_image' : 'summary'}">`,
  ];
  if (h.image) tags.push(`<meta property="og:image" content="${esc(abs(sizedUrl(h.image, 800)))}">`);
  if (h.price) {
    tags.push(`<meta property="product:price:amount" content="${esc(h.price.amount)}">`);
    tags.push('<meta property="product:price:currency" content="NGN">');
  }
  if (h.lcpImage) {
    const { href, type, srcSet, sizes } = h.lcpImage;
    tags.push(
      srcSet
        ? `<link rel="preload" as="image"${type ? ` type="${esc(type)}"` : ''} href="${esc(href)}" imagesrcset="${esc(srcSet)}" imagesizes="${esc(sizes ?? '100vw')}" fetchpriority="high">`
        : `<link rel="preload" as="image" href="${esc(href)}" fetchpriority="high">`,
    );
  }
  if (h.noindex) tags.push('<meta name="robots" content="noindex">');
  return tags.join('');
}
