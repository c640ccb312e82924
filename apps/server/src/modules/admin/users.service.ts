import { eq } from 'drizzle-orm';
import {
  primaryRole,
  type AdminUserDetailAnswer,
  type AdminUserDto,
  type LowRatedRider,
  type Role,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import { riders } from '../rider/rider.tables.js';
import { vendors } from '../catalogue/catalogue.tables.js';
import type { SessionUser } from '../../infra/sessions.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import { findUserById } from '../auth/index.js';
import { riderRating } from '../rider/index.js';
import * as repo from './admin.repo.js';
import { isoOf } from './records.js';

const LOW_RATING = 4.0;

/** Accounts: search, one account with its role history and rating, roles, riders rated low. */
export class AdminUsers {
  constructor(private readonly ctx: AppContext) {}

  async list(q?: string, role?: Role): Promise<AdminUserDto[]> {
    return (await repo.searchUsers(this.ctx.db, q, role)).map((u) => ({
      _id: u.id,
      name: u.name,
      email: u.email,
      role: primaryRole(u.roles),
      roles: u.roles,
      createdAt: u.createdAt.toISOString(),
    }));
  }

  async detail(id: string): Promise<Omit<AdminUserDetailAnswer, 'success'>> {
    const u = await findUserById(this.ctx.db, id);
    if (!u) throw notFound('User not found.');
    const [history, rating] = await Promise.all([repo.roleHistory(this.ctx.db, id), riderRating(this.ctx.db, id)]);
    return {
      user: {
        _id: u.id,
        name: u.name,
        email: u.email,
        role: primaryRole(u.roles),
        roles: u.roles,
        createdAt: u.createdAt.toISOString(),
      },
      roleHistory: history.map((h) => ({
        from: h.from_role,
        to: h.to_role,
        by: h.actor_name,
        at: isoOf(h.created_at),
      })),
      rating: rating.count ? { average: Math.round(rating.avg! * 10) / 10, count: rating.count } : null,
    };
  }

  /**
   * Grants or withdraws one role, keeping the others. Only an admin does it, never to their own
   * account; vendor and rider need an approved application; every account keeps one role.
   */
  async changeRole(admin: SessionUser, userId: string, role: Role, grant: boolean) {
    if (userId === admin.id) throw forbidden('You cannot change your own roles.');
    const changed = await this.ctx.db.transaction(async (tx) => {
      const user = await repo.lockUser(tx, userId);
      if (!user) throw notFound('User not found.');
      if (user.roles.includes(role) === grant) return false;
      if (grant && (role === 'vendor' || role === 'rider')) {
        const table = role === 'vendor' ? vendors : riders;
        const [app] = await tx.select({ status: table.status }).from(table).where(eq(table.userId, userId));
        if (app?.status !== 'approved')
          throw conflict(`Approve their ${role} application first.`, 'no_approved_application');
      }
      const next = grant ? [...user.roles, role] : user.roles.filter((r) => r !== role);
      if (!next.length) throw conflict('An account keeps at least one role.', 'last_role');
      await repo.setRoles(tx, userId, user.roles, next, admin.id);
      return true;
    });
    if (changed) this.ctx.realtime.setRoleRoom(userId, role, grant);
  }

  async lowRatedRiders(): Promise<LowRatedRider[]> {
    return (await repo.lowRatedRiders(this.ctx.db, LOW_RATING)).map((r) => ({
      _id: r.user_id,
      name: r.name,
      email: r.email,
      average: Math.round(Number(r.avg) * 10) / 10,
      count: Number(r.count),
    }));
  }
}
