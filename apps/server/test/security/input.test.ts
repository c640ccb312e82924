import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ChatSendFields, ContactInput, DisputeOpenFields, TEXT_NOT_ALLOWED, ThreadSendFields } from '@jara/shared';
import { buildTestApp, type TestApp } from '../helpers.js';
import { multipart } from '../factories-chat.js';
import { callers, insider, routePath, methodsOf, probedRoutes, type Caller } from './world.js';
import type { RouteEntry } from '../../src/lib/access.js';

/**
 * Text with a NUL byte (PostgreSQL refuses it) or another control character, sent to every
 * text field of every route in the route table, as the caller who passes the route's rule:
 * always a clear 4xx, never a 5xx, and for plain text fields the shared schemas' own message.
 */

let app: TestApp;
let people: Caller[];

beforeAll(async () => {
  app = await buildTestApp();
  people = await callers(app);
});
afterAll(async () => app?.closeAll());

const NUL = 'ok\u0000ok';
const BELL = 'ok\u0007ok';

type Json = {
  type?: string | string[];
  properties?: Record<string, Json>;
  items?: Json;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  anyOf?: Json[];
  oneOf?: Json[];
  minimum?: number;
  minItems?: number;
  additionalProperties?: Json | boolean;
  default?: unknown;
};

/** A plausible value for a JSON schema, and the paths of its string leaves. */
function sample(schema: Json): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return sample(alt.find((a) => a.type !== 'null') ?? alt[0]!);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(Object.entries(schema.properties ?? {}).map(([k, v]) => [k, sample(v)]));
    case 'array':
      return schema.items ? Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sample(schema.items!)) : [];
    case 'string':
      return schema.format === 'uuid' ? crypto.randomUUID() : schema.format === 'email' ? 'probe@example.com' : 'probe';
    case 'integer':
    case 'number':
      return schema.minimum ?? 1;
    case 'boolean':
      return true;
    default:
      return 'probe';
  }
}

/** Every path to a string leaf, with whether it is plain text (no enum, format or pattern). */
function stringLeaves(schema: Json, path: (string | number)[] = []): { path: (string | number)[]; plain: boolean }[] {
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt) return stringLeaves(alt.find((a) => a.type !== 'null') ?? alt[0]!, path);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'object')
    return Object.entries(schema.properties ?? {}).flatMap(([k, v]) => stringLeaves(v, [...path, k]));
  if (type === 'array' && schema.items) return stringLeaves(schema.items, [...path, 0]);
  if (type === 'string' && !schema.enum && schema.const === undefined)
    return [{ path, plain: !schema.format && !schema.pattern }];
  return [];
}

