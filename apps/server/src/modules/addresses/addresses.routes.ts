import { z } from 'zod';
import { AddressInput, Id, isInServiceArea, MSG } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { badRequest, conflict, notFound } from '../../lib/errors.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { countAddresses, insertAddress, listAddresses, softDeleteAddress, toAddressDto, updateAddress, type Fields } from './addresses.repo.js';
import { findPlace } from '../geocoding/index.js';

export const MAX_ADDRESSES = 20;
export const OUTSIDE_AREA = 'This address is outside our delivery area.';
const Params = z.strictObject({ id: Id });

export const addressesModule: Module = async (app, ctx) => {
  defaultAccess(app, 'user');
  /**
   * Coordinates are required (picked from a suggestion) and must lie in the service area. With a
   * place id the gazetteer's coordinates win over the client's: the typed name may differ from the
   * place's (a lodge not in the list, saved at the nearest known place).
   */
  async function checked(body: AddressInput): Promise<Fields> {
    const { placeId, ...rest } = body;
    let { latitude, longitude } = body;
    let placeName: string | null = null;
    if (placeId) {
      const place = await findPlace(ctx.db, placeId);
      if (!place) throw badRequest(MSG.selectValidAddress, 'unknown_place');
      latitude = place.lat;
      longitude = place.lon;
      placeName = place.displayName;
    }
    if (latitude == null || longitude == null) throw badRequest(MSG.selectValidAddress, 'address_not_picked');
    if (!isInServiceArea({ latitude, longitude }, ctx.config.campus.serviceArea)) throw badRequest(OUTSIDE_AREA, 'outside_service_area');
    return { ...rest, latitude, longitude, placeId: placeId ?? null, placeName };
  }

  app.get('/api/address/get', { schema: { tags: ['address'] } }, async (req) => {
    const user = requireUser(req);
    return { success: true, addresses: (await listAddresses(ctx.db, user.id)).map(toAddressDto) };
  });

  app.post('/api/address/add', { schema: { tags: ['address'], body: AddressInput } }, async (req, reply) => {
    const user = requireUser(req);
    await rateLimit(ctx.limiter, reply, [{ key: `address:user:${user.id}`, limit: 30, windowMs: 3_600_000 }]);
    const fields = await checked(req.body);
    const row = await ctx.db.transaction(async (tx) => {
      if ((await countAddresses(tx, user.id)) >= MAX_ADDRESSES) throw conflict(`You can keep up to ${MAX_ADDRESSES} addresses. Delete one first.`, 'too_many_addresses');
      return insertAddress(tx, user.id, fields);
    });
    return { success: true, message: 'Address added', address: toAddressDto(row) };
  });

  app.post('/api/address/update/:id', { schema: { tags: ['address'], params: Params, body: AddressInput } }, async (req) => {
    const user = requireUser(req);
    const row = await updateAddress(ctx.db, user.id, req.params.id, await checked(req.body));
    if (!row) throw notFound('Address not found.');
    return { success: true, message: 'Address updated', address: toAddressDto(row) };
  });

  const remove = async (userId: string, id: string) => {
    if (!(await softDeleteAddress(ctx.db, userId, id))) throw notFound('Address not found.');
    return { success: true, message: 'Address deleted' };
  };
  app.post('/api/address/delete/:id', { schema: { tags: ['address'], params: Params } }, (req) => remove(requireUser(req).id, req.params.id));
  app.delete('/api/address/delete/:id', { schema: { tags: ['address'], params: Params } }, (req) => remove(requireUser(req).id, req.params.id));
};
