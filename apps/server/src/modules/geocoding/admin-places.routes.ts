import { AdminPlaceAnswer, AdminPlacesAnswer, AdminPlacesQuery, PlaceIdParams, PlaceInput } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { AdminPlaces } from './admin-places.service.js';

/** The admin's campus places (issue 33): admins only. */
export const placesAdminModule: Module = async (app, ctx) => {
  const places = new AdminPlaces(ctx);
  const tags = ['admin', 'geocoding'];
  defaultAccess(app, ['admin']);

  app.get(
    '/api/admin/places',
    { schema: { tags, querystring: AdminPlacesQuery, response: { 200: AdminPlacesAnswer } } },
    async (req) => ({ success: true as const, ...(await places.list(req.query)) }),
  );

  app.post(
    '/api/admin/places',
    { schema: { tags, body: PlaceInput, response: { 200: AdminPlaceAnswer } } },
    async (req) => ({ success: true as const, place: await places.create(req.body) }),
  );

  app.put(
    '/api/admin/places/:id',
    { schema: { tags, params: PlaceIdParams, body: PlaceInput, response: { 200: AdminPlaceAnswer } } },
    async (req) => ({ success: true as const, place: await places.update(req.params.id, req.body) }),
  );

  app.post(
    '/api/admin/places/:id/hide',
    { schema: { tags, params: PlaceIdParams, response: { 200: AdminPlaceAnswer } } },
    async (req) => ({ success: true as const, place: await places.setHidden(req.params.id, true) }),
  );

  app.post(
    '/api/admin/places/:id/unhide',
    { schema: { tags, params: PlaceIdParams, response: { 200: AdminPlaceAnswer } } },
    async (req) => ({ success: true as const, place: await places.setHidden(req.params.id, false) }),
  );
};
