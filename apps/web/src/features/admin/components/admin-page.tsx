import { ComingSoon } from '../../../components/ui/coming-soon';

/** Placeholder: replaced by the admin feature's issue. */
export function AdminPage() {
  return <ComingSoon title="Admin" />;
}
