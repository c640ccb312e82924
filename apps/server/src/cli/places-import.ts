/**
 * npm run places:import -- [--include-unnamed] [--city NAME] FILE.geojson...
 * Imports OpenStreetMap GeoJSON into the gazetteer (upsert by OSM id).
 */
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { featuresToPlaces } from '../modules/geocoding/osm-import.js';
import { upsertPlaces } from '../modules/geocoding/places.repo.js';
import { fail, openForCli } from './open.js';

async function run() {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { 'include-unnamed': { type: 'boolean', default: false }, city: { type: 'string' } },
  });
  if (!positionals.length) fail('Usage: npm run places:import -- [--include-unnamed] [--city NAME] FILE.geojson...');
  const { database } = await openForCli();
  try {
    let total = 0;
    for (const file of positionals) {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as { features?: never[] };
      const result = featuresToPlaces(parsed, { includeUnnamed: values['include-unnamed'], defaultCity: values.city });
      const n = await upsertPlaces(database.db, result.places);
      total += n;
      process.stdout.write(
        `${file}: ${n} places (skipped ${result.skippedUnnamed} without a name, ${result.skippedNoGeometry} without geometry)\n`,
      );
    }
    process.stdout.write(`Imported ${total} places.\n`);
  } finally {
    await database.close();
  }
}
run().catch(fail);
