import { z } from 'zod';
import {
  AdminOrdersQuery, ApplicationParams, BannerInput, CategoryInput, Id, RefundInput, RejectInput, RoleChangeInput, UsersQuery,
} from '@jara/shared';
import { sendRepresentation } from '../../infra/snapshot.js';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { notFound } from '../../lib/errors.js';
import { requireRole } from '../../lib/http.js';
import { storeUploadedImage } from '../seller/index.js';
import { AdminService } from './admin.service.js';

const IdParams = z.strictObject({ id: Id });
const PathParams = z.strictObject({ path: z.string().regex(/^[a-z0-9-]{1,40}$/) });
const UploadQuery = z.strictObject({ kind: z.enum(['category', 'banner']) });

export const adminModule: Module = async (app, ctx) => {
  const admin = new AdminService(ctx);
  const tags = ['admin'];

  defaultAccess(app, ['admin']);

  app.get('/api/admin/applications', { schema: { tags } }, async () => ({ success: true, ...(await admin.applications()) }));

  app.post('/api/admin/applications/:kind/:id/approve', { schema: { tags, params: ApplicationParams } }, async (req) => {
    await admin.review(requireRole(req, 'admin'), req.params.kind, req.params.id, { approve: true });
    return { success: true, message: 'Application approved' };
  });

  app.post('/api/admin/applications/:kind/:id/reject', { schema: { tags, params: ApplicationParams, body: RejectInput } }, async (req) => {
    await admin.review(requireRole(req, 'admin'), req.params.kind, req.params.id, { approve: false, reason: req.body.reason });
    return { success: true, message: 'Application rejected' };
  });

  app.get('/api/admin/users', { schema: { tags, querystring: UsersQuery } }, async (req) => ({
    success: true, users: await admin.users(req.query.q || undefined, req.query.role),
  }));

  app.get('/api/admin/users/:id', { schema: { tags, params: IdParams } }, async (req) => ({ success: true, ...(await admin.userDetail(req.params.id)) }));

  app.post('/api/admin/users/:id/role', { schema: { tags, params: IdParams, body: RoleChangeInput } }, async (req) => {
    await admin.changeRole(requireRole(req, 'admin'), req.params.id, req.body.role, req.body.grant);
    return { success: true, message: req.body.grant ? 'Role granted' : 'Role withdrawn' };
  });

  app.get('/api/admin/orders', { schema: { tags, querystring: AdminOrdersQuery } }, async (req) => ({ success: true, orders: await admin.orders(req.query) }));
  app.get('/api/admin/orders/:id', { schema: { tags, params: IdParams } }, async (req) => ({ success: true, order: await admin.orderDetail(req.params.id) }));
  app.post('/api/admin/orders/:id/refund', { schema: { tags, params: IdParams, body: RefundInput } }, async (req) => {
    const r = await admin.refundOrder(requireRole(req, 'admin'), req.params.id, req.body);
    return { success: true, ...r, message: 'Refund queued' };
  });

  app.get('/api/admin/dispatches', { schema: { tags, querystring: AdminOrdersQuery } }, async (req) => ({ success: true, dispatches: await admin.dispatches(req.query) }));
  app.get('/api/admin/dispatches/:id', { schema: { tags, params: IdParams } }, async (req) => ({ success: true, dispatch: await admin.dispatchDetail(req.params.id) }));

  app.get('/api/admin/riders/low-rated', { schema: { tags } }, async () => ({ success: true, riders: await admin.lowRatedRiders() }));

  app.get('/api/admin/categories', { schema: { tags } }, async () => ({ success: true, categories: await admin.categories() }));
  app.post('/api/admin/categories', { schema: { tags, body: CategoryInput } }, async (req) => {
    await admin.saveCategory(req.body);
    return { success: true, message: 'Category saved' };
  });
  app.post('/api/admin/categories/:path/delete', { schema: { tags, params: PathParams } }, async (req) => {
    await admin.deleteCategory(req.params.path);
    return { success: true, message: 'Category deleted' };
  });

  app.get('/api/admin/banners', { schema: { tags } }, async () => ({ success: true, banners: await admin.banners() }));
  app.post('/api/admin/banners', { schema: { tags, body: BannerInput } }, async (req) => ({ success: true, banner: await admin.createBanner(req.body) }));
  app.post('/api/admin/banners/:id', { schema: { tags, params: IdParams, body: BannerInput } }, async (req) => ({
    success: true, banner: await admin.updateBanner(req.params.id, req.body),
  }));
  app.post('/api/admin/banners/:id/delete', { schema: { tags, params: IdParams } }, async (req) => {
    await admin.deleteBanner(req.params.id);
    return { success: true, message: 'Banner deleted' };
  });

  app.post('/api/admin/upload', { schema: { tags, querystring: UploadQuery } }, async (req) => ({
    success: true, url: await storeUploadedImage(req, ctx.storage, req.query.kind === 'category' ? 'categories' : 'banners'),
  }));

  app.get('/api/admin/outbox', { schema: { tags } }, async () => {
    if (ctx.config.isProduction) throw notFound();
    return { success: true, messages: await admin.outbox() };
  });

  /** The home banners anyone may see (active ones, in order). */
  app.get('/api/content/banners', { schema: { tags: ['catalogue'] }, config: { access: 'public' }, compress: false }, async (req, reply) => {
    // From the catalogue snapshot (catalog/snapshot.ts), like the home content.
    return sendRepresentation(req, reply, (await ctx.catalogue.catalogue.get()).banners);
  });
};
