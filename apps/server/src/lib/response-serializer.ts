import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import type { z } from 'zod';

/**
 * Serialises an answer through its route's response schema (from `@jara/shared`), so the wire
 * carries exactly what the schema says and the web's types are the schema's.
 *
 * The answer is first turned into what JSON would carry (a Date becomes its ISO string), then
 * encoded by the schema. A field the schema does not name is dropped from the answer; with
 * `strict` (every environment but production, so every test) dropping one is an error instead,
 * so a schema that forgets a field the web reads fails its route's tests rather than silently
 * taking the field away.
 */
export function responseSerializer(strict: boolean): FastifySerializerCompiler<z.ZodType> {
  return ({ schema, method, url }) =>
    (data) => {
      const plain: unknown = JSON.parse(JSON.stringify(data));
      const result = schema.safeEncode(plain);
      if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
      if (strict) {
        const dropped = droppedPaths(plain, result.data);
        if (dropped.length) {
          throw new Error(
            `${method} ${url}: the answer has fields its response schema does not name: ${dropped.join(', ')}`,
          );
        }
      }
      return JSON.stringify(result.data);
    };
}

/** Paths present in `before` that `after` (its encoding) no longer has. */
function droppedPaths(before: unknown, after: unknown, at = ''): string[] {
  if (Array.isArray(before)) {
    if (!Array.isArray(after)) return [];
    return before.flatMap((item, i) => droppedPaths(item, after[i], `${at}[${i}]`));
  }
  if (!isRecord(before) || !isRecord(after)) return [];
  const found: string[] = [];
  for (const [key, value] of Object.entries(before)) {
    const path = at ? `${at}.${key}` : key;
    if (!(key in after)) {
      if (value !== undefined) found.push(path);
    } else {
      found.push(...droppedPaths(value, after[key], path));
    }
  }
  return found;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
