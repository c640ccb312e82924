import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeNextPath } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { Trans, useT } from '../../../i18n';
import { useSession } from '../../../session/session';
import { AddressForm } from './address-form';

/** /add-address: guests go to /cart (SPEC §2); after saving, back to `next` (default /cart). */
export function AddAddressPage() {
  const t = useT('addresses');
  const { user, isLoading } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  if (isLoading) return <RouteFallback />;
  if (!user) return <Navigate to="/cart" replace />;
  const next = params.get('next') ? safeNextPath(params.get('next')) : '/cart';
  return (
    <Page title={t('addresses.add.title')} className="max-w-2xl">
      <h1 className="text-2xl font-bold sm:text-3xl">
        <Trans
          area="addresses"
          id="addresses.add.heading"
          components={{ accent: <span className="text-accent-600" /> }}
        />
      </h1>
      <div className="mt-6 rounded-3xl bg-white p-5 shadow-[var(--shadow-card)] sm:p-8">
        <AddressForm
          defaults={{
            email: user.email,
            firstName: user.name.split(' ')[0] ?? '',
            lastName: user.name.split(' ').slice(1).join(' '),
          }}
          onSaved={() => navigate(next, { replace: true })}
        />
      </div>
    </Page>
  );
}
