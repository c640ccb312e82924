import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { Role } from '@jara/shared';
import { mayAccess, type Access, type RouteEntry } from '../../src/lib/access.js';
import { createUser, type TestApp } from '../helpers.js';
import { createRiderAccount, createVendorAccount } from '../factories-portals.js';

/** Someone who calls the API: a guest (no cookie) or a logged-in user of one role. */
export interface Caller {
  name: string;
  role: Role | null;
  cookie?: string;
}

/** A guest and one approved user of every role, each with a live session. */
export async function callers(app: TestApp): Promise<Caller[]> {
  const customer = await createUser(app, { name: 'Probe Customer' });
  const vendor = await createVendorAccount(app);
  const rider = await createRiderAccount(app);
  const support = await createUser(app, { role: 'support', name: 'Probe Agent' });
  const admin = await createUser(app, { role: 'admin', name: 'Probe Admin' });
  return [
    { name: 'guest', role: null },
    { name: 'customer', role: 'customer', cookie: customer.cookie },
    { name: 'vendor', role: 'vendor', cookie: vendor.cookie },
    { name: 'rider', role: 'rider', cookie: rider.cookie },
    { name: 'support', role: 'support', cookie: support.cookie },
    { name: 'admin', role: 'admin', cookie: admin.cookie },
  ];
}

export const may = (access: Access | undefined, caller: Caller) =>
  mayAccess(access, caller.role ? { roles: [caller.role] } : null);

/** The caller best placed to pass a route's rule (to reach its validation). */
export function insider(access: Access | undefined, all: Caller[]): Caller {
  if (access === undefined || access === 'public' || access === 'optional') return all[0]!;
  if (access === 'user') return all.find((c) => c.role === 'customer')!;
  return all.find((c) => c.role && access.includes(c.role))!;
}

const PARAM_SAMPLES: Record<string, string> = {
  kind: 'order',
  path: 'food',
  reference: 'ref_probe_1',
  name: `${randomUUID()}.webp`,
  vendorId: randomUUID(),
};

/** A concrete path for a route pattern (`:id` → a UUID, `*` → a file name). */
export function concretePath(url: string, override: Record<string, string> = {}): string {
  return url
    .replace(/:(\w+)/g, (_m, name: string) => override[name] ?? PARAM_SAMPLES[name] ?? randomUUID())
    .replace(/\*$/, override['*'] ?? 'seed/probe.webp');
}

/**
 * Other spellings of the same path that a lax guard might not recognise: a percent-encoded
 * letter, a doubled slash, dot segments, upper case, a trailing slash, an encoded slash.
 */
export function spellings(path: string): string[] {
  const segments = path.split('/');
  const encodeFirstLetter = (seg: string) => seg.replace(/[a-z]/i, (c) => `%${c.charCodeAt(0).toString(16)}`);
  const out = new Set<string>();
  for (let i = 1; i < segments.length; i++) {
    if (!segments[i]) continue;
    const enc = [...segments];
    enc[i] = encodeFirstLetter(enc[i]!);
    out.add(enc.join('/'));
  }
  out.add(path.replace(/^\/([^/]+)\//, '/$1//'));
  out.add(path.replace(/^\/([^/]+)\//, '/$1/./'));
  out.add(path.replace(/^\/([^/]+)\/([^/]+)/, '/$1/probe/../$2'));
  out.add(path.toUpperCase());
  out.add(`${path}/`);
  out.add(path.replace(/^\/([^/]+)\//, '/$1%2f'));
  out.delete(path);
  return [...out];
}

/** A concrete path for a route, with enum parameters (`:kind`) set to a value its schema accepts. */
export function routePath(route: RouteEntry, override: Record<string, string> = {}): string {
  const params = route.options.schema?.params;
  const fromSchema: Record<string, string> = {};
  if (params) {
    const json = z.toJSONSchema(params as z.ZodType, { io: 'input', unrepresentable: 'any' }) as {
      properties?: Record<string, { enum?: unknown[] }>;
    };
    for (const [name, prop] of Object.entries(json.properties ?? {}))
      if (prop.enum) fromSchema[name] = String(prop.enum[0]);
  }
  return concretePath(route.url, { ...fromSchema, ...override });
}

/** Routes worth probing: the modules' own (HEAD copies of GET routes add nothing new). */
export function probedRoutes(app: TestApp): RouteEntry[] {
  return app.routeTable.filter((r) => r.method !== 'HEAD');
}

export function methodsOf(entry: RouteEntry): ('GET' | 'POST' | 'DELETE' | 'PUT' | 'PATCH')[] {
  return (Array.isArray(entry.options.method) ? entry.options.method : [entry.options.method]) as (
    'GET' | 'POST' | 'DELETE'
  )[];
}
