import { z } from 'zod';
import { AddressAnswer, AddressBody, AddressListAnswer, Id, MessageAnswer } from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { AddressService } from './addresses.service.js';

const Params = z.strictObject({ id: Id });

export const addressesModule: Module = async (app, ctx) => {
  defaultAccess(app, 'user');
  const book = new AddressService(ctx);

  app.get('/api/address/get', { schema: { tags: ['address'], response: { 200: AddressListAnswer } } }, async (req) => {
    return { success: true as const, addresses: await book.list(requireUser(req).id) };
  });

  app.post(
    '/api/address/add',
    { schema: { tags: ['address'], body: AddressBody, response: { 200: AddressAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `address:user:${user.id}`, limit: 30, windowMs: 3_600_000 }]);
      return { success: true as const, message: 'Address added', address: await book.add(user.id, req.body) };
    },
  );

  app.post(
    '/api/address/update/:id',
    { schema: { tags: ['address'], params: Params, body: AddressBody, response: { 200: AddressAnswer } } },
    async (req) => {
      const address = await book.update(requireUser(req).id, req.params.id, req.body);
      return { success: true as const, message: 'Address updated', address };
    },
  );

  // Deleting is offered as POST (the spec's) and DELETE.
  const removal = { schema: { tags: ['address'], params: Params, response: { 200: MessageAnswer } } };
  const remove = async (userId: string, id: string) => {
    await book.remove(userId, id);
    return { success: true as const, message: 'Address deleted' };
  };
  app.post('/api/address/delete/:id', removal, (req) => remove(requireUser(req).id, req.params.id));
  app.delete('/api/address/delete/:id', removal, (req) => remove(requireUser(req).id, req.params.id));
};
