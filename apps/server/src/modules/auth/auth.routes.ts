import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  CartAnswer,
  CartUpdateInput,
  ChangePasswordInput,
  deliveryFeeRange,
  GoogleSignInInput,
  IsAuthAnswer,
  koboToNaira,
  LanguageAnswer,
  LanguageInput,
  LoginInput,
  MessageAnswer,
  PhoneInput,
  PublicConfig,
  RegisterInput,
  ResetPasswordInput,
  SendResetInput,
  UserAnswer,
  VerificationAnswer,
  VerificationCodeInput,
  WishListAnswer,
  WishListUpdateInput,
} from '@jara/shared';
import type { Module } from '../types.js';
import { defaultAccess } from '../../lib/access.js';
import { rateLimit, requireUser } from '../../lib/http.js';
import { AuthService, PASSWORD_RESET_JOB } from './auth.service.js';
import { SESSION_COOKIE } from '../../infra/sessions.js';
import { AppError, unauthorized } from '../../lib/errors.js';
import { languageOf } from '../../infra/i18n.js';
import { ownPageCheck } from '../../lib/origin.js';
import type { UserRow } from './users.repo.js';
import { jobKind, noPayload } from '../../infra/jobs/jobs.js';
import { VerificationService } from './verification.service.js';

const MINUTE = 60_000;
const SESSIONS_PURGE_JOB = jobKind('sessions.purge', noPayload);

