import { describe, expect, it } from 'vitest';
import { ERROR_CODES, isErrorCode } from './error-codes.js';

describe('error codes', () => {
  it('are snake_case names with an error status and a meaning', () => {
    for (const [code, { status, meaning }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(meaning.length, code).toBeGreaterThan(5);
    }
  });

  it('tell a listed code from anything else', () => {
    expect(isErrorCode('validation_failed')).toBe(true);
    expect(isErrorCode('fst_err_ctp_invalid_json_body')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
  });
});
