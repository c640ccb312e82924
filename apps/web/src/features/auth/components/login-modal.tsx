import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../lib/toast';
import { normalizeEmail, type PublicUser } from '@jara/shared';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { t as translate, Trans, useT, type MessageId } from '../../../i18n';
import { login, register, sendPasswordResetEmail } from '../api/auth-calls';
import { closeLogin, setLoginMode, useLoginModal, type LoginMode } from '../../../session/login-modal';
import { announceEmailCode } from '../../../session/verify-email-notice';
import { useSignedIn } from '../hooks/use-auth-actions';
import { useForm } from '../hooks/use-form';
import { validateForgot, validateLogin, validateRegister } from '../validation';
import { GoogleButton } from './google-button';
import { PasswordField } from './password-field';

const HEADINGS: Record<LoginMode, MessageId<'auth'>> = {
  login: 'auth.heading.login',
  register: 'auth.heading.register',
  forgotPassword: 'auth.heading.forgotPassword',
};

export function LoginModal() {
  const { open, mode } = useLoginModal();
  const t = useT('auth');
  const signedIn = useSignedIn();
  return (
    <Modal open={open} onClose={closeLogin} labelledBy="login-title">
      <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">{t('auth.brand')}</p>
      <h2 id="login-title" className="mt-1 text-2xl font-bold">
        <Trans area="auth" id={HEADINGS[mode]} components={{ accent: <span className="text-brand-700" /> }} />
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

function SwitchLink({ to, children }: { to: LoginMode; children?: ReactNode }) {
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
  const t = useT('auth');
  const form = useForm({ email: '', password: '' }, validateLogin);
  const handleSubmit = form.onSubmit(async () => {
    const res = await login({ email: normalizeEmail(form.values.email), password: form.values.password });
    onSignedIn(res.user, res.message);
  });
  const busy = form.busy;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        data-autofocus
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        errors={form.shown('email')}
        placeholder={t('auth.emailPlaceholder')}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="current-password"
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        errors={form.shown('password')}
      />
      <div className="text-right text-sm">
        <SwitchLink to="forgotPassword">{t('auth.forgotLink')}</SwitchLink>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t('auth.loggingIn') : t('auth.login')}
      </Button>
      <p className="text-center text-sm text-stone-700">
        <Trans area="auth" id="auth.toRegister" components={{ link: <SwitchLink to="register" /> }} />
      </p>
    </form>
  );
}

function RegisterForm({ onSignedIn }: { onSignedIn: OnSignedIn }) {
  const t = useT('auth');
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
    // Registration mailed a verification code: the banner under the menu says so, with the way to the profile.
    announceEmailCode();
  });
  const busy = form.busy;
  const termsErrors = form.shown('terms');
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <TextField
        label={t('auth.name')}
        name="name"
        autoComplete="name"
        data-autofocus
        value={form.values.name}
        onChange={(e) => form.set('name', e.target.value)}
        errors={form.shown('name')}
        placeholder={t('auth.namePlaceholder')}
      />
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        errors={form.shown('email')}
        placeholder={t('auth.emailPlaceholder')}
      />
      <PasswordField
        label={t('auth.password')}
        name="password"
        autoComplete="new-password"
        value={form.values.password}
        onChange={(v) => form.set('password', v)}
        errors={form.shown('password')}
      />
      <PasswordField
        label={t('auth.confirmPassword')}
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
            <Trans
              area="auth"
              id="auth.acceptTerms"
              components={{
                terms: <Link to="/customer-terms" target="_blank" className="font-semibold text-brand-800 underline" />,
              }}
            />
          </span>
        </label>
        {termsErrors.length > 0 && (
          <ul id="terms-errors" className="mt-1.5 list-disc pl-5 text-sm text-red-700">
            {termsErrors.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        )}
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t('auth.creatingAccount') : t('auth.createAccount')}
      </Button>
      <p className="text-center text-sm text-stone-700">
        <Trans area="auth" id="auth.toLogin" components={{ link: <SwitchLink to="login" /> }} />
      </p>
    </form>
  );
}

function ForgotForm() {
  const t = useT('auth');
  const form = useForm({ email: '' }, validateForgot);
  const [sent, setSent] = useState(false);
  const handleSubmit = form.onSubmit(async () => {
    await sendPasswordResetEmail(normalizeEmail(form.values.email));
    setSent(true);
    toast.success(translate('auth', 'auth.forgot.sent'));
  });
  const busy = form.busy;
  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-4">
      <p className="text-sm text-stone-700">{t('auth.forgot.intro')}</p>
      <TextField
        label={t('auth.email')}
        type="email"
        name="email"
        autoComplete="email"
        data-autofocus
        value={form.values.email}
        onChange={(e) => form.set('email', e.target.value)}
        errors={form.shown('email')}
        placeholder={t('auth.emailPlaceholder')}
      />
      {sent && (
        <p role="status" className="rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
          {t('auth.forgot.sent')}
        </p>
      )}
      <Button type="submit" size="lg" className="w-full" disabled={busy}>
        {busy ? t('auth.forgot.sending') : t('auth.forgot.send')}
      </Button>
      <p className="text-center text-sm text-stone-700">
        <Trans area="auth" id="auth.forgot.remembered" components={{ link: <SwitchLink to="login" /> }} />
      </p>
    </form>
  );
}
