import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  CartUpdateInput, ChangePasswordInput, GoogleSignInInput, LoginInput, RegisterInput, ResetPasswordInput,
  SendResetInput, WishListUpdateInput,
} from '@jara/shared';
import { desc } from 'drizzle-orm';
import type { Module } from '../types.js';
import type { AppContext } from '../../context.js';
import { mailOutbox } from '../../infra/db/schema.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { AuthService } from './auth.service.js';
import { SESSION_COOKIE } from './sessions.js';
import { findUserById, replaceCart, replaceWishList, toPublicUser, type UserRow } from './users.repo.js';

const MINUTE = 60_000;

export const authModule: Module = async (app, ctx) => {
  const auth = new AuthService(ctx);
  const secure = ctx.config.publicUrl.startsWith('https://');

  async function startSession(req: FastifyRequest, reply: FastifyReply, user: UserRow) {
    // Rotate: whatever session the browser had is ended before a new one is made.
    if (req.sessionToken) await ctx.sessions.destroy(req.sessionToken);
    const { token, expiresAt } = await ctx.sessions.create(user.id, req.headers['user-agent']);
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
    return toPublicUser(ctx.db, user);
  }

  const ipRule = (req: FastifyRequest, name: string, limit: number) => ({ key: `${name}:ip:${req.ip}`, limit, windowMs: 15 * MINUTE });

  app.get('/api/user/is-auth', { schema: { tags: ['user'] } }, async (req) => {
    if (!req.user) return { success: false, user: null, role: null, message: 'Not logged in' };
    const user = await findUserById(ctx.db, req.user.id);
    if (!user) return { success: false, user: null, role: null, message: 'Not logged in' };
    return { success: true, user: await toPublicUser(ctx.db, user), role: user.role };
  });

  app.post('/api/user/register', { schema: { tags: ['user'], body: RegisterInput } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [ipRule(req, 'register', 20)]);
    const user = await auth.register(req.body);
    return { success: true, user: await startSession(req, reply, user), message: 'Account created' };
  });

  app.post('/api/user/login', { schema: { tags: ['user'], body: LoginInput } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [ipRule(req, 'login', 30), { key: `login:email:${req.body.email}`, limit: 10, windowMs: 15 * MINUTE }]);
    const user = await auth.login(req.body.email, req.body.password);
    return { success: true, user: await startSession(req, reply, user), message: 'Logged in' };
  });

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.sessionToken) await ctx.sessions.destroy(req.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true, message: 'Logged out' };
  };
  app.get('/api/user/logout', { schema: { tags: ['user'] } }, logout);
  app.post('/api/user/logout', { schema: { tags: ['user'] } }, logout);

  app.post('/api/user/logout-all', { schema: { tags: ['user'] } }, async (req, reply) => {
    const user = requireUser(req);
    await ctx.sessions.destroyAllFor(user.id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true, message: 'Signed out on every device' };
  });

  app.post('/api/user/change-password', { schema: { tags: ['user'], body: ChangePasswordInput } }, async (req, reply) => {
    const user = requireUser(req);
    await rateLimit(ctx.limiter, reply, [{ key: `pw:user:${user.id}`, limit: 10, windowMs: 15 * MINUTE }]);
    await auth.changePassword(user.id, req.body.currentPassword, req.body.newPassword);
    return { success: true, message: 'Password changed' };
  });

  app.post('/api/user/sendPasswordResetEmail', { schema: { tags: ['user'], body: SendResetInput } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [ipRule(req, 'reset', 20), { key: `reset:email:${req.body.email}`, limit: 5, windowMs: 15 * MINUTE }]);
    await auth.sendPasswordReset(req.body.email);
    return { success: true, message: 'If an account exists for this email, a reset link is on its way.' };
  });

  app.post('/api/user/resetPassword', { schema: { tags: ['user'], body: ResetPasswordInput } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [ipRule(req, 'reset-use', 30)]);
    await auth.resetPassword(req.body.id, req.body.token, req.body.newPassword);
    return { success: true, message: 'Your password has been reset. Please log in.' };
  });

  app.post('/api/user/google-signin', { schema: { tags: ['user'], body: GoogleSignInInput } }, async (req, reply) => {
    await rateLimit(ctx.limiter, reply, [ipRule(req, 'google', 30)]);
    const user = await auth.googleSignIn(req.body.token);
    return { success: true, user: await startSession(req, reply, user), message: 'Logged in' };
  });

  app.post('/api/user/wishListUpdate', { schema: { tags: ['user'], body: WishListUpdateInput } }, async (req) => {
    const user = requireUser(req);
    await ctx.db.transaction((tx) => replaceWishList(tx, user.id, req.body.wishList));
    const stored = await toPublicUser(ctx.db, user);
    return { success: true, message: 'Wish list updated', wishList: stored.wishList };
  });

  app.post('/api/cart/update', { schema: { tags: ['cart'], body: CartUpdateInput } }, async (req) => {
    const user = requireUser(req);
    await ctx.db.transaction((tx) => replaceCart(tx, user.id, req.body.cartItems));
    const stored = await toPublicUser(ctx.db, user);
    return { success: true, message: 'Cart updated', cartItems: stored.cartItems };
  });

  app.get('/api/config', { schema: { tags: ['meta'] } }, async () => ({
    success: true,
    googleClientId: ctx.config.google.clientId,
    campusName: ctx.config.campus.name,
    serviceArea: ctx.config.campus.serviceArea,
  }));

  if (!ctx.config.isProduction) {
    // Development only: the mail outbox, so a reset link can be followed without SMTP.
    app.get('/api/dev/outbox', { schema: { tags: ['dev'], querystring: z.object({ to: z.string().optional() }) } }, async (req) => {
      const rows = await ctx.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id)).limit(50);
      const messages = rows
        .filter((r) => !req.query.to || r.toAddress === req.query.to.toLowerCase())
        .map((r) => ({ to: r.toAddress, subject: r.subject, text: r.textBody, createdAt: r.createdAt }));
      return { success: true, messages };
    });
  }
};

export type { AppContext };