function setAt(target: unknown, path: (string | number)[], value: unknown): unknown {
  const copy = structuredClone(target) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

const toJson = (schema: unknown): Json =>
  z.toJSONSchema(schema as z.ZodType, { io: 'input', unrepresentable: 'any' }) as Json;

function headersFor(caller: Caller) {
  return caller.cookie ? { cookie: caller.cookie } : {};
}

async function expectRefused(
  route: RouteEntry,
  res: { statusCode: number; body: string },
  plain: boolean,
  what: string,
  failures: string[],
) {
  const body = res.body ? (JSON.parse(res.body) as { details?: string[]; message?: string }) : {};
  if (res.statusCode < 400 || res.statusCode >= 500)
    failures.push(`${route.method} ${route.url} ${what} → ${res.statusCode}`);
  else if (plain && res.statusCode === 400 && !(body.details ?? [body.message]).includes(TEXT_NOT_ALLOWED)) {
    failures.push(
      `${route.method} ${route.url} ${what} → 400 without "${TEXT_NOT_ALLOWED}": ${res.body.slice(0, 200)}`,
    );
  }
}

describe('control characters in every text field', () => {
  it("JSON bodies: a NUL or a bell in any string answers 4xx with the schemas' message", async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of probedRoutes(app)) {
      const bodySchema = route.options.schema?.body;
      if (!bodySchema) continue;
      const json = toJson(bodySchema);
      const caller = insider(route.options.config?.access, people);
      for (const method of methodsOf(route)) {
        for (const leaf of stringLeaves(json)) {
          for (const bad of [NUL, BELL]) {
            probes++;
            const payload = setAt(sample(json), leaf.path, bad) as Record<string, unknown>;
            const res = await app.inject({ method, url: routePath(route), headers: headersFor(caller), payload });
            await expectRefused(route, res, leaf.plain, `body.${leaf.path.join('.')}`, failures);
          }
        }
      }
    }
    expect(probes).toBeGreaterThan(80);
    expect(failures).toEqual([]);
  });

  it('query strings and path parameters: a NUL answers 4xx', async () => {
    const failures: string[] = [];
    let probes = 0;
    for (const route of probedRoutes(app)) {
      const caller = insider(route.options.config?.access, people);
      const query = route.options.schema?.querystring;
      for (const method of methodsOf(route)) {
        if (query) {
          const json = toJson(query);
          for (const leaf of stringLeaves(json)) {
            probes++;
            const values = setAt(sample(json), leaf.path, NUL) as Record<string, unknown>;
            const qs = new URLSearchParams(
              Object.entries(values).map(([k, v]): [string, string] => [k, String(v)]),
            ).toString();
            const res = await app.inject({
              method,
              url: `${routePath(route)}?${qs}`,
              headers: headersFor(caller),
              payload: method === 'GET' ? undefined : {},
            });
            await expectRefused(route, res, leaf.plain, `query.${leaf.path.join('.')}`, failures);
          }
        }
        for (const name of route.url.match(/:(\w+)/g) ?? []) {
          probes++;
          const url = routePath(route, { [name.slice(1)]: 'ok%00ok' });
          const res = await app.inject({
            method,
            url,
            headers: headersFor(caller),
            payload: method === 'GET' ? undefined : {},
          });
          await expectRefused(route, res, false, `params.${name}`, failures);
        }
        if (route.url.endsWith('*')) {
          probes++;
          const res = await app.inject({
            method,
            url: routePath(route, { '*': 'ok%00ok.webp' }),
            headers: headersFor(caller),
          });
          await expectRefused(route, res, false, 'params.*', failures);
        }
      }
    }
    expect(probes).toBeGreaterThan(40);
    expect(failures).toEqual([]);
  });

  it('multipart forms: a NUL in any text field the form reads answers 4xx', async () => {
    const FORMS: Record<string, z.ZodObject> = {
      'POST /api/mail/contact': ContactInput,
      'POST /api/chat/send': ChatSendFields,
      'POST /api/support/chats/:id/reply': ChatSendFields,
      'POST /api/threads/:kind/:id/messages': ThreadSendFields,
      'POST /api/threads/order/:id/disputes': DisputeOpenFields,
    };
    const multipartRoutes = probedRoutes(app).filter((r) =>
      (r.options.schema as { consumes?: string[] } | undefined)?.consumes?.includes('multipart/form-data'),
    );
    expect(multipartRoutes.map((r) => `${r.method} ${r.url}`).sort()).toEqual(Object.keys(FORMS).sort());
    const failures: string[] = [];
    for (const route of multipartRoutes) {
      const fields = Object.keys(FORMS[`${route.method} ${route.url}`]!.shape);
      const caller = insider(route.options.config?.access, people);
      for (const field of fields) {
        const values = Object.fromEntries(
          fields.map((f) => [f, f === 'email' ? 'probe@example.com' : f === 'chatId' ? '' : 'A fine message']),
        );
        if (route.url.startsWith('/api/chat/')) delete values.chatId;
        values[field] = NUL;
        const form = await multipart(values);
        const res = await app.inject({
          method: 'POST',
          url: routePath(route),
          payload: form.payload,
          headers: { ...form.headers, ...headersFor(caller) },
        });
        await expectRefused(route, res, false, `form.${field}`, failures);
      }
    }
    expect(failures).toEqual([]);
  });
});
