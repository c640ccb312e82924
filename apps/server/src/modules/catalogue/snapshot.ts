import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { RedisClientType } from 'redis';
import {
  isOpenAt,
  nairaToKobo,
  tidyPlaceName,
  type BannerDto,
  type CategoryDto,
  type ProductDto,
  type ProductListQuery,
} from '@jara/shared';

type BannerRow = Awaited<ReturnType<typeof listBanners>>[number];
import { queryRows, type Database, type Db } from '../../infra/db/client.js';
import { keepAtMost, Representation, Section } from '../../infra/snapshot.js';
import type { RedisLink } from '../../infra/redis.js';
import { PlaceIndex, shownPlaces } from '../geocoding/index.js';
import { unitsSold } from '../orders/index.js';
import { listBanners } from './content.repo.js';
import {
  listCategoryRows,
  listProductsRanked,
  listVendors,
  toVendorDto,
  type RankedProduct,
  type VendorRow,
} from './catalogue.repo.js';
import { searchProducts, selectProducts, type ProductFilter, type ProductSource } from './product-search.js';

/** Shown until an admin adds banners of their own (seeded into the banners table too). */
export const DEFAULT_BANNERS = [
  {
    image: '/media/seed/banner-0.webp',
    headline: 'Campus food, at your hall in 30 minutes',
    text: 'Jollof, shawarma, small chops and more from vendors around Ugbowo.',
    link: '/products/food',
  },
  {
    image: '/media/seed/banner-1.webp',
    headline: 'Send a parcel across campus',
    text: 'A rider picks it up and delivers it with a code only your recipient knows.',
    link: '/dispatch-request',
  },
];
const HOME_SLIDES = [0, 1, 2, 3].map((i) => `/media/seed/slide-${i}.webp`);

/** Distinct product-list queries kept (per snapshot, and parsed by the early path); past that the oldest is dropped. */
export const MAX_QUERIES = 200;
/** Address suggestions kept per gazetteer snapshot, by normalised text. */
const MAX_SUGGESTIONS = 5_000;
/**
 * How old the units sold behind the popular sort (Best Sellers) may be: they change with every
 * paid order, which no revision follows, so they are read again at most this often.
 */
const SALES_MAX_AGE_MS = 10_000;

/** The cache key of a product-list query without text: every parameter `selectProducts` reads. */
function productQueryKey(q: ProductFilter): string {
  return [
    q.category ?? '',
    q.inStock ? 1 : 0,
    q.open ? 1 : 0,
    q.minPrice === undefined ? '' : nairaToKobo(q.minPrice),
    q.maxPrice === undefined ? '' : nairaToKobo(q.maxPrice),
    q.sort === 'relevance' ? '' : (q.sort ?? ''),
    q.limit ?? '',
  ].join('|');
}

/** The key of the list with no filter: every product, the answer most asked for. */
const EVERY_PRODUCT = productQueryKey({});

/** Units sold per product, as read at one moment; `version` tells cached answers apart. */
interface Sales {
  sold: Map<string, number>;
  version: number;
  readAt: number;
}

class CatalogueData implements ProductSource {
  private readonly lists = new Map<string, Representation>();
  /** Text searches answered (by the database) against this snapshot, and those being answered. */
  private readonly searches = new Map<string, Representation>();
  private readonly searching = new Map<string, Promise<Representation>>();
  private vendorList: { key: string; rep: Representation } | null = null;
  private readonly vendorOne = new Map<string, { open: boolean; rep: Representation }>();
  readonly vendorById: Map<string, VendorRow>;
  readonly categoryPosition: Map<string, number>;
  readonly categories: Representation;
  readonly home: Representation;
  /** GET /api/content/banners: the active banners as admins see them. */
  readonly banners: Representation;

  constructor(
    readonly products: RankedProduct[],
    readonly vendors: VendorRow[],
    categories: (CategoryDto & { position: number })[],
    active: BannerRow[],
  ) {
    this.vendorById = new Map(vendors.map((v) => [v.id, v]));
    this.categoryPosition = new Map(categories.map((c) => [c.path, c.position]));
    this.categories = Representation.json({
      success: true,
      categories: categories.map((c): CategoryDto => ({
        text: c.text,
        path: c.path,
        image: c.image,
        bgColor: c.bgColor,
      })),
    });
    const home = active.map((b) => ({ image: b.image, headline: b.headline, text: b.text, link: b.link }));
    this.home = Representation.json({
      success: true,
      banners: home.length ? home : DEFAULT_BANNERS,
      slides: HOME_SLIDES,
    });
    this.banners = Representation.json({
      success: true,
      banners: active.map((b): BannerDto => ({
        _id: b.id,
        image: b.image,
        headline: b.headline,
        text: b.text,
        link: b.link,
        position: b.position,
        active: b.active,
      })),
    });
  }

