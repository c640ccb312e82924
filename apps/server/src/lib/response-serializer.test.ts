import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseSerializer } from './response-serializer.js';

const Answer = z.object({ success: z.literal(true), items: z.array(z.object({ id: z.string(), at: z.string() })) });
const serialize = (strict: boolean) =>
  responseSerializer(strict)({ schema: Answer, method: 'GET', url: '/x', httpStatus: '200' });

describe('responseSerializer', () => {
  it('sends what the schema names, with dates as JSON carries them', () => {
    const at = new Date('2026-11-23T12:00:00.000Z');
    expect(serialize(true)({ success: true, items: [{ id: 'a', at }] })).toBe(
      '{"success":true,"items":[{"id":"a","at":"2026-11-23T12:00:00.000Z"}]}',
    );
  });

  it('refuses, when strict, an answer with a field its schema does not name', () => {
    expect(() => serialize(true)({ success: true, items: [{ id: 'a', at: 'x', secret: 1 }] })).toThrow(
      'items[0].secret',
    );
  });

  it('drops such a field in production', () => {
    expect(serialize(false)({ success: true, items: [{ id: 'a', at: 'x', secret: 1 }] })).toBe(
      '{"success":true,"items":[{"id":"a","at":"x"}]}',
    );
  });

  it('refuses an answer that does not fit its schema', () => {
    expect(() => serialize(false)({ success: true, items: [{ id: 1 }] })).toThrow();
  });

  it('takes, when strict, a field left undefined (JSON does not carry it)', () => {
    expect(serialize(true)({ success: true, items: [{ id: 'a', at: 'x', note: undefined }], extra: undefined })).toBe(
      '{"success":true,"items":[{"id":"a","at":"x"}]}',
    );
  });
});
