import { useState } from 'react';
import toast from 'react-hot-toast';
import { Page } from '../../../components/ui/page';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { errorMessage } from '../../../lib/api-client';
import { AddressBook } from '../../addresses';
import { changePassword, logoutAll, useForm, validateNewPassword } from '../../auth';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { useSignedOut } from '../../../session/sign-out';

export function ProfilePage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <RouteFallback />;
  if (!user) {
    return (
      <Page title="Profile" className="max-w-xl">
        <h1 className="text-2xl font-bold">Profile Details</h1>
        <div className="mt-6 rounded-3xl bg-white p-6 text-center shadow-[var(--shadow-card)]">
          <p className="text-stone-700">Log in to see and manage your account.</p>
          <Button className="mt-4" onClick={() => openLogin('login')}>
            Login
          </Button>
        </div>
      </Page>
    );
  }
  return (
    <Page title="Profile" className="max-w-xl space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">Profile Details</h1>
      <section aria-labelledby="account-heading" className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
        <h2 id="account-heading" className="text-lg font-bold">
          Account
        </h2>
        <dl className="mt-4 grid grid-cols-[6rem_1fr] gap-y-3 text-sm">
          <dt className="text-stone-600">Name</dt>
          <dd className="font-semibold text-stone-900">{user.name}</dd>
          <dt className="text-stone-600">Email</dt>
          <dd className="break-all font-semibold text-stone-900">{user.email}</dd>
        </dl>
      </section>
      <AddressBook />
      <ChangePasswordForm />
      <SignOutEverywhere />
    </Page>
  );
}

function ChangePasswordForm() {
  const [current, setCurrent] = useState('');
  const form = useForm({ password: '', confirmPassword: '' }, validateNewPassword);
  const [currentErr, setCurrentErr] = useState<string[]>([]);
  const handleSubmit = form.onSubmit(
    async () => {
      const res = await changePassword({ currentPassword: current, newPassword: form.values.password });
      toast.success(res.message);
      setCurrent('');
      form.reset();
    },
    {
      check: () => {
        const missing = current ? [] : ['Enter your current password'];
        setCurrentErr(missing);
        return !missing.length;
      },
    },
  );
  const busy = form.busy;
  return (
    <section aria-labelledby="password-heading" className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
      <h2 id="password-heading" className="text-lg font-bold">
        Change password
      </h2>
      <form onSubmit={handleSubmit} noValidate className="mt-4 space-y-4">
        <TextField
          label="Current Password"
          type="password"
          autoComplete="current-password"
          value={current}
          onChange={(e) => setCurrent(e.target.value)}
          errors={currentErr}
        />
        <TextField
          label="New Password"
          type="password"
          autoComplete="new-password"
          value={form.values.password}
          onChange={(e) => form.set('password', e.target.value)}
          errors={form.shown('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          value={form.values.confirmPassword}
          onChange={(e) => form.set('confirmPassword', e.target.value)}
          errors={form.shown('confirmPassword')}
        />
        <Button type="submit" disabled={busy}>
          Change Password
        </Button>
      </form>
    </section>
  );
}

function SignOutEverywhere() {
  const signedOut = useSignedOut();
  const [busy, setBusy] = useState(false);
  const handleClick = async () => {
    setBusy(true);
    try {
      const res = await logoutAll();
      signedOut(res.message);
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby="devices-heading" className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
      <h2 id="devices-heading" className="text-lg font-bold">
        Devices
      </h2>
      <p className="mt-1 text-sm text-stone-600">
        Signed in on a shared or lost phone? Sign out of Jara on every device, this one included.
      </p>
      <Button variant="danger" className="mt-4" onClick={handleClick} disabled={busy}>
        Sign out everywhere
      </Button>
    </section>
  );
}