  /** The spec's plain list: every live product, oldest first. */
  allProducts(): Representation {
    let rep = this.lists.get('');
    if (!rep) {
      rep = Representation.json({ success: true, products: this.products.map((p) => p.dto) });
      this.lists.set('', rep);
    }
    return rep;
  }

  /**
   * A filtered or sorted list. Cached by its parameters, the sales it was ranked by (popular)
   * and which shops were open (open now): a new hour or a new sale makes a new entry.
   */
  productList(query: ProductFilter, now: Date, sales: Sales | null): Representation {
    let key = productQueryKey(query);
    if (key === EVERY_PRODUCT) return this.allProducts();
    if (query.sort === 'popular' && sales) key += `|s${sales.version}`;
    if (query.open)
      key += `|${this.vendors.map((v) => (v.isOpen && isOpenAt(v.openingHours, now) ? '1' : '0')).join('')}`;
    let rep = this.lists.get(key);
    if (!rep) {
      const products = selectProducts(this, query, now, sales?.sold ?? null);
      rep = keepAtMost(this.lists, MAX_QUERIES, key, Representation.json({ success: true, products }));
    }
    return rep;
  }

  /**
   * A text search: the database ranks it (trigram similarity, `searchProducts`), once per distinct
   * query for as long as this snapshot is current, with the same key parts as `productList`. At
   * lunch hour many people search the same few words; on the embedded database each search is a
   * statement in the server's own thread, so a repeated one is answered from here, and people
   * searching the same words at the same moment share one statement.
   */
  textSearch(
    query: ProductListQuery,
    now: Date,
    sales: Sales | null,
    search: (q: ProductListQuery) => Promise<ProductDto[]>,
  ): Promise<Representation> {
    let key = `${productQueryKey(query)}|q${query.q?.trim().toLowerCase() ?? ''}`;
    if (query.sort === 'popular' && sales) key += `|s${sales.version}`;
    if (query.open)
      key += `|${this.vendors.map((v) => (v.isOpen && isOpenAt(v.openingHours, now) ? '1' : '0')).join('')}`;
    const done = this.searches.get(key);
    if (done) return Promise.resolve(done);
    let pending = this.searching.get(key);
    if (!pending) {
      pending = search(query)
        .then((products) => {
          return keepAtMost(this.searches, MAX_QUERIES, key, Representation.json({ success: true, products }));
        })
        .finally(() => this.searching.delete(key));
      this.searching.set(key, pending);
    }
    return pending;
  }

  /** "Open now" is computed at answer time: the body is rebuilt when a shop opens or closes. */
  vendorListAt(now: Date): Representation {
    const dtos = this.vendors.map((v) => toVendorDto(v, now));
    const key = dtos.map((d) => (d.isOpen ? '1' : '0')).join('');
    if (this.vendorList?.key !== key)
      this.vendorList = { key, rep: Representation.json({ success: true, vendors: dtos }) };
    return this.vendorList.rep;
  }

  vendorAt(id: string, now: Date): Representation | null {
    const v = this.vendorById.get(id);
    if (!v) return null;
    const dto = toVendorDto(v, now);
    const cached = this.vendorOne.get(id);
    if (cached?.open === dto.isOpen) return cached.rep;
    const rep = Representation.json({ success: true, vendor: dto });
    this.vendorOne.set(id, { open: dto.isOpen, rep });
    return rep;
  }
}

class PlacesData {
  private readonly answers = new Map<string, Representation>();

  constructor(
    readonly list: Representation,
    readonly index: PlaceIndex,
  ) {}

  suggestions(q: string): Representation {
    const key = q.trim().toLowerCase();
    let rep = this.answers.get(key);
    if (!rep) {
      rep = keepAtMost(
        this.answers,
        MAX_SUGGESTIONS,
        key,
        Representation.json({ success: true, data: this.index.suggest(key) }),
      );
    }
    return rep;
  }
}

