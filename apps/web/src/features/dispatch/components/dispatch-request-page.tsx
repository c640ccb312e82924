import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the dispatch feature's issue. */
export function DispatchRequestPage() {
  return <ComingSoon title="Dispatch Request" />;
}
