import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the seller feature's issue. */
export function SellerPage() {
  return <ComingSoon title="Seller Dashboard" />;
}
