import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { t as translate, useT } from '../../../i18n';
import { changePassword } from '../api/auth-calls';
import { useForm } from '../hooks/use-form';
import { validateNewPassword } from '../validation';

/** The profile's Change password card: the current password, then the new one twice. */
export function ChangePasswordForm() {
  const t = useT('auth');
  const [current, setCurrent] = useState('');
  const form = useForm({ password: '', confirmPassword: '' }, validateNewPassword);
  const [currentErr, setCurrentErr] = useState<string[]>([]);
  const handleSubmit = form.onSubmit(
    async () => {
      await changePassword({ currentPassword: current, newPassword: form.values.password });
      toast.success(translate('auth', 'auth.changePassword.done'));
      setCurrent('');
      form.reset();
    },
    {
      check: () => {
        const missing = current ? [] : [t('auth.changePassword.enterCurrent')];
        setCurrentErr(missing);
        return !missing.length;
      },
    },
  );
  const busy = form.busy;
  return (
    <section aria-labelledby="password-heading" className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
      <h2 id="password-heading" className="text-lg font-bold">
        {t('auth.changePassword.heading')}
      </h2>
      <form onSubmit={handleSubmit} noValidate className="mt-4 space-y-4">
        <TextField
          label={t('auth.currentPassword')}
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          errors={currentErr}
        />
        <TextField
          label={t('auth.newPassword')}
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(e) => form.set('password', e.target.value)}
          errors={form.shown('password')}
        />
        <TextField
          label={t('auth.confirmPassword')}
          type="password"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onChange={(e) => form.set('confirmPassword', e.target.value)}
          errors={form.shown('confirmPassword')}
        />
        <Button type="submit" disabled={busy}>
          {t('auth.changePassword.submit')}
        </Button>
      </form>
    </section>
  );
}
