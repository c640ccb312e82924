import { and, eq, gt, isNull } from 'drizzle-orm';
import { createRemoteJWKSet, jwtVerify } from 'jose';
import type { AppContext } from '../../context.js';
import type { Db, Executor } from '../../infra/db/client.js';
import type { SessionRow } from '../../infra/sessions.js';
import { passwordResets, users } from './auth.tables.js';
import { AppError, badRequest, conflict, unauthorized } from '../../lib/errors.js';
import { hashPassword, randomToken, safeEqualHex, sha256, verifyPassword } from '../../lib/crypto.js';
import { DEFAULT_LANGUAGE, lagosDayOf, type CartItems, type Language, type PublicUser } from '@jara/shared';
import {
  clearPassword,
  findUserByEmail,
  findUserById as findUserRow,
  languageOf,
  loadCart,
  loadWishList,
  markCartDay,
  replaceCart,
  passwordHashesOf,
  replaceWishList,
  sessionsWithUsers,
  setChatId,
  setLanguage as storeLanguage,
  toPublicUser,
  type PublicUserRow,
  type UserRow,
} from './users.repo.js';
import { knownProducts, productsOfOptions } from '../catalogue/index.js';
import { z } from 'zod';
import { jobKind } from '../../infra/jobs/jobs.js';
import { t } from './auth.messages.js';
import type { VerificationService } from './verification.service.js';

const RESET_TOKEN_TTL_MS = 15 * 60 * 1000;
export const PASSWORD_RESET_JOB = jobKind('auth.password-reset', z.object({ email: z.string() }));
const GOOGLE_ISSUERS = ['https://accounts.google.com', 'accounts.google.com'];

export class AuthService {
  private jwks: ReturnType<typeof createRemoteJWKSet> | null = null;

  constructor(
    private readonly ctx: AppContext,
    private readonly verification: VerificationService,
  ) {}

  /** The account as the API shows it (with its cart and wish list). */
  publicUser(user: PublicUserRow): Promise<PublicUser> {
    return toPublicUser(this.ctx.db, user);
  }

  /** The signed-in user as stored now; null when the account is gone. */
  async currentUser(userId: string): Promise<PublicUser | null> {
    const user = await findUserRow(this.ctx.db, userId);
    return user ? this.publicUser(user) : null;
  }

  /** The language the account's emails and pushes are written in, from now on; answers it as stored. */
  async setLanguage(userId: string, language: Language): Promise<Language> {
    const stored = await storeLanguage(this.ctx.db, userId, language);
    if (!stored) throw unauthorized();
    return stored;
  }

  /** Replaces the wish list; answers it as stored (unknown products dropped). */
  async updateWishList(userId: string, productIds: string[]): Promise<string[]> {
    return this.ctx.db.transaction(async (tx) => {
      const known = await knownProducts(tx, productIds);
      await replaceWishList(
        tx,
        userId,
        productIds.filter((id) => known.has(id)),
      );
      return loadWishList(tx, userId);
    });
  }

  /** Replaces the cart; answers it as stored (options of products that are gone dropped). */
  async updateCart(userId: string, cart: CartItems): Promise<CartItems> {
    const wanted = Object.entries(cart).flatMap(([productId, opts]) =>
      Object.entries(opts).map(([optionId, quantity]) => ({ productId, optionId, quantity })),
    );
    return this.ctx.db.transaction(async (tx) => {
      const productOf = await productsOfOptions(
        tx,
        wanted.map((w) => w.optionId),
      );
      const kept = wanted.filter((w) => productOf.get(w.optionId) === w.productId);
      await replaceCart(tx, userId, kept);
      if (kept.length) await markCartDay(tx, userId, lagosDayOf(this.ctx.clock.now()));
      return loadCart(tx, userId);
    });
  }

