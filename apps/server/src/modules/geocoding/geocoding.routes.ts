import { GeocodingListAnswer, NearbyPlacesQuery, PlaceSearchQuery, SuggestionsAnswer } from '@jara/shared';
import { moduleWith } from '../types.js';
import type { CatalogueStore } from '../catalogue/index.js';
import { defaultAccess } from '../../lib/access.js';
import { sendRepresentation } from '../../infra/snapshot.js';
import { nearbyPlaces } from './places.repo.js';

/**
 * The gazetteer from memory (catalogue/snapshot.ts, decision 0011): the whole list built once per
 * change, and suggestions from an in-memory trigram index ranked as places.repo searchPlaces
 * ranks them in SQL.
 */
export const geocodingModule = moduleWith<{ catalogue: CatalogueStore }>(async (app, ctx, { catalogue: store }) => {
  defaultAccess(app, 'public');

  // These two answer bytes built once per gazetteer change, not serialised per request: their
  // schemas document them, and geocoding.test.ts checks the bytes against them.
  app.get(
    '/api/geocoding/fetchAddresses',
    { schema: { tags: ['geocoding'], response: { 200: GeocodingListAnswer } }, compress: false },
    async (req, reply) => {
      return sendRepresentation(req, reply, (await store.places.get()).list, 'public, max-age=3600');
    },
  );

  app.get(
    '/api/geocoding/search',
    {
      schema: { tags: ['geocoding'], querystring: PlaceSearchQuery, response: { 200: SuggestionsAnswer } },
      compress: false,
    },
    async (req, reply) => {
      return sendRepresentation(req, reply, (await store.places.get()).suggestions(req.query.q), null);
    },
  );

  app.get(
    '/api/geocoding/nearby',
    { schema: { tags: ['geocoding'], querystring: NearbyPlacesQuery, response: { 200: SuggestionsAnswer } } },
    async (req) => {
      return { success: true as const, data: await nearbyPlaces(ctx.db, req.query.lat, req.query.lon) };
    },
  );
});
