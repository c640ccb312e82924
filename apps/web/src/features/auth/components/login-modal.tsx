import { useState } from 'react';
import { Link } from 'react-router';
import toast from 'react-hot-toast';
import { normalizeEmail, type PublicUser } from '@jara/shared';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { login, register, sendPasswordResetEmail } from '../api/auth-calls';
import { closeLogin, setLoginMode, useLoginModal, type LoginMode } from '../../../session/login-modal';
import { useSignedIn } from '../hooks/use-auth-actions';
import { useForm } from '../hooks/use-form';
import { validateForgot, validateLogin, validateRegister } from '../validation';
import { GoogleButton } from './google-button';
import { PasswordField } from './password-field';

const TITLES: Record<LoginMode, string> = { login: 'Login', register: 'Sign Up', forgotPassword: 'Forgot Password' };

export function LoginModal() {
  const { open, mode } = useLoginModal();
  const signedIn = useSignedIn();
  return (
    <Modal open={open} onClose={closeLogin} labelledBy="login-title">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">Jara</p>
      <h2 id="login-title" className="mt-1 text-2xl font-bold">
        <span className="text-brand-700">User</span> {TITLES[mode]}
      </h2>
      <div className="mt-6">
        {mode === 'login' && <LoginForm onSignedIn={signedIn} />}
        {mode === 'register' && <RegisterForm onSignedIn={signedIn} />}
        {mode === 'forgotPassword' && <ForgotForm />}
      </div>
      {mode !== 'forgotPassword' && <GoogleButton onSignedIn={signedIn} />}
    </Modal>
  );
}

type OnSignedIn = (user: PublicUser, message?: string) => void;

function SwitchLink({ to, children }: { to: LoginMode; children: string }) {
  return (
    <button
      type="button"
      onClick={() => setLoginMode(to)}
      className="rounded font-semibold text-brand-800 underline-offset-2 hover:underline"
    >
      {children}
    </button>
  );
}

function LoginForm({ onSignedIn }: { onSignedIn: OnSignedIn }) {
  const form = useForm({ email: '', password: '' }, validateLogin);
  const handleSubmit = form.onSubmit(async () => {
    const res = await login({ email: normalizeEmail(form.values.email), password: form.values.password });
    onSignedIn(res.user, res.message);
  });
  const busy = form.busy;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        data-autofocus
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        errors={form.shown('email')}
        placeholder="you@example.com"
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        errors={form.shown('password')}
      />
      <div className="text-right text-sm">
        <SwitchLink to="forgotPassword">Forgot password?</SwitchLink>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Logging in…' : 'Login'}
      </Button>
      <p className="text-center text-sm text-stone-700">
        Create an account? <SwitchLink to="register">click here</SwitchLink>
      </p>
    </form>
  );
}

function RegisterForm({ onSignedIn }: { onSignedIn: OnSignedIn }) {
  const form = useForm(
    { name: '', email: '', password: '', confirmPassword: '', acceptedTerms: false as boolean },
    validateRegister,
  );
  const handleSubmit = form.onSubmit(async () => {
    const res = await register({
      name: form.values.name.trim(),
      email: normalizeEmail(form.values.email),
      password: form.values.password,
    });
    onSignedIn(res.user, res.message);
  });
  const busy = form.busy;
  const termsErrors = form.shown('terms');
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        label="Name"
        name="name"
        autoComplete="name"
        data-autofocus
        value={form.values.name}
        onChange={(e) => form.set('name', e.target.value)}
        errors={form.shown('name')}
        placeholder="Your full name"
      />
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        errors={form.shown('email')}
        placeholder="you@example.com"
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        errors={form.shown('password')}
      />
      <PasswordField
        label="Confirm Password"
        name="confirmPassword"
        autoComplete="new-password"
        value={form.values.confirmPassword}
        onChange={(v) => form.set('confirmPassword', v)}
        errors={form.shown('confirmPassword')}
      />
      <div>
        <label className="flex items-start gap-3 text-sm text-stone-700">
          <input
            type="checkbox"
            checked={form.values.acceptedTerms}
            onChange={(e) => form.set('acceptedTerms', e.target.checked)}
            aria-invalid={termsErrors.length > 0 || undefined}
            aria-describedby={termsErrors.length ? 'terms-errors' : undefined}
            className="mt-0.5 size-5 shrink-0 accent-brand-700"
          />
          <span>
            I accept the{' '}
            <Link to="/customer-terms" target="_blank" className="font-semibold text-brand-800 underline">
              Terms and Conditions
            </Link>
          </span>
        </label>
        {termsErrors.length > 0 && (
          <ul id="terms-errors" className="mt-1.5 list-disc pl-5 text-sm text-red-700">
            {termsErrors.map((t) => (
              <li key={t}>{t}</li>
            ))}
          </ul>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Creating account…' : 'Create Account'}
      </Button>
      <p className="text-center text-sm text-stone-700">
        Already have an account? <SwitchLink to="login">click here</SwitchLink>
      </p>
    </form>
  );
}

function ForgotForm() {
  const form = useForm({ email: '' }, validateForgot);
  const [sent, setSent] = useState<string | null>(null);
  const handleSubmit = form.onSubmit(async () => {
    const res = await sendPasswordResetEmail(normalizeEmail(form.values.email));
    setSent(res.message);
    toast.success(res.message);
  });
  const busy = form.busy;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-sm text-stone-700">
        Enter the email you registered with and we'll send you a link to reset your password.
      </p>
      <TextField
        label="Email"
        type="email"
        name="email"
        autoComplete="email"
        data-autofocus
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        errors={form.shown('email')}
        placeholder="you@example.com"
      />
      {sent && (
        <p role="status" className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
          {sent}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? 'Sending…' : 'Send Reset Link'}
      </Button>
      <p className="text-center text-sm text-stone-700">
        Remembered it? <SwitchLink to="login">Back to login</SwitchLink>
      </p>
    </form>
  );
}
