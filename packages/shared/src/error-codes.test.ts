import { describe, expect, it } from 'vitest';
import { ERROR_CODES } from './error-codes.js';
import { ErrorAnswer } from './schemas/common.js';

describe('error codes', () => {
  it('are snake_case names with an error status and a meaning', () => {
    for (const [code, { status, meaning }] of Object.entries(ERROR_CODES)) {
      expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
      expect(status >= 400 && status < 600, code).toBe(true);
      expect(meaning.length, code).toBeGreaterThan(5);
    }
  });

  it('are the only codes an error answer takes', () => {
    const answer = (code: string) => ({ success: false, message: 'Not found.', code });
    expect(ErrorAnswer.safeParse(answer('validation_failed')).success).toBe(true);
    expect(ErrorAnswer.safeParse(answer('fst_err_ctp_invalid_json_body')).success).toBe(false);
    expect(ErrorAnswer.safeParse(answer('toString')).success).toBe(false);
  });
});
