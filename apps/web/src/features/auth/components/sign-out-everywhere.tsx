import { useState } from 'react';
import { toast } from '../../../lib/toast';
import { Button } from '../../../components/ui/button';
import { useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { useSignedOut } from '../../../session/sign-out';
import { logoutAll } from '../api/auth-calls';

/** The profile's Devices card: ends every session of the account, this one included. */
export function SignOutEverywhere() {
  const t = useT('auth');
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
        {t('auth.devices.heading')}
      </h2>
      <p className="mt-1 text-sm text-stone-600">{t('auth.devices.intro')}</p>
      <Button variant="danger" className="mt-4" onClick={handleClick} disabled={busy}>
        {t('auth.devices.signOutAll')}
      </Button>
    </section>
  );
}
