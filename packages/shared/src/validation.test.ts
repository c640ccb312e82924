import { describe, expect, it } from 'vitest';
import { isOnEmailDomain, isValidEmail, isValidNigerianPhone, passwordProblems } from './validation.js';
import { RegisterInput, ResetPasswordInput } from './schemas/auth.js';
import { AddressInput } from './schemas/address.js';
import { mergeCarts, mergeWishLists, cartCount } from './schemas/cart.js';
import { safeNextPath } from './constants.js';

describe('email', () => {
  it.each(['a@b.co', 'first.last@unilag.edu.ng'])('accepts %s', (e) => expect(isValidEmail(e)).toBe(true));
  it.each(['', 'a@b', 'a b@c.d', '@b.co', 'a@.', 'plain'])('refuses %s', (e) => expect(isValidEmail(e)).toBe(false));
});

describe('password', () => {
  it('lists every unmet requirement', () => {
    expect(passwordProblems('abc')).toEqual([
      'At least 8 characters',
      'One uppercase letter',
      'One number',
      'One special character',
    ]);
    expect(passwordProblems('Abcdefg1!')).toEqual([]);
  });
});

describe('Nigerian phone', () => {
  it.each(['08031234567', '+2348031234567', '8031234567', '07011234567', '09161234567', '0819 123 4567'])(
    'accepts %s',
    (p) => expect(isValidNigerianPhone(p)).toBe(true),
  );
  it.each(['08011234567', '0700123456', '0914 1234567', '+2341234567890', '080312345678', '+44 7911 123456'])(
    'refuses %s',
    (p) => expect(isValidNigerianPhone(p)).toBe(false),
  );
});

describe('student email domains', () => {
  const domains = ['uniben.edu', 'uniport.edu.ng'];
  it.each(['ada@uniben.edu', 'ada@student.uniben.edu', 'Ada@STUDENT.Uniben.EDU', 'ada@uniport.edu.ng'])(
    '%s is on one',
    (e) => expect(isOnEmailDomain(e, domains)).toBe(true),
  );
  it.each(['ada@gmail.com', 'ada@notuniben.edu', 'ada@uniben.edu.evil.com', 'uniben.edu@gmail.com'])('%s is not', (e) =>
    expect(isOnEmailDomain(e, domains)).toBe(false),
  );
});

describe('register schema', () => {
  it('lower-cases the email and refuses unknown fields such as a role', () => {
    const ok = RegisterInput.parse({ name: 'Ada', email: 'ADA@Uniben.EDU', password: 'Abcdefg1!' });
    expect(ok.email).toBe('ada@uniben.edu');
    expect(
      RegisterInput.safeParse({ name: 'Ada', email: 'a@b.co', password: 'Abcdefg1!', role: 'admin' }).success,
    ).toBe(false);
    expect(
      RegisterInput.safeParse({ name: 'Ada', email: 'a@b.co', password: 'Abcdefg1!', isSeller: true }).success,
    ).toBe(false);
  });
  it('reports the spec message for a bad email', () => {
    const r = RegisterInput.safeParse({ name: 'Ada', email: 'nope', password: 'Abcdefg1!' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe('Invalid email format.');
  });
  it('refuses a malformed reset token', () => {
    expect(
      ResetPasswordInput.safeParse({
        id: crypto.randomUUID(),
        token: "'; drop table users;--",
        newPassword: 'Abcdefg1!',
      }).success,
    ).toBe(false);
  });
});

describe('address schema', () => {
  const base = {
    firstName: 'Ada',
    lastName: 'Obi',
    email: 'ada@x.ng',
    address: 'Hall 2',
    city: 'Benin City',
    state: 'Edo',
    zipcode: '300283',
    country: 'Nigeria',
    phone: '08031234567',
  };
  it('requires coordinates picked from a suggestion', () => {
    const r = AddressInput.safeParse(base);
    expect(r.error?.issues[0]?.message).toBe('Please select a valid address from suggestions.');
    expect(AddressInput.safeParse({ ...base, latitude: 6.4, longitude: 5.61 }).success).toBe(true);
  });
});

describe('cart merge', () => {
  it('adds quantities and unites wish lists', () => {
    expect(mergeCarts({ p1: { o1: 2 } }, { p1: { o1: 3, o2: 1 }, p2: { o3: 1 } })).toEqual({
      p1: { o1: 5, o2: 1 },
      p2: { o3: 1 },
    });
    expect(mergeCarts({ p: { o: 98 } }, { p: { o: 5 } })).toEqual({ p: { o: 99 } });
    expect(mergeWishLists(['a', 'b'], ['b', 'c'])).toEqual(['a', 'b', 'c']);
    expect(cartCount({ p1: { o1: 2, o2: 1 }, p2: { o3: 4 } })).toBe(7);
  });
});

describe('safeNextPath', () => {
  it.each([
    ['my-orders', '/my-orders'],
    ['dispatch', '/dispatch'],
    ['//evil.com', '/evil.com'],
    ['https://evil.com', '/'],
    ['javascript:alert(1)', '/'],
    [null, '/'],
    ['a/../../b', '/'],
  ])('%s → %s', (input, out) => expect(safeNextPath(input)).toBe(out));
});

import { attachmentSizeError } from './schemas/chat.js';
describe('attachment size', () => {
  const MB = 1024 * 1024;
  it('allows videos up to 50 MB and other files up to 10 MB', () => {
    expect(attachmentSizeError({ size: 40 * MB, type: 'video/mp4' })).toBeNull();
    expect(attachmentSizeError({ size: 51 * MB, type: 'video/mp4' })).toBe('Videos must be at most 50 MB.');
    expect(attachmentSizeError({ size: 11 * MB, type: 'image/png' })).toBe('Images must be at most 10 MB.');
    expect(attachmentSizeError({ size: 11 * MB, type: 'application/pdf' })).toBe('Documents must be at most 10 MB.');
    expect(attachmentSizeError({ size: 1 * MB, type: 'application/pdf' })).toBeNull();
  });
});
