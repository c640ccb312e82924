import {
  primaryRole,
  type AdminUserDetailAnswer,
  type AdminUserDto,
  type LowRatedRider,
  type Role,
} from '@jara/shared';
import type { AppContext } from '../../context.js';
import type { SessionUser } from '../../infra/sessions.js';
import { conflict, forbidden, notFound } from '../../lib/errors.js';
import {
  accountsByIds,
  findUserById,
  lockAccount,
  revokeVerification,
  searchAccounts,
  updateAccount,
} from '../auth/index.js';
import { vendorOfUser } from '../catalogue/index.js';
import { riderApplicationStatus, riderRating, ridersRatedBelow } from '../rider/index.js';
import * as repo from './admin.repo.js';
import { isoOf } from './records.js';

const LOW_RATING = 4.0;

/** An account as the admin's list and detail show it. */
function userDto(u: {
  id: string;
  name: string;
  email: string;
  roles: Role[];
  createdAt: Date;
  emailVerifiedAt: Date | null;
  phone: string | null;
  phoneVerifiedAt: Date | null;
  verifiedStudent: boolean;
}): AdminUserDto {
  return {
    _id: u.id,
    name: u.name,
    email: u.email,
    role: primaryRole(u.roles),
    roles: u.roles,
    createdAt: u.createdAt.toISOString(),
    emailVerified: u.emailVerifiedAt !== null,
    phone: u.phoneVerifiedAt ? u.phone : null,
    verifiedStudent: u.verifiedStudent && u.emailVerifiedAt !== null,
  };
}

/** Accounts: search, one account with its role history and rating, roles, riders rated low. */
export class AdminUsers {
  constructor(private readonly ctx: AppContext) {}

  async list(q?: string, role?: Role): Promise<AdminUserDto[]> {
    return (await searchAccounts(this.ctx.db, q, role)).map(userDto);
  }

  async detail(id: string): Promise<Omit<AdminUserDetailAnswer, 'success'>> {
    const u = await findUserById(this.ctx.db, id);
    if (!u) throw notFound('User not found.');
    const [history, rating] = await Promise.all([repo.roleHistory(this.ctx.db, id), riderRating(this.ctx.db, id)]);
    const actors = await accountsByIds(
      this.ctx.db,
      history.flatMap((h) => (h.actorId ? [h.actorId] : [])),
    );
    return {
      user: userDto(u),
      roleHistory: history.map((h) => ({
        from: h.fromRole,
        to: h.toRole,
        by: (h.actorId ? actors.get(h.actorId)?.name : undefined) ?? null,
        at: isoOf(h.createdAt),
      })),
      rating: rating.count ? { average: Math.round(rating.avg! * 10) / 10, count: rating.count } : null,
    };
  }

  /**
   * Grants or withdraws one role, keeping the others. Only an admin does it, never to their own
   * account; vendor and rider need an approved application; every account keeps one role; the
   * last admin keeps the admin role.
   */
  async changeRole(admin: SessionUser, userId: string, role: Role, grant: boolean) {
    if (userId === admin.id) throw forbidden('You cannot change your own roles.');
    const changed = await this.ctx.db.transaction(async (tx) => {
      // Locking only the target is not enough: A withdrawing B while B withdraws A lock different
      // rows, each counts two admins, and none is left. Every withdrawal of 'admin' first takes one
      // transaction-level advisory lock, then counts. Chosen over locking every admin's row: the
      // lock is one statement whatever the number of admins, it cannot deadlock with the
      // single-row locks other paths take on an admin's account (it is always taken first, and
      // only here), and it is released with the transaction, even when the process dies.
      // Granting needs no lock: it never lowers the count.
      if (role === 'admin' && !grant) await repo.lockAdminWithdrawals(tx);
      const user = await lockAccount(tx, userId);
      if (!user) throw notFound('User not found.');
      if (user.roles.includes(role) === grant) return false;
      if (role === 'admin' && !grant) {
        // Read after the lock, so it sees every withdrawal committed before this one.
        const others = (await searchAccounts(tx, undefined, 'admin')).filter((a) => a.id !== userId);
        if (!others.length)
          throw conflict('This is the last admin. Make another admin before you withdraw this one.', 'last_admin');
      }
      if (grant && (role === 'vendor' || role === 'rider')) {
        const status =
          role === 'vendor' ? (await vendorOfUser(tx, userId))?.status : await riderApplicationStatus(tx, userId);
        if (status !== 'approved')
          throw conflict(`Approve their ${role} application first.`, 'no_approved_application');
      }
      const next = grant ? [...user.roles, role] : user.roles.filter((r) => r !== role);
      if (!next.length) throw conflict('An account keeps at least one role.', 'last_role');
      await updateAccount(tx, userId, { roles: next });
      await repo.recordRoleChange(tx, userId, user.roles, next, admin.id);
      return true;
    });
    if (changed) this.ctx.realtime.setRoleRoom(userId, role, grant);
  }

  /** Withdraws the account's verified email and phone (abuse), recorded with the admin who did it. */
  async revokeVerification(admin: SessionUser, userId: string): Promise<void> {
    await this.ctx.db.transaction(async (tx) => {
      if (!(await lockAccount(tx, userId))) throw notFound('User not found.');
      await revokeVerification(tx, userId, admin.id);
    });
  }

  async lowRatedRiders(): Promise<LowRatedRider[]> {
    const rated = await ridersRatedBelow(this.ctx.db, LOW_RATING);
    const accounts = await accountsByIds(
      this.ctx.db,
      rated.map((r) => r.riderId),
    );
    return rated.flatMap((r) => {
      const a = accounts.get(r.riderId);
      if (!a) return [];
      return [
        { _id: r.riderId, name: a.name, email: a.email, average: Math.round(r.average * 10) / 10, count: r.count },
      ];
    });
  }
}
