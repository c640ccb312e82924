import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the support feature's issue. */
export function SupportPage() {
  return <ComingSoon title="Support Inbox" />;
}
