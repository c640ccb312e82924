// The API: every feature module (modules/index.ts), each in its own scope, in order. Collects the
// route table (every module route with its access rule) and refuses to start while a route has no
// rule. A state-changing route's answer waits for the catalogue's revision read (decision 0011).
// Needs: the AppContext (infrastructure) and the modules built on it (buildModules); the security
// hooks and the services (security, services), which must exist before the routes are added.
import type { FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { AppContext } from '../context.js';
import { routeAccess, type RouteEntry } from '../lib/access.js';
import type { Modules } from '../modules/index.js';
import type { AppInstance } from '../modules/types.js';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

export async function api(
  app: AppInstance,
  opts: { ctx: AppContext; modules: Pick<Modules, 'list' | 'afterWrite'> },
): Promise<readonly RouteEntry[]> {
  const { ctx, modules } = opts;

  // A state-changing request may have changed what the catalogue shows: the revision is read
  // before its answer leaves, so this instance's next answer is exact (decision 0011). Added to
  // the routes that can change state only, so reads pay nothing for it.
  const afterWrite = async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (READS.has(req.method) || (reply.statusCode >= 400 && reply.statusCode < 500)) return;
    await modules.afterWrite();
  };

  // Every module route must say who may call it: a route without a rule fails the start.
  const routeTable: RouteEntry[] = [];
  for (const mod of modules.list) {
    await app.register(async (scope) => {
      scope.addHook('onRoute', (options: RouteOptions) => {
        routeTable.push({ method: String(options.method), url: options.url, options });
        const methods = Array.isArray(options.method) ? options.method : [options.method];
        if (methods.some((m) => !READS.has(m))) {
          // First among the route's own hooks: after the instance's (cookies, ETag), before
          // compression, as when it was a hook of the whole instance.
          const own = options.onSend === undefined ? [] : [options.onSend].flat();
          options.onSend = [afterWrite, ...own];
        }
      });
      await mod(scope, ctx);
    });
  }
  app.addHook('onReady', async () => {
    const undeclared = routeTable.filter((r) => !routeAccess(r)).map((r) => `${r.method} ${r.url}`);
    if (undeclared.length) throw new Error(`Routes without an access rule: ${undeclared.join(', ')}`);
  });
  return routeTable;
}
