import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useOutbox } from '../api/get-outbox';
import { Card } from '../../../components/ui/card';
import { fmtTime } from '../../../lib/format-time';

/** Development: every email the app wrote, so links can be followed without SMTP. */
export function OutboxPanel() {
  const { data, isPending, isError, error } = useOutbox();
  if (isPending) return <Skeleton className="h-48" />;
  if (isError) return <EmptyState message={errorMessage(error)} />;
  if (!data.length) return <EmptyState message="No emails yet." />;
  return (
    <ul className="space-y-2">
      {data.map((m) => (
        <li key={m._id}>
          <Card>
            <details>
              <summary className="cursor-pointer text-sm">
                <span className="font-semibold">{m.subject}</span> · to {m.to} · {fmtTime(m.createdAt)}
                {m.sentAt ? '' : ' · queued'}
              </summary>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-stone-700">{m.text}</pre>
            </details>
          </Card>
        </li>
      ))}
    </ul>
  );
}
