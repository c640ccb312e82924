import { emailError, normalizeEmail, passwordProblems } from '@jara/shared';
import type { MessageId, Translate } from '../../i18n';

export type FieldErrors<K extends string> = Record<K, string[]>;

export function hasErrors(errors: Record<string, string[]>): boolean {
  return Object.values(errors).some((e) => e.length > 0);
}

const emailProblems = (email: string, t: Translate<'auth'>) =>
  emailError(normalizeEmail(email)) ? [t('msg.invalidEmail')] : [];

/** The shared password rules' texts (passwordProblems, the server's too) and their messages. */
const PASSWORD_RULES: Record<string, MessageId<'auth'>> = {
  'At least 8 characters': 'auth.password.minLength',
  'One lowercase letter': 'auth.password.lowercase',
  'One uppercase letter': 'auth.password.uppercase',
  'One number': 'auth.password.number',
  'One special character': 'auth.password.special',
};

/** The requirements a password does not meet, in the page's language. */
function passwordMessages(password: string, t: Translate<'auth'>): string[] {
  return passwordProblems(password).map((problem) => {
    const id = PASSWORD_RULES[problem];
    if (id) return t(id);
    const max = /^At most (\d+) characters$/.exec(problem)?.[1];
    return max ? t('auth.password.maxLength', { max }) : problem;
  });
}

export function validateLogin(
  v: { email: string; password: string },
  t: Translate<'auth'>,
): FieldErrors<'email' | 'password'> {
  return { email: emailProblems(v.email, t), password: passwordMessages(v.password, t) };
}

export function validateRegister(
  v: {
    name: string;
    email: string;
    password: string;
    confirmPassword: string;
    acceptedTerms: boolean;
  },
  t: Translate<'auth'>,
): FieldErrors<'name' | 'email' | 'password' | 'confirmPassword' | 'terms'> {
  return {
    name: v.name.trim() ? [] : [t('auth.nameRequired')],
    email: emailProblems(v.email, t),
    password: passwordMessages(v.password, t),
    confirmPassword: v.confirmPassword === v.password ? [] : [t('msg.passwordsDoNotMatch')],
    terms: v.acceptedTerms ? [] : [t('msg.acceptTerms')],
  };
}

export function validateForgot(v: { email: string }, t: Translate<'auth'>): FieldErrors<'email'> {
  return { email: emailProblems(v.email, t) };
}

/** New password + confirmation (reset password, change password). */
export function validateNewPassword(
  v: {
    password: string;
    confirmPassword: string;
  },
  t: Translate<'auth'>,
): FieldErrors<'password' | 'confirmPassword'> {
  return {
    password: passwordMessages(v.password, t),
    confirmPassword: v.confirmPassword === v.password ? [] : [t('msg.passwordsDoNotMatch')],
  };
}
