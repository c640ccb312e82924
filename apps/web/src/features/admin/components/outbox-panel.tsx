import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useOutbox } from '../api/get-outbox';
import { Card } from '../../../components/ui/card';
import { fmtTime } from '../../../lib/format-time';
import { Trans, useT } from '../../../i18n';

/** Development: every email the app wrote, so links can be followed without SMTP. */
export function OutboxPanel() {
  const t = useT('admin');
  const { data, isPending, isError, error } = useOutbox();
  if (isPending) return <Skeleton className="h-48" />;
  if (isError) return <EmptyState message={errorMessage(error)} />;
  if (!data.length) return <EmptyState message={t('admin.outbox.empty')} />;
  return (
    <ul className="space-y-2">
      {data.map((m) => (
        <li key={m._id}>
          <Card>
            <details>
              <summary className="cursor-pointer text-sm">
                <Trans
                  area="admin"
                  id={m.sentAt ? 'admin.outbox.sent' : 'admin.outbox.queued'}
                  values={{ subject: m.subject, to: m.to, when: fmtTime(m.createdAt) }}
                  components={{ subject: <span className="font-semibold" /> }}
                />
              </summary>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-stone-700">{m.text}</pre>
            </details>
          </Card>
        </li>
      ))}
    </ul>
  );
}