  /**
   * A new account, written to in the language the sign-up page was in; its email's verification
   * code is mailed in the same transaction (the account is unverified until it is entered).
   */
  async register(input: { name: string; email: string; password: string }, language: Language): Promise<UserRow> {
    const passwordHash = await hashPassword(input.password);
    return this.ctx.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({ name: input.name, email: input.email, passwordHash, roles: ['customer'], language })
        .onConflictDoNothing({ target: users.email })
        .returning();
      if (!row) throw conflict('An account with this email already exists. Please log in.', 'email_taken');
      await this.verification.sendFirstEmailCode(tx, row);
      return row;
    });
  }

  async login(email: string, password: string): Promise<UserRow> {
    const user = await findUserByEmail(this.ctx.db, email);
    const ok = await verifyPassword(password, user?.passwordHash ?? null);
    if (!user || !ok) throw unauthorized('Invalid email or password.');
    return user;
  }

  /**
   * Sets a new password: every other session of the account ends (the caller's own, `keepToken`,
   * stays) and every outstanding reset link stops working.
   */
  async changePassword(userId: string, current: string, next: string, keepToken: string | null): Promise<void> {
    const user = await findUserRow(this.ctx.db, userId);
    if (!user || !(await verifyPassword(current, user.passwordHash)))
      throw badRequest('Your current password is not correct.', 'wrong_password');
    const passwordHash = await hashPassword(next);
    await this.ctx.db.transaction(async (tx) => {
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await voidResetLinks(tx, userId);
    });
    await this.ctx.sessions.destroyAllFor(userId, keepToken);
  }

  /**
   * Asks for a reset link. The request only queues a job, the same work whether or not the
   * account exists, so neither the answer nor its timing tells; the job mails the link.
   */
  async requestPasswordReset(email: string): Promise<void> {
    await this.ctx.jobs.enqueue(this.ctx.db, PASSWORD_RESET_JOB, { email });
  }

  /** The job behind requestPasswordReset: mails a single-use link when the account exists. */
  async sendPasswordReset(email: string): Promise<void> {
    const user = await findUserByEmail(this.ctx.db, email);
    if (!user) return;
    const token = randomToken(32);
    await this.ctx.db.transaction(async (tx) => {
      await tx
        .insert(passwordResets)
        .values({ userId: user.id, tokenHash: sha256(token), expiresAt: new Date(Date.now() + RESET_TOKEN_TTL_MS) });
      const link = `${this.ctx.config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&id=${user.id}`;
      await this.ctx.mailer.send(tx, {
        to: user.email,
        subject: t(user.language, 'auth.email.reset.subject'),
        text: t(user.language, 'auth.email.reset.text', {
          name: user.name,
          minutes: RESET_TOKEN_TTL_MS / 60_000,
          link,
        }),
      });
    });
  }

  /** Uses a reset token once: sets the new password, voids the other links and signs the user out everywhere. */
  async resetPassword(userId: string, token: string, newPassword: string): Promise<void> {
    const hash = sha256(token);
    const candidates = await this.ctx.db
      .select()
      .from(passwordResets)
      .where(
        and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, new Date())),
      );
    const match = candidates.find((c) => safeEqualHex(c.tokenHash, hash));
    if (!match)
      throw badRequest('This reset link is invalid or has expired. Please ask for a new one.', 'invalid_reset_token');
    const passwordHash = await hashPassword(newPassword);
    await this.ctx.db.transaction(async (tx) => {
      const used = await tx
        .update(passwordResets)
        .set({ usedAt: new Date() })
        .where(and(eq(passwordResets.id, match.id), isNull(passwordResets.usedAt)))
        .returning({ id: passwordResets.id });
      if (!used.length)
        throw badRequest('This reset link is invalid or has expired. Please ask for a new one.', 'invalid_reset_token');
      await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
      await voidResetLinks(tx, userId);
    });
    await this.ctx.sessions.destroyAllFor(userId);
  }

  /**
   * Verifies a Google ID token (signature, audience, issuer, expiry) and finds or makes the user;
   * an account made here is written to in `language` (the page's), one found keeps its own.
   */
  async googleSignIn(idToken: string, language: Language): Promise<UserRow> {
    const clientId = this.ctx.config.google.clientId;
    if (!clientId) throw new AppError(400, 'google_disabled', 'Google sign-in is not available.');
    this.jwks ??= createRemoteJWKSet(new URL(this.ctx.config.google.jwksUrl), { timeoutDuration: 5000 });
    let claims: Record<string, unknown>;
    try {
      ({ payload: claims } = await jwtVerify(idToken, this.jwks, {
        issuer: GOOGLE_ISSUERS,
        audience: clientId,
        algorithms: ['RS256'],
      }));
    } catch (err) {
      this.ctx.log.info({ err: (err as Error).message }, 'google token refused');
      throw unauthorized('Google sign-in failed. Please try again.');
    }
    const sub = typeof claims.sub === 'string' ? claims.sub : null;
    const email = typeof claims.email === 'string' ? claims.email.toLowerCase() : null;
    if (!sub || !email || claims.email_verified !== true)
      throw unauthorized('Google sign-in failed. Please try again.');
    const name =
      typeof claims.name === 'string' && claims.name.trim() ? claims.name.trim().slice(0, 100) : email.split('@')[0]!;
    // Google vouches for the address (email_verified, required above): the account's email is
    // verified when it is the one Google gave, whatever way it was found or made.
    return this.ctx.db.transaction(async (tx) => {
      const [bySub] = await tx.select().from(users).where(eq(users.googleSub, sub));
      const byEmail = bySub ?? (await findUserByEmail(tx, email));
      let user: UserRow;
      if (bySub) user = bySub;
      else if (byEmail) {
        const [linked] = await tx.update(users).set({ googleSub: sub }).where(eq(users.id, byEmail.id)).returning();
        user = linked!;
      } else {
        const [created] = await tx
          .insert(users)
          .values({ name, email, googleSub: sub, roles: ['customer'], language })
          .returning();
        user = created!;
      }
      if (user.emailVerifiedAt || user.email !== email) return user;
      await this.verification.markEmailVerified(tx, user, 'google');
      return (await findUserRow(tx, user.id))!;
    });
  }
}

