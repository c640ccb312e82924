import type { FastifyInstance, RouteOptions } from 'fastify';
import { hasRole, type Role } from '@jara/shared';

/**
 * Who may call a route: anyone (`public`: no session lookup at all), anyone with the user
 * resolved when logged in (`optional`), any logged-in user, or a user holding one of the roles.
 * Declared on the route (`config.access`) or as its module's default, and checked after
 * routing on the route that matched, so no spelling of a path can reach a handler unchecked.
 */
export type Access = 'public' | 'optional' | 'user' | readonly Role[];

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
    /** Requests from other sites are let through (signed provider webhooks only). */
    crossSite?: boolean;
  }
}

/** A registered route as the access check sees it (the route table a test can walk). */
export interface RouteEntry {
  method: string;
  url: string;
  options: RouteOptions;
}

/** Gives every route registered in this scope `access`, unless the route declares its own. */
export function defaultAccess(scope: Pick<FastifyInstance, 'addHook'>, access: Access): void {
  scope.addHook('onRoute', (route) => {
    route.config ??= {};
    route.config.access ??= access;
  });
}

export function routeAccess(entry: RouteEntry): Access | undefined {
  return entry.options.config?.access;
}

/** Whether `user` may call a route with `access`. */
export function mayAccess(access: Access | undefined, user: { roles: readonly Role[] } | null): boolean {
  if (access === undefined || access === 'public' || access === 'optional') return true;
  if (!user) return false;
  return access === 'user' || hasRole(user, ...access);
}
