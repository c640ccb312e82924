import { emailError, MSG, normalizeEmail, passwordProblems } from '@jara/shared';

export type FieldErrors<K extends string> = Record<K, string[]>;

export function hasErrors(errors: Record<string, string[]>): boolean {
  return Object.values(errors).some((e) => e.length > 0);
}

const emailProblems = (email: string) => {
  const e = emailError(normalizeEmail(email));
  return e ? [e] : [];
};

export function validateLogin(v: { email: string; password: string }): FieldErrors<'email' | 'password'> {
  return { email: emailProblems(v.email), password: passwordProblems(v.password) };
}

export function validateRegister(v: {
  name: string;
  email: string;
  password: string;
  confirmPassword: string;
  acceptedTerms: boolean;
}): FieldErrors<'name' | 'email' | 'password' | 'confirmPassword' | 'terms'> {
  return {
    name: v.name.trim() ? [] : ['Name is required'],
    email: emailProblems(v.email),
    password: passwordProblems(v.password),
    confirmPassword: v.confirmPassword === v.password ? [] : [MSG.passwordsDoNotMatch],
    terms: v.acceptedTerms ? [] : [MSG.acceptTerms],
  };
}

export function validateForgot(v: { email: string }): FieldErrors<'email'> {
  return { email: emailProblems(v.email) };
}

/** New password + confirmation (reset password, change password). */
export function validateNewPassword(v: {
  password: string;
  confirmPassword: string;
}): FieldErrors<'password' | 'confirmPassword'> {
  return {
    password: passwordProblems(v.password),
    confirmPassword: v.confirmPassword === v.password ? [] : [MSG.passwordsDoNotMatch],
  };
}