export type Sections = 'catalogue' | 'places';

/**
 * The public catalogue and the gazetteer, answered from memory (decision 0011).
 *
 * Every statement writing products, product_options, vendors, categories, banners or places
 * bumps its section's row in catalogue_revisions (a trigger, migration 0011), in the writer's
 * transaction. This instance learns of a new revision three ways:
 *  - after each of its own state-changing requests (`afterWrite`, one single-row read), so its
 *    next answer shows the change: exact for a lone instance;
 *  - from other instances by Redis pub/sub when REDIS_URL is set (milliseconds);
 *  - by reading the revisions every `pollMs` (1 s): writes by the command-line tools, and other
 *    instances without Redis.
 * A snapshot older than the newest revision heard is rebuilt on the next request that needs it.
 */
export class CatalogueStore {
  readonly catalogue: Section<CatalogueData>;
  readonly places: Section<PlacesData>;
  /** The clock "open now" is judged by (tests move it). */
  now: () => Date = () => new Date();
  private readonly db: Db;
  private timer: NodeJS.Timeout | null = null;
  private pub: RedisClientType | null = null;
  private sub: RedisClientType | null = null;
  private channel = '';
  private checking: Promise<Record<Sections, number>> | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private sales: Sales | null = null;
  private salesVersion = 0;
  private readingSales: Promise<Sales> | null = null;
  /** How old the units sold may be when the popular sort reads them (SALES_MAX_AGE_MS). */
  salesMaxAgeMs = SALES_MAX_AGE_MS;

  constructor(
    private readonly database: Database,
    private readonly log: Logger,
  ) {
    this.db = database.db;
    this.catalogue = new Section(
      'catalogue',
      () => this.revision('catalogue'),
      () => this.loadCatalogue(),
    );
    this.places = new Section(
      'places',
      () => this.revision('places'),
      () => this.loadPlaces(),
    );
  }

  /** The product list for a query without text, from the snapshot (and, for popular, the units sold). */
  async productList(query: ProductFilter): Promise<Representation> {
    const data = await this.catalogue.get();
    const sales = query.sort === 'popular' ? await this.unitsSold() : null;
    return data.productList(query, this.now(), sales);
  }

  /** The product list for a text search: ranked by the database, kept with the snapshot. */
  async textSearch(query: ProductListQuery): Promise<Representation> {
    const data = await this.catalogue.get();
    const sales = query.sort === 'popular' ? await this.unitsSold() : null;
    const now = this.now();
    return data.textSearch(query, now, sales, (q) => searchProducts(this.db, q, now, sales?.sold ?? null));
  }

  /**
   * The product list for a query without text when all it needs is in memory and current (the
   * snapshot, and for popular the units sold); null when `productList` would read the database.
   */
  currentProductList(query: ProductFilter): Representation | null {
    const data = this.catalogue.current();
    if (data === null) return null;
    const sales = query.sort === 'popular' ? this.freshSales() : null;
    if (query.sort === 'popular' && sales === null) return null;
    return data.productList(query, this.now(), sales);
  }

  private freshSales(): Sales | null {
    return this.sales && performance.now() - this.sales.readAt < this.salesMaxAgeMs ? this.sales : null;
  }

  /** The units sold, read again when older than `salesMaxAgeMs`; concurrent callers share one read. */
  private async unitsSold(): Promise<Sales> {
    const fresh = this.freshSales();
    if (fresh) return fresh;
    return (this.readingSales ??= (async () => {
      const readAt = performance.now();
      const sold = await unitsSold(this.db);
      // Unchanged figures keep their version, so the cached answer (and its ETag) stays.
      const before = this.sales;
      const same = before && before.sold.size === sold.size && [...sold].every(([id, n]) => before.sold.get(id) === n);
      this.sales = { sold, readAt, version: same ? before.version : ++this.salesVersion };
      return this.sales;
    })().finally(() => (this.readingSales = null)));
  }

  /** Makes the next popular list read the units sold again (tests, after making sales). */
  salesChanged(): void {
    if (this.sales) this.sales.readAt = -Infinity;
  }

  private async revisions(): Promise<Record<Sections, number>> {
    const rows = await queryRows<{ section: Sections; rev: string | number }>(
      this.db,
      sql`SELECT section, rev::text AS rev FROM catalogue_revisions`,
    );
    const out = { catalogue: 0, places: 0 };
    for (const r of rows) out[r.section] = Number(r.rev);
    return out;
  }

