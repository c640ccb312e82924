import { z } from 'zod';
import {
  AdminCategoriesAnswer,
  AdminDispatchAnswer,
  AdminDispatchesAnswer,
  AdminDisputesAnswer,
  AdminDisputesQuery,
  AdminOrderAnswer,
  AdminOrdersAnswer,
  AdminOrdersQuery,
  AdminPayoutsAnswer,
  AdminPayoutsQuery,
  AdminRefundAnswer,
  AdminRefundsAnswer,
  AdminRefundsQuery,
  AdminUploadQuery,
  AdminUserDetailAnswer,
  AdminUsersAnswer,
  ApplicationParams,
  ApplicationsAnswer,
  BannerAnswer,
  BannerInput,
  BannersAnswer,
  BulkApproveAnswer,
  BulkApproveInput,
  CategoryInput,
  ChecklistAnswer,
  EtaAccuracyAnswer,
  Id,
  ImageUploadAnswer,
  LowRatedRidersAnswer,
  MessageAnswer,
  OutboxAnswer,
  RefundInput,
  RejectInput,
  RetryPayoutsAnswer,
  RetryPayoutsInput,
  RoleChangeInput,
  UsersQuery,
} from '@jara/shared';
import { sendRepresentation } from '../../infra/snapshot.js';
import { moduleWith } from '../types.js';
import type { CatalogueStore } from '../catalogue/index.js';
import type { PaymentService } from '../payments/index.js';
import { languageOf } from '../../infra/i18n.js';
import { defaultAccess } from '../../lib/access.js';
import { requireRole } from '../../lib/http.js';
import { storeUploadedImage } from '../media/index.js';
import { etaAccuracy } from '../routing/index.js';
import { AdminApplications } from './applications.service.js';
import { AdminChecklist } from './checklist.service.js';
import { AdminContent } from './content.service.js';
import { AdminDispatches } from './dispatches.service.js';
import { AdminOrders } from './orders.service.js';
import { AdminOutbox } from './outbox.service.js';
import { AdminPayouts } from './payouts.service.js';
import { AdminRefunds } from './refunds.service.js';
import { AdminUsers } from './users.service.js';

const IdParams = z.strictObject({ id: Id });
const PathParams = z.strictObject({ path: z.string().regex(/^[a-z0-9-]{1,40}$/) });

/** What the admin module uses of other modules' services: refunds, and the banners from the catalogue snapshot. */
interface AdminNeeds {
  payments: PaymentService;
  catalogue: CatalogueStore;
}

