// Security: cookies, security headers, the request id echoed on every answer, who is asking
// (the session cookie → `req.user`) and whether the matched route lets them in, the same-site
// check on state-changing requests, and the one error handler that shapes every error answer.
// Needs: the session store (infrastructure). Registered before every route, so its hooks run on
// all of them, the page fallback and the 404 included.
import type { FastifyError } from 'fastify';
import cookie from '@fastify/cookie';
import { MSG, TEXT_NOT_ALLOWED, type ErrorCode } from '@jara/shared';
import type { Config } from '../config.js';
import { errorMessage, languageOf } from '../infra/i18n.js';
import { SESSION_COOKIE, type SessionStore } from '../infra/sessions.js';
import { mayAccess, type Access } from '../lib/access.js';
import {
  AppError,
  DATABASE_UNAVAILABLE,
  errorBody,
  forbidden,
  isDatabaseUnreachable,
  unauthorized,
} from '../lib/errors.js';
import { sameSiteCheck } from '../lib/origin.js';
import { securityHeaders } from '../lib/security-headers.js';
import type { AppInstance } from '../modules/types.js';

export async function security(app: AppInstance, opts: { config: Config; sessions: SessionStore }): Promise<void> {
  const { config, sessions } = opts;
  await app.register(cookie);
  // The security headers of what each answer is (a page, data, an asset; none on a 304), computed
  // once (lib/security-headers.ts). On sending, so refusals and 404s carry them too.
  app.addHook(
    'onSend',
    securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'", 'https://accounts.google.com/gsi/client'],
          styleSrc: ["'self'", "'unsafe-inline'", 'https://accounts.google.com/gsi/style'],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          connectSrc: ["'self'", 'https://accounts.google.com/gsi/'],
          frameSrc: ["'self'", 'https://accounts.google.com/gsi/'],
          fontSrc: ["'self'", 'data:'],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: config.isProduction ? [] : null,
        },
      },
      crossOriginEmbedderPolicy: false,
      crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
      hsts: config.isProduction,
    }),
  );

  // The request id (the caller's x-request-id when well formed, see genReqId) goes back on every
  // answer, refusals included: set before any check can fail.
  app.addHook('onRequest', (req, reply, done) => {
    reply.header('x-request-id', req.id);
    done();
  });

  // Who is asking: resolved from the session cookie, only for routes that need a user (a route's
  // access rule other than `public`) and only when there is a cookie: static files, public
  // reads, the page fallback and cookieless requests never touch the session store.
  // Then the matched route's rule is checked: after routing, so however the path was spelled,
  // what is checked is the route that will run. Written with `done` rather than async, so a
  // request that needs no session lookup passes without a promise.
  app.decorateRequest('user', null);
  app.decorateRequest('sessionToken', null);
  app.addHook('onRequest', (req, _reply, done) => {
    const access = req.routeOptions.config?.access;
    if (access === undefined) return done();
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return done(refusal(access, null));
    req.sessionToken = token;
    if (access === 'public') return done();
    sessions.resolve(token).then((user) => {
      req.user = user;
      done(refusal(access, user));
    }, done);
  });

  // State-changing requests from a browser must come from our own origin (CSRF defence in depth).
  const isSameSite = sameSiteCheck(config.publicUrl);
  app.addHook('onRequest', (req, _reply, done) => {
    if (req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS') return done();
    if (req.routeOptions.config?.crossSite || isSameSite(req.headers)) return done();
    done(new AppError(403, 'bad_origin', 'Cross-site requests are not allowed.'));
  });

  // Error answers speak the request's language (its cookie, else Accept-Language): English exactly
  // as thrown; in Pidgin the specification's message, translated, else what the code means. The
  // code never changes: programs match on it.
  app.setErrorHandler((err: FastifyError & { validation?: { message?: string }[] }, req, reply) => {
    const answer = (status: number, code: ErrorCode, message: string, extra?: Record<string, unknown>) =>
      reply.status(status).send(errorBody(code, errorMessage(languageOf(req), code, message), extra));
    if (err instanceof AppError) {
      if (err.status >= 500) req.log.error({ err }, err.message);
      return answer(err.status, err.code, err.message, err.details ? { details: err.details } : undefined);
    }
    if (err.validation) {
      const first = err.validation[0]?.message ?? 'Invalid request.';
      return answer(400, 'validation_failed', first, { details: err.validation.map((v) => v.message) });
    }
    if (isRefusedText(err)) return answer(400, 'validation_failed', TEXT_NOT_ALLOWED);
    if (isDatabaseUnreachable(err)) {
      req.log.warn({ err: err.message }, 'database unreachable: answered 503');
      reply.header('retry-after', '30');
      return answer(503, 'database_unavailable', DATABASE_UNAVAILABLE);
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own codes are internal names: answered under public codes of our own.
      const [code, message] = FASTIFY_CODES.get(err.code) ?? ['bad_request', 'Invalid request.'];
      return answer(status, code, message);
    }
    req.log.error({ err }, 'unhandled error');
    return answer(500, 'internal_error', MSG.somethingWrong);
  });
}

/** The refusal for a caller `access` does not let in (401 without a user, 403 with the wrong role). */
function refusal(access: Access, user: Parameters<typeof mayAccess>[1]): AppError | undefined {
  if (mayAccess(access, user)) return undefined;
  return user ? forbidden() : unauthorized();
}

const FASTIFY_CODES = new Map<string, [code: ErrorCode, message: string]>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', ['invalid_json', 'The request body is not valid JSON.']],
  ['FST_ERR_CTP_BODY_TOO_LARGE', ['too_large', 'The request is too large.']],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', ['unsupported_media_type', 'Unsupported content type.']],
  ['FST_REQ_FILE_TOO_LARGE', ['too_large', 'The file is too large.']],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', ['empty_body', 'The request body is empty.']],
]);

/**
 * PostgreSQL refuses a NUL character in text and a \\u0000 escape in jsonb. The shared schemas
 * refuse them first; this is the net under any field they do not cover.
 */
function isRefusedText(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 4;
    e = e.cause as typeof e, depth++
  ) {
    if (e.code === '22021' || e.code === '22P05') return true;
  }
  return false;
}
