import { Navigate } from 'react-router';
import { ComingSoon } from '../../../components/ui/coming-soon';
import { RouteFallback } from '../../../components/ui/route-fallback';
import { useSession } from '../../auth';

/** Placeholder: replaced by the addresses/checkout issue. Guests are sent to /cart (SPEC §2). */
export function AddAddressPage() {
  const { user, isLoading } = useSession();
  if (isLoading) return <RouteFallback />;
  if (!user) return <Navigate to="/cart" replace />;
  return <ComingSoon title="Add Shipping Address" />;
}
