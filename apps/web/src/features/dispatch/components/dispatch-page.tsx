import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the dispatch feature's issue. */
export function DispatchPage() {
  return <ComingSoon title="Dispatch Delivery" />;
}
