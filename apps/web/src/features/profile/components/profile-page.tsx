import type { ReactNode } from 'react';
import { Page } from '../../../components/ui/page';
import { Button } from '../../../components/ui/button';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { useT } from '../../../i18n';
import { openLogin } from '../../../session/login-modal';
import { useSession } from '../../../session/session';
import { StudentBadge, VerificationPanel } from './verification-panel';

/**
 * /profile: the account's name and email, its verification (email, phone, the "Verified student"
 * badge), then the cards the page in app/ gives (addresses, password, devices); a guest is asked
 * to log in.
 */
export function ProfilePage({ children }: { children: ReactNode }) {
  const t = useT('profile');
  const { user, isLoading } = useSession();
  if (isLoading) return <RouteFallback />;
  if (!user) {
    return (
      <Page title={t('profile.title')} className="max-w-xl">
        <h1 className="text-2xl font-bold">{t('profile.heading')}</h1>
        <div className="mt-6 rounded-3xl bg-white p-6 text-center shadow-[var(--shadow-card)]">
          <p className="text-stone-700">{t('profile.loginPrompt')}</p>
          <Button className="mt-4" onClick={() => openLogin('login')}>
            {t('profile.login')}
          </Button>
        </div>
      </Page>
    );
  }
  return (
    <Page title={t('profile.title')} className="max-w-xl space-y-6">
      <h1 className="text-2xl font-bold sm:text-3xl">{t('profile.heading')}</h1>
      <section aria-labelledby="account-heading" className="rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]">
        <h2 id="account-heading" className="text-lg font-bold">
          {t('profile.account')}
        </h2>
        <dl className="mt-4 grid grid-cols-[6rem_1fr] gap-y-3 text-sm">
          <dt className="text-stone-600">{t('profile.name')}</dt>
          <dd className="font-semibold text-stone-900">{user.name}</dd>
          <dt className="text-stone-600">{t('profile.email')}</dt>
          <dd className="break-all font-semibold text-stone-900">{user.email}</dd>
        </dl>
        {user.verifiedStudent && (
          <div className="mt-4">
            <StudentBadge />
          </div>
        )}
      </section>
      <VerificationPanel user={user} />
      {children}
    </Page>
  );
}
