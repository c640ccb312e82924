import { describe, expect, it } from 'vitest';
import { PhoneInput, VerificationCodeInput } from './auth.js';

describe('PhoneInput', () => {
  it.each([
    ['08031234567', '+2348031234567'],
    ['0803 123 4567', '+2348031234567'],
    ['0803-123-4567', '+2348031234567'],
    ['+2348031234567', '+2348031234567'],
    ['+234 803 123 4567', '+2348031234567'],
    ['8031234567', '+2348031234567'],
    ['  09161234567 ', '+2349161234567'],
  ])('takes %s as %s', (phone, e164) => {
    expect(PhoneInput.parse({ phone })).toEqual({ phone: e164 });
  });

  it.each(['', '12345', '08011234567', '0700123456', '080312345678', '+44 7911 123456', '0803123456a', '1'.repeat(40)])(
    'refuses %s with a clear message',
    (phone) => {
      const res = PhoneInput.safeParse({ phone });
      expect(res.success).toBe(false);
      expect(res.error?.issues[0]?.message).toBe('Please enter a valid Nigerian phone number.');
    },
  );

  it('refuses unknown fields', () => {
    expect(PhoneInput.safeParse({ phone: '08031234567', verified: true }).success).toBe(false);
  });
});

describe('VerificationCodeInput', () => {
  it('takes six digits (spaces around trimmed) and nothing else', () => {
    expect(VerificationCodeInput.parse({ code: ' 012345 ' })).toEqual({ code: '012345' });
    for (const code of ['12345', '1234567', '12a456', ''])
      expect(VerificationCodeInput.safeParse({ code }).error?.issues[0]?.message).toBe(
        'Enter the 6-digit code we sent you.',
      );
  });
});