/** Marks every unused reset link of the user as used. */
async function voidResetLinks(tx: Executor, userId: string): Promise<void> {
  await tx
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, userId), isNull(passwordResets.usedAt)));
}

/** The account with this id, as stored. */
export function findUserById(ex: Executor, id: string): Promise<UserRow | undefined> {
  return findUserRow(ex, id);
}

/** The language the account with this id is written to in (English when there is no such account). */
export async function accountLanguage(ex: Executor, userId: string): Promise<Language> {
  return (await languageOf(ex, { id: userId })) ?? DEFAULT_LANGUAGE;
}

/** The language of the account with this email, if there is one (someone given an address, not an account). */
export async function languageOfEmail(ex: Executor, email: string): Promise<Language | undefined> {
  return languageOf(ex, { email });
}

/** The id of the account with this email, if there is one (a dispatch's recipient may have none). */
export async function accountIdOfEmail(ex: Executor, email: string): Promise<string | undefined> {
  return (await findUserByEmail(ex, email.trim().toLowerCase()))?.id;
}

/** Records the customer's support conversation on the account (PublicUser.chatId). */
export function linkChat(ex: Executor, userId: string, chatId: string): Promise<void> {
  return setChatId(ex, userId, chatId);
}

/** The session store's look-up: sessions by token hash with their user, in one statement (every request asks). */
export function findSessions(db: Db, idHashes: readonly string[]): Promise<SessionRow[]> {
  return sessionsWithUsers(db, idHashes);
}

/** Of the given accounts, the emails of those whose password is still the given one, in the given order. */
export async function accountsOnPassword(
  ex: Executor,
  accounts: readonly { email: string; password: string }[],
): Promise<string[]> {
  const rows = await passwordHashesOf(
    ex,
    accounts.map((a) => a.email),
  );
  const found: string[] = [];
  for (const a of accounts) {
    const row = rows.find((r) => r.email === a.email);
    if (row?.passwordHash && (await verifyPassword(a.password, row.passwordHash))) found.push(a.email);
  }
  return found;
}

/** Removes the password of these accounts (password login off); answers the ids of the accounts changed. */
export async function disablePasswordLogin(ex: Executor, emails: readonly string[]): Promise<string[]> {
  const ids: string[] = [];
  for (const email of emails) {
    const id = await clearPassword(ex, email);
    if (id) ids.push(id);
  }
  return ids;
}
