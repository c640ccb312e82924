import { type ApplicationsAnswer } from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import * as repo from './admin.repo.js';

/** Vendor and rider applications: the pending ones, and the admin's decision on each. */
export class AdminApplications {
  constructor(private readonly ctx: AppContext) {}

  async list(): Promise<Omit<ApplicationsAnswer, 'success'>> {
    const [vs, rs] = await Promise.all([repo.pendingVendors(this.ctx.db), repo.pendingRiders(this.ctx.db)]);
    return {
      vendors: vs.map(({ v, email, userName }) => ({
        _id: v.id,
        businessName: v.businessName,
        kind: v.kind,
        phone: v.phone,
        address: v.address,
        latitude: v.latitude,
        longitude: v.longitude,
        profilePhoto: v.profilePhoto,
        openingHours: v.openingHours,
        applicant: userName,
        email,
        createdAt: v.createdAt.toISOString(),
      })),
      riders: rs.map(({ r, email }) => ({
        _id: r.id,
        name: r.name,
        phone: r.phone,
        dateOfBirth: r.dateOfBirth,
        vehicle: r.vehicle,
        email,
        createdAt: r.createdAt.toISOString(),
      })),
    };
  }

  /** Approves or rejects a pending application; approval gives the applicant the role; both are emailed. */
  async review(
    admin: SessionUser,
    kind: 'vendor' | 'rider',
    id: string,
    decision: { approve: true } | { approve: false; reason: string },
  ) {
    await this.ctx.db.transaction(async (tx) => {
      const app = kind === 'vendor' ? await repo.lockVendor(tx, id) : await repo.lockRider(tx, id);
      if (!app) throw notFound('Application not found.');
      if (app.status !== 'pending') throw conflict(`This application is already ${app.status}.`, 'already_reviewed');
      if (!app.userId) throw conflict('This application has no account.', 'no_account');
      if (app.userId === admin.id) throw forbidden('You cannot review your own application.');
      const user = await repo.lockUser(tx, app.userId);
      if (!user) throw notFound('Application not found.');
      const name = kind === 'vendor' ? (app as { businessName: string }).businessName : user.name;
      if (decision.approve) {
        if (kind === 'vendor') await repo.setVendorStatus(tx, id, 'approved', null);
        else await repo.setRiderStatus(tx, id, 'approved', null);
        const role = kind === 'vendor' ? 'vendor' : 'rider';
        // The role is added to the ones the account holds: a vendor can ride, a rider can sell.
        if (!user.roles.includes(role))
          await repo.setRoles(tx, user.id, user.roles, [...user.roles, role], admin.id, `${kind} application approved`);
        const where = kind === 'vendor' ? `${this.ctx.config.publicUrl}/seller` : `${this.ctx.config.publicUrl}/rider`;
        await this.ctx.mailer.send(tx, {
          to: user.email,
          subject: kind === 'vendor' ? 'Your Jara shop is approved' : 'You are approved to ride with Jara',
          text: `Hello ${user.name},\n\nGood news: your ${kind === 'vendor' ? `shop "${name}"` : 'rider application'} has been approved. Open ${where} to get started.\n\nJara`,
        });
      } else {
        if (kind === 'vendor') await repo.setVendorStatus(tx, id, 'rejected', decision.reason);
        else await repo.setRiderStatus(tx, id, 'rejected', decision.reason);
        await this.ctx.mailer.send(tx, {
          to: user.email,
          subject: kind === 'vendor' ? 'About your Jara shop application' : 'About your Jara rider application',
          text: `Hello ${user.name},\n\nWe could not approve your ${kind === 'vendor' ? `shop "${name}"` : 'rider application'} yet.\n\nReason: ${decision.reason}\n\nYou can update your application and send it again from ${this.ctx.config.publicUrl}/${kind === 'vendor' ? 'seller' : 'rider'}.\n\nJara`,
        });
      }
    });
  }
}
