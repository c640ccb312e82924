import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../context.js';
import type { Executor } from '../infra/db/client.js';
import { appSettings } from '../modules/push/push.tables.js';
import { categories } from '../modules/catalogue/catalogue.tables.js';
import { sha256 } from '../lib/crypto.js';
import { upsertPlaces } from '../modules/geocoding/places.repo.js';
import { SEED_CATEGORIES } from './catalogue-data.js';
import { renderCategoryImage } from './images.js';
import { CURATED_PLACES } from './places.js';

/** The app_settings row recording what reference data this database has had. */
const REFERENCE_DATA_KEY = 'reference-data';

/**
 * What was loaded: when the categories were given (once: after that they are the operator's),
 * and which version of the curated gazetteer (its hash) the places rows hold.
 */
const ReferenceState = z.object({
  categoriesAt: z.string().optional(),
  gazetteer: z.string().optional(),
});
type ReferenceState = z.infer<typeof ReferenceState>;

/** The curated gazetteer's version: it changes when a release edits the list. */
const GAZETTEER_VERSION = sha256(JSON.stringify(CURATED_PLACES));

async function readState(ex: Executor): Promise<ReferenceState> {
  const [row] = await ex
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, REFERENCE_DATA_KEY));
  // A row edited by hand into something else counts as nothing loaded: loading is idempotent.
  return ReferenceState.safeParse(row?.value).data ?? {};
}

async function writeState(ex: Executor, state: ReferenceState): Promise<void> {
  await ex
    .insert(appSettings)
    .values({ key: REFERENCE_DATA_KEY, value: state })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: state } });
}

export interface ReferenceLoaded {
  categories: number;
  places: number;
}

/**
 * The data every deployment needs before anyone can use it, production included (the demo's
 * accounts and products are not part of it): the six categories of SPEC §1 and the curated campus
 * gazetteer, without which no customer can save an address. Run at every start, under the start-up
 * lock; what is recorded in app_settings is not done again, so a second start writes nothing:
 *  - the categories are given once, and only to a database without any (one that has some, from
 *    the demo or an operator, keeps what it has); after that adding, editing and deleting them is
 *    the operator's, and a start never brings one back;
 *  - the curated places are upserted when the gazetteer of this release differs from the one last
 *    loaded (a first start, or a release that corrected the list); places imported with
 *    `places:import` have ids of their own and are left alone.
 * Category images are drawn and stored before their rows are written, so a start cut short
 * between the two finds the rows missing and loads them again.
 */
export async function loadReferenceData(ctx: Pick<AppContext, 'db' | 'storage' | 'log'>): Promise<ReferenceLoaded> {
  const state = await readState(ctx.db);
  const loaded: ReferenceLoaded = { categories: 0, places: 0 };
  if (state.categoriesAt && state.gazetteer === GAZETTEER_VERSION) return loaded;

  const [{ n: existing } = { n: 0 }] = await ctx.db.select({ n: sql<number>`count(*)::int` }).from(categories);
  const giveCategories = !state.categoriesAt && existing === 0;
  if (giveCategories) {
    for (const c of SEED_CATEGORIES) {
      const key = categoryImageKey(c.path);
      if (!(await ctx.storage.exists(key))) await ctx.storage.put(key, await renderCategoryImage(c.path, c.bgColor));
    }
  }
  await ctx.db.transaction(async (tx) => {
    if (giveCategories) {
      await tx
        .insert(categories)
        .values(
          SEED_CATEGORIES.map((c, position) => ({
            path: c.path,
            text: c.text,
            bgColor: c.bgColor,
            image: `/media/${categoryImageKey(c.path)}`,
            position,
          })),
        )
        .onConflictDoNothing({ target: categories.path });
      loaded.categories = SEED_CATEGORIES.length;
    }
    if (state.gazetteer !== GAZETTEER_VERSION) {
      loaded.places = await upsertPlaces(
        tx,
        CURATED_PLACES.map((p) => ({ ...p, source: 'curated' })),
      );
    }
    await writeState(tx, {
      categoriesAt: state.categoriesAt ?? new Date().toISOString(),
      gazetteer: GAZETTEER_VERSION,
    });
  });
  ctx.log.info(loaded, 'reference data loaded');
  return loaded;
}

/** Where a category's drawn image is stored (the same key the demo always used). */
function categoryImageKey(path: string): string {
  return `seed/categories/${path}.webp`;
}
