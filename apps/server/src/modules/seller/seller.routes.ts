import { z } from 'zod';
import {
  hasRole,
  DeclineInput,
  EarningsAnswer,
  ImageUploadAnswer,
  MessageAnswer,
  PayoutAnswer,
  PayoutInput,
  PreparationTimeInput,
  Id,
  ItemsActionInput,
  OpenSwitchInput,
  ProductInput,
  ProductSearchQuery,
  SellerApplyAnswer,
  SellerMeAnswer,
  SellerOpenAnswer,
  SellerOrdersAnswer,
  SellerOrdersQuery,
  SellerProductAnswer,
  SellerProductSavedAnswer,
  SellerProductsAnswer,
  SellerUploadQuery,
  StockInput,
  VendorApplicationInput,
} from '@jara/shared';
import { moduleWith } from '../types.js';
import type { PaymentService } from '../payments/index.js';
import { defaultAccess } from '../../lib/access.js';
import { forbidden } from '../../lib/errors.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { storeUploadedImage } from '../media/index.js';
import { SellerService } from './seller.service.js';

const IdParams = z.strictObject({ id: Id });
const MINUTE = 60_000;

export const sellerModule = moduleWith<{ payments: PaymentService }>(async (app, ctx, { payments }) => {
  const seller = new SellerService(ctx, payments);
  const tags = ['seller'];
  // Shop management is for vendors; applying (and the profile photo it needs) for any user.
  defaultAccess(app, ['vendor']);
  const applicant = { access: 'user' } as const;

  app.get('/api/seller/me', { schema: { tags, response: { 200: SellerMeAnswer } }, config: applicant }, async (req) => {
    const user = requireUser(req);
    return { success: true as const, vendor: await seller.profile(user) };
  });

  app.post(
    '/api/seller/apply',
    { schema: { tags, body: VendorApplicationInput, response: { 200: SellerApplyAnswer } }, config: applicant },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `seller-apply:${user.id}`, limit: 20, windowMs: 60 * MINUTE }]);
      return { success: true as const, vendor: await seller.apply(user, req.body), message: 'Application saved' };
    },
  );

  /** One image per request: the applicant's profile photo, or a vendor's product image. */
  app.post(
    '/api/seller/upload',
    { schema: { tags, querystring: SellerUploadQuery, response: { 200: ImageUploadAnswer } }, config: applicant },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `seller-upload:${user.id}`, limit: 60, windowMs: 60 * MINUTE }]);
      let folder: string;
      if (req.query.kind === 'profile') {
        if (!hasRole(user, 'customer', 'vendor')) throw forbidden();
        folder = `vendors/${user.id}`;
      } else {
        folder = `products/${(await seller.requireVendor(user)).id}`;
      }
      return { success: true as const, url: await storeUploadedImage(req, ctx.storage, folder) };
    },
  );

  app.post(
    '/api/seller/open',
    { schema: { tags, body: OpenSwitchInput, response: { 200: SellerOpenAnswer } } },
    async (req) => {
      const vendor = await seller.setOpen(requireUser(req), req.body.isOpen);
      return { success: true as const, vendor };
    },
  );

  app.post(
    '/api/seller/preparation',
    { schema: { tags, body: PreparationTimeInput, response: { 200: SellerOpenAnswer } } },
    async (req) => {
      const { preparationMinutes, slotCapacity } = req.body;
      const vendor = await seller.setPreparationMinutes(requireUser(req), preparationMinutes, slotCapacity);
      return { success: true as const, vendor };
    },
  );

  app.get(
    '/api/seller/products',
    { schema: { tags, querystring: ProductSearchQuery, response: { 200: SellerProductsAnswer } } },
    async (req) => {
      return {
        success: true as const,
        products: await seller.listProducts(requireUser(req), req.query.q || undefined),
      };
    },
  );

  app.post(
    '/api/seller/products',
    { schema: { tags, body: ProductInput, response: { 200: SellerProductSavedAnswer } } },
    async (req) => {
      return {
        success: true as const,
        product: await seller.createProduct(requireUser(req), req.body),
        message: 'Product added',
      };
    },
  );

  app.post(
    '/api/seller/products/:id',
    { schema: { tags, params: IdParams, body: ProductInput, response: { 200: SellerProductSavedAnswer } } },
    async (req) => {
      return {
        success: true as const,
        product: await seller.updateProduct(requireUser(req), req.params.id, req.body),
        message: 'Product saved',
      };
    },
  );

  app.post(
    '/api/seller/products/:id/stock',
    { schema: { tags, params: IdParams, body: StockInput, response: { 200: SellerProductAnswer } } },
    async (req) => {
      return {
        success: true as const,
        product: await seller.setStock(requireUser(req), req.params.id, req.body.inStock),
      };
    },
  );

  app.post(
    '/api/seller/products/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await seller.deleteProduct(requireUser(req), req.params.id);
      return { success: true as const, message: 'Product deleted' };
    },
  );

  app.get(
    '/api/seller/orders',
    { schema: { tags, querystring: SellerOrdersQuery, response: { 200: SellerOrdersAnswer } } },
    async (req) => {
      return { success: true as const, orders: await seller.listOrders(requireUser(req), req.query.scope) };
    },
  );

  app.post(
    '/api/seller/orders/:id/confirm',
    { schema: { tags, params: IdParams, body: ItemsActionInput, response: { 200: MessageAnswer } } },
    async (req) => {
      await seller.confirm(requireUser(req), req.params.id, req.body.itemIds);
      return { success: true as const, message: 'Order Confirmed' };
    },
  );

  app.post(
    '/api/seller/orders/:id/ready',
    { schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await seller.ready(requireUser(req), req.params.id);
      return { success: true as const, message: 'Ready for pickup' };
    },
  );

  app.post(
    '/api/seller/orders/:id/decline',
    { schema: { tags, params: IdParams, body: DeclineInput, response: { 200: MessageAnswer } } },
    async (req) => {
      await seller.decline(requireUser(req), req.params.id, req.body);
      return { success: true as const, message: 'Order Cancelled' };
    },
  );

  app.get('/api/seller/earnings', { schema: { tags, response: { 200: EarningsAnswer } } }, async (req) => {
    return { success: true as const, earnings: await seller.earnings(requireUser(req)) };
  });

  app.post(
    '/api/seller/payouts',
    { schema: { tags, body: PayoutInput, response: { 200: PayoutAnswer } } },
    async (req, reply) => {
      const user = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `payout:${user.id}`, limit: 10, windowMs: 60 * MINUTE }]);
      return {
        success: true as const,
        payout: await seller.requestPayout(user, req.body),
        message: 'Payout requested',
      };
    },
  );
});