  private async revision(section: Sections): Promise<number> {
    return (await this.revisions())[section];
  }

  private async loadCatalogue(): Promise<CatalogueData> {
    const [products, vendors, categories, banners] = await Promise.all([
      listProductsRanked(this.db),
      listVendors(this.db),
      listCategoryRows(this.db),
      listBanners(this.db, true),
    ]);
    return new CatalogueData(products, vendors, categories, banners);
  }

  private async loadPlaces(): Promise<PlacesData> {
    const rows = await shownPlaces(this.db);
    const data = rows.map((p) => ({
      display_name: tidyPlaceName(p.displayName),
      city: p.city,
      country: p.country,
      street: p.street,
      lat: p.lat,
      lon: p.lon,
      place_id: p.placeId,
    }));
    const hits = rows.map((p) => ({
      place_id: p.placeId,
      display_name: tidyPlaceName(p.displayName),
      lat: p.lat,
      lon: p.lon,
      city: p.city,
      street: p.street,
      country: p.country,
      blocks: p.blocks ?? [],
      curated: p.source === 'curated',
    }));
    return new PlacesData(Representation.json({ success: true, data }), new PlaceIndex(hits));
  }

  /**
   * Reads the revisions and marks what moved on; tells the other instances when this instance is
   * the first to see it. Concurrent callers share one read.
   */
  async check(): Promise<void> {
    const revs = await (this.checking ??= this.revisions().finally(() => (this.checking = null)));
    const moved: Partial<Record<Sections, number>> = {};
    if (this.catalogue.heard(revs.catalogue)) moved.catalogue = revs.catalogue;
    if (this.places.heard(revs.places)) moved.places = revs.places;
    // Without Redis the other instances hear of it from their own periodic check.
    if (this.pub?.isReady && Object.keys(moved).length) {
      this.pub
        .publish(this.channel, JSON.stringify(moved))
        .catch((err: Error) => this.log.warn({ err: err.message }, 'catalogue: publish failed'));
    }
  }

  /** Called after every state-changing request this instance answers (app.ts). */
  afterWrite(): Promise<void> {
    // The embedded database's NOTIFY has already told this process.
    if (this.unlisten) return Promise.resolve();
    return this.check().catch((err: Error) => this.log.warn({ err: err.message }, 'catalogue: revision check failed'));
  }

  /** Starts the periodic check and, with Redis, listening to the other instances. */
  async start(
    opts: { pollMs?: number; redis?: { link: RedisLink; client: RedisClientType } | null; prefix?: string } = {},
  ): Promise<void> {
    // The embedded database tells this process of every commit that moved a revision, whoever
    // wrote it (a service, a test, the seed): exact without asking.
    if (this.database.listen) {
      this.unlisten = await this.database.listen('catalogue_revision', (payload) => {
        const [section, rev] = payload.split(' ');
        if (section === 'catalogue' || section === 'places') this[section].heard(Number(rev));
      });
    }
    if (opts.redis) {
      this.pub = opts.redis.client;
      this.channel = `${opts.prefix ?? ''}catalogue`;
      // Resubscribed by the client itself when Redis comes back after an outage.
      this.sub = await opts.redis.link.client('catalogue subscribe');
      await this.sub.subscribe(this.channel, (message) => {
        try {
          const moved = JSON.parse(message) as Partial<Record<Sections, number>>;
          if (typeof moved.catalogue === 'number') this.catalogue.heard(moved.catalogue);
          if (typeof moved.places === 'number') this.places.heard(moved.places);
        } catch {
          /* not ours */
        }
      });
    }
    const pollMs = opts.pollMs ?? 1_000;
    if (pollMs > 0) {
      const tick = () => {
        this.check()
          .catch((err: Error) => this.log.warn({ err: err.message }, 'catalogue: revision check failed'))
          .finally(() => {
            if (this.timer) this.timer = setTimeout(tick, pollMs).unref();
          });
      };
      this.timer = setTimeout(tick, pollMs).unref();
    }
  }

  async stop(): Promise<void> {
    if (this.unlisten) await this.unlisten().catch(() => undefined);
    this.unlisten = null;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    // The connections are closed with the instance's RedisLink.
    if (this.sub?.isReady) await this.sub.unsubscribe(this.channel).catch(() => undefined);
    this.sub = null;
    this.pub = null;
  }
}
