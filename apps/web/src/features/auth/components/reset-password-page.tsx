import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../lib/toast';
import { Page } from '../../../components/ui/page';
import { Button } from '../../../components/ui/button';
import { t as translate, useT } from '../../../i18n';
import { ApiError } from '../../../lib/api-client';
import { resetPassword } from '../api/auth-calls';
import { useForm } from '../hooks/use-form';
import { validateNewPassword } from '../validation';
import { PasswordField } from './password-field';

export function ResetPasswordPage() {
  const t = useT('auth');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const id = params.get('id') ?? '';
  const form = useForm({ password: '', confirmPassword: '' }, validateNewPassword);
  const handleSubmit = form.onSubmit(
    async () => {
      await resetPassword({ id, token, newPassword: form.values.password });
      toast.success(translate('auth', 'auth.reset.done'));
      form.reset();
      void navigate('/');
    },
    // SPEC §8: the response's message, else the error's message, else a generic one.
    {
      onError: (err) =>
        toast.error(
          (err instanceof ApiError && err.message) ||
            (err instanceof Error && err.message) ||
            translate('auth', 'msg.somethingWrong'),
        ),
    },
  );
  const busy = form.busy;

  return (
    <Page title={t('msg.resetPassword')} className="max-w-md">
      <div className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)] sm:p-8">
        <h1 className="text-2xl font-bold">{t('auth.reset.heading')}</h1>
        <p className="mt-1 text-sm text-stone-600">{t('auth.reset.intro')}</p>
        {!token || !id ? (
          <p role="alert" className="mt-4 rounded-xl bg-red-50 p-3 text-sm text-red-800">
            {t('auth.reset.incomplete')}
          </p>
        ) : null}
        <form onSubmit={handleSubmit} noValidate className="mt-6 space-y-4">
          <PasswordField
            label={t('auth.newPassword')}
            name="newPassword"
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
          <Button type="submit" size="lg" className="w-full" disabled={busy}>
            {t('msg.resetPassword')}
          </Button>
        </form>
      </div>
    </Page>
  );
}
