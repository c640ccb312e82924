import { MSG } from './messages.js';

/** The spec's "simple {email} shape": something@something.something, no spaces. */
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function isValidEmail(email: string): boolean {
  return email.length <= 254 && EMAIL_RE.test(email);
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

const PASSWORD_RULES = [
  { id: 'length', text: 'At least 8 characters', test: (p: string) => p.length >= 8 },
  { id: 'lower', text: 'One lowercase letter', test: (p: string) => /[a-z]/.test(p) },
  { id: 'upper', text: 'One uppercase letter', test: (p: string) => /[A-Z]/.test(p) },
  { id: 'digit', text: 'One number', test: (p: string) => /\d/.test(p) },
  { id: 'special', text: 'One special character', test: (p: string) => /[^A-Za-z0-9]/.test(p) },
] as const;

const PASSWORD_MAX_LENGTH = 128;

/** The requirements a password does not meet, as the texts listed under the field. */
export function passwordProblems(password: string): string[] {
  const problems: string[] = PASSWORD_RULES.filter((r) => !r.test(password)).map((r) => r.text);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(`At most ${PASSWORD_MAX_LENGTH} characters`);
  return problems;
}

/**
 * Nigerian mobile number: optional +234 or 0, a mobile prefix (701-709, 802-819, 901-909,
 * 911-913, 915, 916), then 7 digits. Spaces and dashes between digit groups are ignored.
 */
const PHONE_RE = /^(?:\+234|0)?((?:70[1-9]|80[2-9]|81[0-9]|90[1-9]|91[1-3]|91[56])\d{7})$/;

export function isValidNigerianPhone(phone: string): boolean {
  return PHONE_RE.test(phone.replace(/[\s-]/g, ''));
}

/** A Nigerian mobile number in E.164 (`+2348031234567`), or null when it is not one (isValidNigerianPhone). */
export function normalizeNigerianPhone(phone: string): string | null {
  const national = PHONE_RE.exec(phone.replace(/[\s-]/g, ''))?.[1];
  return national ? `+234${national}` : null;
}

/**
 * Whether an email address is on one of the domains (lower case) or a subdomain of one:
 * `ada@student.uniben.edu` is on `uniben.edu`, `ada@notuniben.edu` is not.
 */
export function isOnEmailDomain(email: string, domains: readonly string[]): boolean {
  const host = email.slice(email.lastIndexOf('@') + 1).toLowerCase();
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

export function phoneError(phone: string): string | null {
  return isValidNigerianPhone(phone) ? null : MSG.invalidPhone;
}

export function emailError(email: string): string | null {
  return isValidEmail(email.trim()) ? null : MSG.invalidEmail;
}
