/**
 * Address search at real size: the server's trigram search (GIN index, top 5) against the
 * spec's original approach (download the whole gazetteer, fuzzy-search it on the phone with
 * Fuse.js, keys display_name/city/country, threshold 0.3, top 5) — same queries, one run.
 *
 *   npm run bench:address -w bench [-- --osm ../shared/data/osm-benin-city --rounds 3]
 */
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import Fuse from 'fuse.js';
import { sql } from 'drizzle-orm';
import { migrate, openPglite, queryRows } from '../apps/server/src/infra/db/client.js';
import { places } from '../apps/server/src/modules/geocoding/geocoding.tables.js';
import { featuresToPlaces } from '../apps/server/src/modules/geocoding/osm-import.js';
import { searchPlaces, upsertPlaces } from '../apps/server/src/modules/geocoding/places.repo.js';
import { CURATED_PLACES } from '../apps/server/src/seed/places.js';

const { values } = parseArgs({
  options: {
    osm: { type: 'string', default: path.resolve(import.meta.dirname, '../../shared/data/osm-benin-city') },
    rounds: { type: 'string', default: '3' },
  },
});
const rounds = Number(values.rounds);
const QUERIES = [
  'hall 2',
  'hal 3',
  'ekosodin',
  'main gate',
  'faculty of eng',
  'pharmacy',
  'ubth',
  'library',
  'uselu',
  'ugbowo market',
  'osasogie',
  'bdpa',
  'keystone',
  'church',
  'isihor',
  'nddc hostel',
  'lagos road',
  'police',
  'first bank',
  'total filling',
];

const database = await openPglite(null);
await migrate(database);
await upsertPlaces(
  database.db,
  CURATED_PLACES.map((p) => ({ ...p, source: 'curated' })),
);
if (!existsSync(values.osm)) {
  console.warn(`No OpenStreetMap extract at ${values.osm}: measuring the curated gazetteer only (pass --osm DIR).`);
} else {
  for (const f of readdirSync(values.osm).filter((f) => f.endsWith('.geojson'))) {
    const { places: rows } = featuresToPlaces(JSON.parse(readFileSync(path.join(values.osm, f), 'utf8')), {
      includeUnnamed: true,
    });
    await upsertPlaces(database.db, rows);
  }
}
const all = await database.db.select().from(places);
const list = all.map((p) => ({
  display_name: p.displayName,
  city: p.city,
  country: p.country,
  street: p.street,
  lat: p.lat,
  lon: p.lon,
  place_id: p.placeId,
}));
const fullPayload = gzipSync(JSON.stringify({ success: true, data: list })).length;

function time(fn: () => Promise<unknown> | unknown) {
  return async () => {
    const t = process.hrtime.bigint();
    await fn();
    return Number(process.hrtime.bigint() - t) / 1e6;
  };
}
function median(xs: number[]) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

// Warm both paths once.
for (const q of QUERIES) await searchPlaces(database.db, q);
const fuseBuild = await time(() => new Fuse(list, { keys: ['display_name', 'city', 'country'], threshold: 0.3 }))();
const fuse = new Fuse(list, { keys: ['display_name', 'city', 'country'], threshold: 0.3 });
for (const q of QUERIES) fuse.search(q, { limit: 5 });

const server: number[] = [];
const client: number[] = [];
let answerBytes = 0;
for (let r = 0; r < rounds; r++) {
  for (const q of QUERIES) {
    server.push(
      await time(async () => {
        const hits = await searchPlaces(database.db, q);
        if (r === 0) answerBytes += gzipSync(JSON.stringify({ success: true, data: hits })).length;
      })(),
    );
    client.push(await time(() => fuse.search(q, { limit: 5 }))());
  }
}
const [{ n } = { n: 0 }] = await queryRows<{ n: number }>(database.db, sql`select count(*)::int as n from places`);
const result = {
  places: n,
  queries: QUERIES.length * rounds,
  serverTrigramMedianMs: +median(server).toFixed(2),
  clientFuseMedianMs: +median(client).toFixed(2),
  clientFuseIndexBuildMs: +fuseBuild.toFixed(1),
  timeRatioClientOverServer: +(median(client) / median(server)).toFixed(1),
  bytesPerSearchServer: Math.round(answerBytes / QUERIES.length),
  bytesFullListGzip: fullPayload,
  bytesRatio: +(fullPayload / (answerBytes / QUERIES.length)).toFixed(0),
};
console.table(result);
await database.close();
