import {
  type ApplicationsAnswer,
  type BulkApproveAnswer,
  type BulkApproveInput,
  type Language,
  type Role,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { errorMessage } from '../../infra/i18n.js';
import { AppError, conflict, forbidden, notFound } from '../../lib/errors.js';
import { accountsByIds, lockAccount, updateAccount } from '../auth/index.js';
import { lockShop, pendingShops, updateShop } from '../catalogue/index.js';
import { decideRiderApplication, lockRiderApplication, pendingRiderApplications } from '../rider/index.js';
import { recordRoleChange } from './admin.repo.js';
import { t } from './admin.messages.js';

/** Vendor and rider applications: the pending ones, and the admin's decision on each. */
export class AdminApplications {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<Omit<ApplicationsAnswer, 'success'>> {
    const [vs, rs] = await Promise.all([pendingShops(this.ctx.db), pendingRiderApplications(this.ctx.db)]);
    const accounts = await accountsByIds(this.ctx.db, [
      ...vs.flatMap((v) => (v.userId ? [v.userId] : [])),
      ...rs.map((r) => r.userId),
    ]);
    const account = (userId: string | null) => (userId ? accounts.get(userId) : undefined);
    return {
      vendors: vs.map((v) => ({
        _id: v.id,
        businessName: v.businessName,
        kind: v.kind,
        phone: v.phone,
        address: v.address,
        latitude: v.latitude,
        longitude: v.longitude,
        profilePhoto: v.profilePhoto,
        openingHours: v.openingHours,
        // A shop without its account still shows, its applicant unknown.
        applicant: account(v.userId)?.name ?? null,
        email: account(v.userId)?.email ?? null,
        createdAt: v.createdAt.toISOString(),
      })),
      // A rider application shows only with its account.
      riders: rs.flatMap((r) => {
        const a = account(r.userId);
        if (!a) return [];
        return [
          {
            _id: r.id,
            name: r.name,
            phone: r.phone,
            dateOfBirth: r.dateOfBirth,
            vehicle: r.vehicle,
            email: a.email,
            createdAt: r.createdAt.toISOString(),
          },
        ];
      }),
    };
  }

  /**
   * Approves several applications, one after another, each in its own transaction: one that
   * cannot be approved (already reviewed, gone, the admin's own) is answered with why, in the
   * admin's language, and the others still go through.
   */
  async approveMany(
    admin: SessionUser,
    items: BulkApproveInput['items'],
    lang: Language,
  ): Promise<BulkApproveAnswer['results']> {
    const results: BulkApproveAnswer['results'] = [];
    for (const { kind, id } of items) {
      try {
        await this.review(admin, kind, id, { approve: true });
        results.push({ kind, id, ok: true });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        results.push({ kind, id, ok: false, code: err.code, message: errorMessage(lang, err.code, err.message) });
      }
    }
    return results;
  }

  /** Approves or rejects a pending application; approval gives the applicant the role; both are emailed. */
  async review(
    admin: SessionUser,
    kind: 'vendor' | 'rider',
    id: string,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    await this.ctx.db.transaction(async (tx) => {
      const app = kind === 'vendor' ? await lockShop(tx, id) : await lockRiderApplication(tx, id);
      if (!app) throw notFound('Application not found.');
      if (app.status !== 'pending') throw conflict(`This application is already ${app.status}.`, 'already_reviewed');
      if (!app.userId) throw conflict('This application has no account.', 'no_account');
      if (app.userId === admin.id) throw forbidden('You cannot review your own application.');
      const user = await lockAccount(tx, app.userId);
      if (!user) throw notFound('Application not found.');
      const name = kind === 'vendor' ? (app as { businessName: string }).businessName : user.name;
      // Written in the applicant's language.
      const lang = user.language;
      const link = `${this.ctx.config.publicUrl}/${kind === 'vendor' ? 'seller' : 'rider'}`;
      if (decision.approve) {
        if (kind === 'vendor') await updateShop(tx, id, { status: 'approved', rejectionReason: null });
        else await decideRiderApplication(tx, id, 'approved', null);
        const role: Role = kind === 'vendor' ? 'vendor' : 'rider';
        // The role is added to the ones the account holds: a vendor can ride, a rider can sell.
        if (!user.roles.includes(role)) {
          const roles = [...user.roles, role];
          await updateAccount(tx, user.id, { roles });
          await recordRoleChange(tx, user.id, user.roles, roles, admin.id, `${kind} application approved`);
        }
        await this.ctx.mailer.send(tx, {
          to: user.email,
          ...(kind === 'vendor'
            ? {
                subject: t(lang, 'admin.email.approved.shop.subject'),
                text: t(lang, 'admin.email.approved.shop.text', { name: user.name, shop: name, link }),
              }
            : {
                subject: t(lang, 'admin.email.approved.rider.subject'),
                text: t(lang, 'admin.email.approved.rider.text', { name: user.name, link }),
              }),
        });
      } else {
        if (kind === 'vendor') await updateShop(tx, id, { status: 'rejected', rejectionReason: decision.reason });
        else await decideRiderApplication(tx, id, 'rejected', decision.reason);
        const values = { name: user.name, shop: name, reason: decision.reason, link };
        await this.ctx.mailer.send(tx, {
          to: user.email,
          ...(kind === 'vendor'
            ? {
                subject: t(lang, 'admin.email.rejected.shop.subject'),
                text: t(lang, 'admin.email.rejected.shop.text', values),
              }
            : {
                subject: t(lang, 'admin.email.rejected.rider.subject'),
                text: t(lang, 'admin.email.rejected.rider.text', values),
              }),
        });
      }
    });
  }
}
