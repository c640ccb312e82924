import type { FastifyReply, FastifyRequest } from 'fastify';
import { hasRole, type Role } from '@jara/shared';
import type { SessionUser } from '../infra/sessions.js';
import { forbidden, tooMany, unauthorized } from './errors.js';
import type { RateLimiter } from '../infra/rate-limit.js';

declare module 'fastify' {
  interface FastifyRequest {
    user: SessionUser | null;
    sessionToken: string | null;
  }
}

export function requireUser(req: FastifyRequest): SessionUser {
  if (!req.user) throw unauthorized();
  return req.user;
}

/** The user, when they hold one of the roles (roles are capabilities: any one of them will do). */
export function requireRole(req: FastifyRequest, ...roles: Role[]): SessionUser {
  const user = requireUser(req);
  if (!hasRole(user, ...roles)) throw forbidden();
  return user;
}

/** Counts a request against each key; the first key over its limit refuses the request. */
export async function rateLimit(
  limiter: RateLimiter,
  reply: FastifyReply,
  rules: { key: string; limit: number; windowMs: number }[],
): Promise<void> {
  for (const r of rules) {
    const res = await limiter.hit(r.key, r.limit, r.windowMs);
    if (!res.allowed) {
      reply.header('retry-after', res.retryAfterSeconds);
      throw tooMany();
    }
  }
}
