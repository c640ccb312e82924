import { z } from 'zod';
import {
  hasRole,
  DeclineInput, PayoutInput, Id, ItemsActionInput, OpenSwitchInput, ProductInput, ProductSearchQuery, SellerOrdersQuery, StockInput,
  VendorApplicationInput,
} from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { forbidden } from '../../lib/errors.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { storeUploadedImage } from './images.js';
import { registerPayoutJob } from './payouts.js';
import { SellerService } from './seller.service.js';

const IdParams = z.strictObject({ id: Id });
const UploadQuery = z.strictObject({ kind: z.enum(['profile', 'product']) });
const MINUTE = 60_000;

export const sellerModule: Module = async (app, ctx) => {
  const seller = new SellerService(ctx);
  registerPayoutJob(ctx);
  const tags = ['seller'];
  // Shop management is for vendors; applying (and the profile photo it needs) for any user.
  defaultAccess(app, ['vendor']);
  const applicant = { access: 'user' } as const;

  app.get('/api/seller/me', { schema: { tags }, config: applicant }, async (req) => {
    const user = requireUser(req);
    return { success: true, vendor: await seller.profile(user) };
  });

  app.post('/api/seller/apply', { schema: { tags, body: VendorApplicationInput }, config: applicant }, async (req, reply) => {
    const user = requireUser(req);
    await rateLimit(ctx.limiter, reply, [{ key: `seller-apply:${user.id}`, limit: 20, windowMs: 60 * MINUTE }]);
    return { success: true, vendor: await seller.apply(user, req.body), message: 'Application saved' };
  });

  /** One image per request: the applicant's profile photo, or a vendor's product image. */
  app.post('/api/seller/upload', { schema: { tags, querystring: UploadQuery }, config: applicant }, async (req, reply) => {
    const user = requireUser(req);
    await rateLimit(ctx.limiter, reply, [{ key: `seller-upload:${user.id}`, limit: 60, windowMs: 60 * MINUTE }]);
    let folder: string;
    if (req.query.kind === 'profile') {
      if (!hasRole(user, 'customer', 'vendor')) throw forbidden();
      folder = `vendors/${user.id}`;
    } else {
      folder = `products/${(await seller.requireVendor(user)).id}`;
    }
    return { success: true, url: await storeUploadedImage(req, ctx.storage, folder) };
  });

  app.post('/api/seller/open', { schema: { tags, body: OpenSwitchInput } }, async (req) => {
    const vendor = await seller.setOpen(requireUser(req), req.body.isOpen);
    return { success: true, vendor };
  });

  app.get('/api/seller/products', { schema: { tags, querystring: ProductSearchQuery } }, async (req) => {
    return { success: true, products: await seller.listProducts(requireUser(req), req.query.q || undefined) };
  });

  app.post('/api/seller/products', { schema: { tags, body: ProductInput } }, async (req) => {
    return { success: true, product: await seller.createProduct(requireUser(req), req.body), message: 'Product added' };
  });

  app.post('/api/seller/products/:id', { schema: { tags, params: IdParams, body: ProductInput } }, async (req) => {
    return { success: true, product: await seller.updateProduct(requireUser(req), req.params.id, req.body), message: 'Product saved' };
  });

  app.post('/api/seller/products/:id/stock', { schema: { tags, params: IdParams, body: StockInput } }, async (req) => {
    return { success: true, product: await seller.setStock(requireUser(req), req.params.id, req.body.inStock) };
  });

  app.post('/api/seller/products/:id/delete', { schema: { tags, params: IdParams } }, async (req) => {
    await seller.deleteProduct(requireUser(req), req.params.id);
    return { success: true, message: 'Product deleted' };
  });

  app.get('/api/seller/orders', { schema: { tags, querystring: SellerOrdersQuery } }, async (req) => {
    return { success: true, orders: await seller.listOrders(requireUser(req), req.query.scope) };
  });

  app.post('/api/seller/orders/:id/confirm', { schema: { tags, params: IdParams, body: ItemsActionInput } }, async (req) => {
    await seller.confirm(requireUser(req), req.params.id, req.body.itemIds);
    return { success: true, message: 'Order Confirmed' };
  });

  app.post('/api/seller/orders/:id/decline', { schema: { tags, params: IdParams, body: DeclineInput } }, async (req) => {
    await seller.decline(requireUser(req), req.params.id, req.body);
    return { success: true, message: 'Order Cancelled' };
  });

  app.get('/api/seller/earnings', { schema: { tags } }, async (req) => {
    return { success: true, earnings: await seller.earnings(requireUser(req)) };
  });

  app.post('/api/seller/payouts', { schema: { tags, body: PayoutInput } }, async (req, reply) => {
    const user = requireUser(req);
    await rateLimit(ctx.limiter, reply, [{ key: `payout:${user.id}`, limit: 10, windowMs: 60 * MINUTE }]);
    return { success: true, payout: await seller.requestPayout(user, req.body), message: 'Payout requested' };
  });
};