export const authModule: Module = async (app, ctx) => {
  defaultAccess(app, 'public');
  const verification = new VerificationService(ctx);
  const auth = new AuthService(ctx, verification);
  // STUDENT_EMAIL_DOMAINS may have changed since the last start: the marks follow it.
  const remarked = await verification.refreshStudentMarks();
  if (remarked) ctx.log.info({ accounts: remarked }, 'verified-student marks follow STUDENT_EMAIL_DOMAINS');
  ctx.jobs.register(PASSWORD_RESET_JOB, async ({ email }) => auth.sendPasswordReset(email));
  // Expired and idle sessions are refused on read already; the hourly purge keeps the table small.
  ctx.jobs.register(SESSIONS_PURGE_JOB, () => ctx.sessions.purgeExpired());
  ctx.jobs.schedule(SESSIONS_PURGE_JOB, 60 * MINUTE);
  const signedIn = { access: 'user' } as const;
  const secure = ctx.config.publicUrl.startsWith('https://');

  async function startSession(req: FastifyRequest, reply: FastifyReply, user: UserRow) {
    // Rotate: whatever session the browser had is ended before a new one is made.
    if (req.sessionToken) await ctx.sessions.destroy(req.sessionToken);
    const { token, expiresAt } = await ctx.sessions.create(user.id, req.headers['user-agent']);
    reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', secure, path: '/', expires: expiresAt });
    return auth.publicUser(user);
  }

  const ipRule = (req: FastifyRequest, name: string, limit: number) => ({
    key: `${name}:ip:${req.ip}`,
    limit,
    windowMs: 15 * MINUTE,
  });

  app.get(
    '/api/user/is-auth',
    { schema: { tags: ['user'], response: { 200: IsAuthAnswer } }, config: { access: 'optional' } },
    async (req) => {
      const user = req.user && (await auth.currentUser(req.user.id));
      if (!user) return { success: false as const, user: null, role: null, message: 'Not logged in' };
      return { success: true as const, user, role: user.role };
    },
  );

  app.post(
    '/api/user/register',
    { schema: { tags: ['user'], body: RegisterInput, response: { 200: UserAnswer } } },
    async (req, reply) => {
      // The spec's flow answers 409 email_taken for an address in use ("Please log in"), which
      // tells whether an address has an account: limited per address too, so it cannot be used
      // to run through a list of addresses from many IPs (decision 0050).
      await rateLimit(ctx.limiter, reply, [
        ipRule(req, 'register', 20),
        { key: `register:email:${req.body.email}`, limit: 5, windowMs: 15 * MINUTE },
      ]);
      const user = await auth.register(req.body, languageOf(req));
      return { success: true as const, user: await startSession(req, reply, user), message: 'Account created' };
    },
  );

  app.post(
    '/api/user/login',
    { schema: { tags: ['user'], body: LoginInput, response: { 200: UserAnswer } } },
    async (req, reply) => {
      const limits = [
        ipRule(req, 'login', 30),
        { key: `login:email:${req.body.email}`, limit: 10, windowMs: 15 * MINUTE },
      ];
      await rateLimit(ctx.limiter, reply, limits);
      const user = await auth.login(req.body.email, req.body.password);
      // Only failed attempts count: a campus behind one address, or a student signing in again on
      // a second phone, is never locked out by signing in. Every attempt is counted before the
      // password is checked, so parallel guesses cannot slip past the limit.
      await Promise.all(limits.map((rule) => ctx.limiter.forgive(rule.key)));
      return { success: true as const, user: await startSession(req, reply, user), message: 'Logged in' };
    },
  );

  const logout = async (req: FastifyRequest, reply: FastifyReply) => {
    if (req.sessionToken) await ctx.sessions.destroy(req.sessionToken);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { success: true as const, message: 'Logged out' };
  };
  // POST passes the Origin check every state-changing request gets.
  app.post('/api/user/logout', { schema: { tags: ['user'], response: { 200: MessageAnswer } } }, logout);
  // The spec's client logs out with a GET, which the Origin check skips: a link or an image on
  // another site (or a sibling subdomain, or the browser prefetching a link) must not end the
  // session, so only a request from our own pages, or one the user typed, may. No HEAD copy: a
  // link checker's HEAD would log out too. Never cached, or a later logout would not reach us.
  const isOwnPage = ownPageCheck(ctx.config.publicUrl);
  app.get(
    '/api/user/logout',
    { schema: { tags: ['user'], response: { 200: MessageAnswer } }, exposeHeadRoute: false },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      if (!isOwnPage(req.headers)) throw new AppError(403, 'bad_origin', 'Cross-site requests are not allowed.');
      return logout(req, reply);
    },
  );

  app.post(
    '/api/user/logout-all',
    { schema: { tags: ['user'], response: { 200: MessageAnswer } }, config: signedIn },
    async (req, reply) => {
      const user = requireUser(req);
      await ctx.sessions.destroyAllFor(user.id);
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const, message: 'Signed out on every device' };
    },
  );

  app.post(
    '/api/user/change-password',
    { schema: { tags: ['user'], body: ChangePasswordInput, response: { 200: MessageAnswer } }, config: signedIn },
    async (req, reply) => {
      const me = requireUser(req);
      await rateLimit(ctx.limiter, reply, [{ key: `pw:user:${me.id}`, limit: 10, windowMs: 15 * MINUTE }]);
      await auth.changePassword(me.id, req.body.currentPassword, req.body.newPassword, req.sessionToken);
      return { success: true as const, message: 'Password changed' };
    },
  );

  app.post(
    '/api/user/sendPasswordResetEmail',
    { schema: { tags: ['user'], body: SendResetInput, response: { 200: MessageAnswer } } },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [
        ipRule(req, 'reset', 20),
        { key: `reset:email:${req.body.email}`, limit: 5, windowMs: 15 * MINUTE },
      ]);
      await auth.requestPasswordReset(req.body.email);
      return { success: true as const, message: 'If an account exists for this email, a reset link is on its way.' };
    },
  );

  app.post(
    '/api/user/resetPassword',
    { schema: { tags: ['user'], body: ResetPasswordInput, response: { 200: MessageAnswer } } },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [ipRule(req, 'reset-use', 30)]);
      await auth.resetPassword(req.body.id, req.body.token, req.body.newPassword);
      return { success: true as const, message: 'Your password has been reset. Please log in.' };
    },
  );

  app.post(
    '/api/user/google-signin',
    { schema: { tags: ['user'], body: GoogleSignInInput, response: { 200: UserAnswer } } },
    async (req, reply) => {
      await rateLimit(ctx.limiter, reply, [ipRule(req, 'google', 30)]);
      const user = await auth.googleSignIn(req.body.token, languageOf(req));
      return { success: true as const, user: await startSession(req, reply, user), message: 'Logged in' };
    },
  );

  // Verification (decision 0050): each answers the account as it is now, so the page shows the
  // result without asking again. Codes are limited by the service (per account, per channel);
  // tries are limited here too, per account across codes.
  const verifyRule = (userId: string) => ({ key: `verify:user:${userId}`, limit: 30, windowMs: 15 * MINUTE });
  const verificationAnswer = async (userId: string, message: string, sentTo?: string) => {
    const user = await auth.currentUser(userId);
    if (!user) throw unauthorized();
    return { success: true as const, message, user, ...(sentTo ? { sentTo } : {}) };
  };

  app.post(
    '/api/user/verify-email',
    {
      schema: { tags: ['user'], body: VerificationCodeInput, response: { 200: VerificationAnswer } },
      config: signedIn,
    },
    async (req, reply) => {
      const me = requireUser(req);
      await rateLimit(ctx.limiter, reply, [verifyRule(me.id)]);
      await verification.verifyEmail(me.id, req.body.code);
      return verificationAnswer(me.id, 'Email verified');
    },
  );

  app.post(
    '/api/user/verify-email/resend',
    { schema: { tags: ['user'], response: { 200: VerificationAnswer } }, config: signedIn },
    async (req) => {
      const me = requireUser(req);
      const sentTo = await verification.resendEmailCode(me.id);
      return verificationAnswer(me.id, 'A new code is on its way to your email', sentTo);
    },
  );

  app.post(
    '/api/user/phone',
    { schema: { tags: ['user'], body: PhoneInput, response: { 200: VerificationAnswer } }, config: signedIn },
    async (req) => {
      const me = requireUser(req);
      await verification.startPhone(me.id, req.body.phone);
      return verificationAnswer(me.id, 'A code is on its way to your phone', req.body.phone);
    },
  );

  app.post(
    '/api/user/verify-phone',
    {
      schema: { tags: ['user'], body: VerificationCodeInput, response: { 200: VerificationAnswer } },
      config: signedIn,
    },
    async (req, reply) => {
      const me = requireUser(req);
      await rateLimit(ctx.limiter, reply, [verifyRule(me.id)]);
      await verification.verifyPhone(me.id, req.body.code);
      return verificationAnswer(me.id, 'Phone number verified');
    },
  );

  // The account's language, for its emails and pushes (the pages follow the jara_lang cookie,
  // which the page sets itself). Logging in never changes it.
  app.put(
    '/api/user/language',
    { schema: { tags: ['user'], body: LanguageInput, response: { 200: LanguageAnswer } }, config: signedIn },
    async (req) => {
      const language = await auth.setLanguage(requireUser(req).id, req.body.language);
      return { success: true as const, message: 'Language saved', language };
    },
  );

  app.post(
    '/api/user/wishListUpdate',
    { schema: { tags: ['user'], body: WishListUpdateInput, response: { 200: WishListAnswer } }, config: signedIn },
    async (req) => {
      const wishList = await auth.updateWishList(requireUser(req).id, req.body.wishList);
      return { success: true as const, message: 'Wish list updated', wishList };
    },
  );

  app.post(
    '/api/cart/update',
    { schema: { tags: ['cart'], body: CartUpdateInput, response: { 200: CartAnswer } }, config: signedIn },
    async (req) => {
      const cartItems = await auth.updateCart(requireUser(req).id, req.body.cartItems);
      return { success: true as const, message: 'Cart updated', cartItems };
    },
  );

  const feeRange = deliveryFeeRange(ctx.config.feeTiers);
  app.get('/api/config', { schema: { tags: ['meta'], response: { 200: PublicConfig } } }, async () => ({
    success: true as const,
    googleClientId: ctx.config.google.clientId,
    campusName: ctx.config.campus.name,
    serviceArea: ctx.config.campus.serviceArea,
    deliveryHours: ctx.config.deliveryHours,
    deliveryFeeRange: { min: koboToNaira(feeRange.minKobo), max: koboToNaira(feeRange.maxKobo) },
  }));
};
