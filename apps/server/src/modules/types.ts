import type {
  FastifyInstance,
  FastifyBaseLogger,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../context.js';

export type AppInstance = FastifyInstance<
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  FastifyBaseLogger,
  ZodTypeProvider
>;

/** A feature module: registers its routes, socket handlers and jobs, given the infrastructure. */
export type Module = (app: AppInstance, ctx: AppContext) => Promise<void>;

/**
 * A feature module that also needs services the modules own (the payment service, the catalogue
 * store): it names them in `D`, and modules/index.ts hands them over once built, so what a module
 * depends on is in its signature rather than looked up on the context.
 */
export function moduleWith<D>(
  register: (app: AppInstance, ctx: AppContext, deps: D) => Promise<void>,
): (deps: D) => Module {
  return (deps) => (app, ctx) => register(app, ctx, deps);
}