export const adminModule = moduleWith<AdminNeeds>(async (app, ctx, { payments, catalogue }) => {
  const applications = new AdminApplications(ctx);
  const users = new AdminUsers(ctx);
  const orders = new AdminOrders(ctx, payments);
  const dispatches = new AdminDispatches(ctx);
  const content = new AdminContent(ctx);
  const outbox = new AdminOutbox(ctx);
  const refunds = new AdminRefunds(ctx);
  const payouts = new AdminPayouts(ctx);
  const checklist = new AdminChecklist(ctx, catalogue);
  const tags = ['admin'];

  defaultAccess(app, ['admin']);

  app.get('/api/admin/applications', { schema: { tags, response: { 200: ApplicationsAnswer } } }, async () => ({
    success: true as const,
    ...(await applications.list()),
  }));

  // Several at once (up to 50), each in its own transaction: the answer says which went and why the others did not.
  app.post(
    '/api/admin/applications/approve',
    { schema: { tags, body: BulkApproveInput, response: { 200: BulkApproveAnswer } } },
    async (req) => ({
      success: true as const,
      results: await applications.approveMany(requireRole(req, 'admin'), req.body.items, languageOf(req)),
    }),
  );

  app.post(
    '/api/admin/applications/:kind/:id/approve',
    { schema: { tags, params: ApplicationParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await applications.review(requireRole(req, 'admin'), req.params.kind, req.params.id, { approve: true });
      return { success: true as const, message: 'Application approved' };
    },
  );

  app.post(
    '/api/admin/applications/:kind/:id/reject',
    { schema: { tags, params: ApplicationParams, body: RejectInput, response: { 200: MessageAnswer } } },
    async (req) => {
      await applications.review(requireRole(req, 'admin'), req.params.kind, req.params.id, {
        approve: false,
        reason: req.body.reason,
      });
      return { success: true as const, message: 'Application rejected' };
    },
  );

  app.get(
    '/api/admin/users',
    { schema: { tags, querystring: UsersQuery, response: { 200: AdminUsersAnswer } } },
    async (req) => ({
      success: true as const,
      users: await users.list(req.query.q || undefined, req.query.role),
    }),
  );

  app.get(
    '/api/admin/users/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminUserDetailAnswer } } },
    async (req) => ({
      success: true as const,
      ...(await users.detail(req.params.id)),
    }),
  );

  app.post(
    '/api/admin/users/:id/role',
    { schema: { tags, params: IdParams, body: RoleChangeInput, response: { 200: MessageAnswer } } },
    async (req) => {
      await users.changeRole(requireRole(req, 'admin'), req.params.id, req.body.role, req.body.grant);
      return { success: true as const, message: req.body.grant ? 'Role granted' : 'Role withdrawn' };
    },
  );

  // Abuse (decision 0050): the account's email and phone are unverified again, recorded with the admin.
  app.post(
    '/api/admin/users/:id/revoke-verification',
    { schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await users.revokeVerification(requireRole(req, 'admin'), req.params.id);
      return { success: true as const, message: 'Verification revoked' };
    },
  );

  app.get(
    '/api/admin/orders',
    { schema: { tags, querystring: AdminOrdersQuery, response: { 200: AdminOrdersAnswer } } },
    async (req) => ({
      success: true as const,
      orders: await orders.list(req.query),
    }),
  );
  app.get(
    '/api/admin/orders/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminOrderAnswer } } },
    async (req) => ({
      success: true as const,
      order: await orders.detail(req.params.id),
    }),
  );
  app.post(
    '/api/admin/orders/:id/refund',
    { schema: { tags, params: IdParams, body: RefundInput, response: { 200: AdminRefundAnswer } } },
    async (req) => {
      const r = await orders.refund(requireRole(req, 'admin'), req.params.id, req.body);
      return { success: true as const, ...r, message: 'Refund queued' };
    },
  );

  // The refund queue (issue 30): every refund, whatever made it, filtered, with the totals.
  app.get(
    '/api/admin/refunds',
    { schema: { tags, querystring: AdminRefundsQuery, response: { 200: AdminRefundsAnswer } } },
    async (req) => ({
      success: true as const,
      ...(await refunds.list(req.query)),
    }),
  );
  // Disputes outside their threads: the open ones are the queue support and admins settle.
  app.get(
    '/api/admin/disputes',
    { schema: { tags, querystring: AdminDisputesQuery, response: { 200: AdminDisputesAnswer } } },
    async (req) => ({
      success: true as const,
      disputes: await refunds.disputes(req.query.state),
    }),
  );

  // Payouts to vendors and riders; failed ones sent again (up to 50 at once, each on its own).
  app.get(
    '/api/admin/payouts',
    { schema: { tags, querystring: AdminPayoutsQuery, response: { 200: AdminPayoutsAnswer } } },
    async (req) => ({ success: true as const, payouts: await payouts.list(req.query) }),
  );
  app.post(
    '/api/admin/payouts/retry',
    { schema: { tags, body: RetryPayoutsInput, response: { 200: RetryPayoutsAnswer } } },
    async (req) => ({ success: true as const, results: await payouts.retry(req.body.ids, languageOf(req)) }),
  );

  // The first-run checklist: what a new deployment still lacks.
  app.get('/api/admin/checklist', { schema: { tags, response: { 200: ChecklistAnswer } } }, async () => ({
    success: true as const,
    items: await checklist.items(),
  }));

  app.get(
    '/api/admin/dispatches',
    { schema: { tags, querystring: AdminOrdersQuery, response: { 200: AdminDispatchesAnswer } } },
    async (req) => ({
      success: true as const,
      dispatches: await dispatches.list(req.query),
    }),
  );
  app.get(
    '/api/admin/dispatches/:id',
    { schema: { tags, params: IdParams, response: { 200: AdminDispatchAnswer } } },
    async (req) => ({
      success: true as const,
      dispatch: await dispatches.detail(req.params.id),
    }),
  );

  app.get('/api/admin/riders/low-rated', { schema: { tags, response: { 200: LowRatedRidersAnswer } } }, async () => ({
    success: true as const,
    riders: await users.lowRatedRiders(),
  }));

  app.get('/api/admin/eta-accuracy', { schema: { tags, response: { 200: EtaAccuracyAnswer } } }, async () => ({
    success: true as const,
    accuracy: await etaAccuracy(ctx.db),
  }));

  app.get('/api/admin/categories', { schema: { tags, response: { 200: AdminCategoriesAnswer } } }, async () => ({
    success: true as const,
    categories: await content.categories(),
  }));
  app.post(
    '/api/admin/categories',
    { schema: { tags, body: CategoryInput, response: { 200: MessageAnswer } } },
    async (req) => {
      await content.saveCategory(req.body);
      return { success: true as const, message: 'Category saved' };
    },
  );
  app.post(
    '/api/admin/categories/:path/delete',
    { schema: { tags, params: PathParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await content.deleteCategory(req.params.path);
      return { success: true as const, message: 'Category deleted' };
    },
  );

  app.get('/api/admin/banners', { schema: { tags, response: { 200: BannersAnswer } } }, async () => ({
    success: true as const,
    banners: await content.banners(),
  }));
  app.post(
    '/api/admin/banners',
    { schema: { tags, body: BannerInput, response: { 200: BannerAnswer } } },
    async (req) => ({
      success: true as const,
      banner: await content.createBanner(req.body),
    }),
  );
  app.post(
    '/api/admin/banners/:id',
    { schema: { tags, params: IdParams, body: BannerInput, response: { 200: BannerAnswer } } },
    async (req) => ({
      success: true as const,
      banner: await content.updateBanner(req.params.id, req.body),
    }),
  );
  app.post(
    '/api/admin/banners/:id/delete',
    { schema: { tags, params: IdParams, response: { 200: MessageAnswer } } },
    async (req) => {
      await content.deleteBanner(req.params.id);
      return { success: true as const, message: 'Banner deleted' };
    },
  );

  app.post(
    '/api/admin/upload',
    { schema: { tags, querystring: AdminUploadQuery, response: { 200: ImageUploadAnswer } } },
    async (req) => ({
      success: true as const,
      url: await storeUploadedImage(req, ctx.storage, req.query.kind === 'category' ? 'categories' : 'banners'),
    }),
  );

  // Outside production only (the service answers 404 there): what the app would have emailed and texted.
  app.get('/api/admin/outbox', { schema: { tags, response: { 200: OutboxAnswer } } }, async () => ({
    success: true as const,
    messages: await outbox.list(),
    sms: await outbox.listSms(),
  }));

  /** The home banners anyone may see (active ones, in order). */
  app.get(
    '/api/content/banners',
    {
      // Bytes from the snapshot, not serialised here: the schema documents them.
      schema: { tags: ['catalogue'], response: { 200: BannersAnswer } },
      config: { access: 'public' },
      compress: false,
    },
    async (req, reply) => {
      // From the catalogue snapshot (catalogue/snapshot.ts), like the home content.
      return sendRepresentation(req, reply, (await catalogue.catalogue.get()).banners);
    },
  );
});
