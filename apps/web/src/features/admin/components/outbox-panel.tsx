import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorMessage } from '../../../lib/api-client';
import { useOutbox } from '../api/get-outbox';
import { Card } from '../../../components/ui/card';
import { fmtTime } from '../../../lib/format-time';
import { Trans, useT } from '../../../i18n';

/**
 * Development: every email and text message (SMS, the sandbox driver's) the app wrote, newest
 * first, each marked with what it is, so links and codes can be followed without SMTP or SMS.
 */
export function OutboxPanel() {
  const t = useT('admin');
  const { data, isPending, isError, error } = useOutbox();
  if (isPending) return <Skeleton className="h-48" />;
  if (isError) return <EmptyState message={errorMessage(error)} />;
  if (!data.length) return <EmptyState message={t('admin.outbox.empty')} />;
  return (
    <ul className="space-y-2">
      {data.map((m) => (
        <li key={`${m.kind}-${m._id}`}>
          <Card>
            <details>
              <summary className="cursor-pointer text-sm">
                <span
                  className={`mr-2 rounded-full px-2 py-0.5 text-xs font-semibold ${
                    m.kind === 'sms' ? 'bg-amber-100 text-amber-900' : 'bg-sky-100 text-sky-900'
                  }`}
                >
                  {m.kind === 'sms' ? t('admin.outbox.kindSms') : t('admin.outbox.kindMail')}
                </span>
                {m.kind === 'mail' ? (
                  <Trans
                    area="admin"
                    id={m.sentAt ? 'admin.outbox.sent' : 'admin.outbox.queued'}
                    values={{ subject: m.subject, to: m.to, when: fmtTime(m.createdAt) }}
                    components={{ subject: <span className="font-semibold" /> }}
                  />
                ) : (
                  t('admin.outbox.sms', { to: m.to, when: fmtTime(m.createdAt) })
                )}
              </summary>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans text-sm text-stone-700">{m.text}</pre>
            </details>
          </Card>
        </li>
      ))}
    </ul>
  );
}
