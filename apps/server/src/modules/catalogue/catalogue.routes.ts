import { parse as parseQuery } from 'fast-querystring';
import { z } from 'zod';
import {
  CategoryListAnswer,
  HomeContentAnswer,
  ProductListAnswer,
  ProductListQuery,
  str,
  VendorAnswer,
  VendorListAnswer,
} from '@jara/shared';
import { moduleWith } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { isTextSearch } from './product-search.js';
import { keepAtMost, sendRepresentation, type Representation } from '../../infra/snapshot.js';
import { MAX_QUERIES, type CatalogueStore } from './snapshot.js';

export { DEFAULT_BANNERS } from './snapshot.js';

/**
 * The public catalogue is answered from memory (snapshot.ts, decisions 0011 and 0024): no
 * database work while the snapshot is current, and none at all for a revalidation that matches.
 * The bytes are made once per change, so the response schemas here document the answers (the
 * serializer is not asked); catalogue tests compare the bytes with them.
 */
export const catalogueModule = moduleWith<{ catalogue: CatalogueStore }>(async (app, ctx, { catalogue: store }) => {
  defaultAccess(app, 'public');
  const fromMemory = <T>(answer: T) => ({ tags: ['catalogue'], response: { 200: answer } });

  // Filters and sorts come from memory too; a text search asks the database once per snapshot.
  app.get(
    '/api/product/list',
    { schema: { ...fromMemory(ProductListAnswer), querystring: ProductListQuery }, compress: false },
    async (req, reply) => {
      if (!isTextSearch(req.query)) return sendRepresentation(req, reply, await store.productList(req.query));
      return sendRepresentation(req, reply, await store.textSearch(req.query));
    },
  );

  app.get('/api/category/list', { schema: fromMemory(CategoryListAnswer), compress: false }, async (req, reply) => {
    return sendRepresentation(req, reply, (await store.catalogue.get()).categories);
  });

  app.get('/api/seller/list', { schema: fromMemory(VendorListAnswer), compress: false }, async (req, reply) => {
    return sendRepresentation(req, reply, (await store.catalogue.get()).vendorListAt(store.now()));
  });

  app.get(
    '/api/seller/vendor/:vendorId',
    { schema: { ...fromMemory(VendorAnswer), params: z.object({ vendorId: str().max(100) }) }, compress: false },
    async (req, reply) => {
      const rep = (await store.catalogue.get()).vendorAt(req.params.vendorId, store.now());
      if (!rep) throw notFound('Vendor not found.');
      return sendRepresentation(req, reply, rep);
    },
  );

  app.get('/api/content/home', { schema: fromMemory(HomeContentAnswer), compress: false }, async (req, reply) => {
    return sendRepresentation(req, reply, (await store.catalogue.get()).home);
  });

  // A revalidation that matches is answered before Fastify (decision 0027).
  ctx.early.revalidate((path, query) => currentAnswer(store, path, query));
});

const VENDOR_PATH = '/api/seller/vendor/';

/**
 * The product-list queries the early path has read, as the route's schema reads them (null: one
 * the route answers itself, refused or a text search). The same few come back again and again,
 * and parsing and checking one was among the larger parts of a revalidation's own JavaScript; at
 * most MAX_QUERIES are kept.
 */
const listQueries = new Map<string, Readonly<ProductListQuery> | null>();

function listQuery(raw: string): Readonly<ProductListQuery> | null {
  const known = listQueries.get(raw);
  if (known !== undefined) return known;
  const parsed = ProductListQuery.safeParse(parseQuery(raw));
  // Frozen: every revalidation with this query shares it.
  const q = parsed.success && !isTextSearch(parsed.data) ? Object.freeze(parsed.data) : null;
  return keepAtMost(listQueries, MAX_QUERIES, raw, q);
}

/**
 * What the GET routes above would answer now, when it is in memory and current; null when the
 * route must answer (the snapshot is being rebuilt, a text search, units sold too old, a query
 * the route refuses, an unknown vendor, any other path). The query is parsed as Fastify parses
 * it and checked with the route's own schema; a vendor id is taken only when it needs no
 * decoding, so both read the same id.
 */
function currentAnswer(store: CatalogueStore, path: string, query: string): Representation | null {
  const data = store.catalogue.current();
  if (data === null) return null;
  switch (path) {
    case '/api/product/list': {
      const q = listQuery(query);
      return q && store.currentProductList(q);
    }
    case '/api/category/list':
      return data.categories;
    case '/api/seller/list':
      return data.vendorListAt(store.now());
    case '/api/content/home':
      return data.home;
  }
  if (path.startsWith(VENDOR_PATH)) {
    const id = path.slice(VENDOR_PATH.length);
    return /^[\w-]{1,100}$/.test(id) ? data.vendorAt(id, store.now()) : null;
  }
  return null;
}
