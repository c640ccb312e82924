import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the rider feature's issue. */
export function RiderPage() {
  return <ComingSoon title="Rider Dashboard" />;
}
