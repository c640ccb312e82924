import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the orders feature's issue. */
export function MyOrdersPage() {
  return <ComingSoon title="My Orders" />;
}
