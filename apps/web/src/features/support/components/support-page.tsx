import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/ui/page';
import { Spinner } from '../../../components/ui/spinner';
import { hasRole, type SupportAlertEvent } from '@jara/shared';
import { LoginPrompt } from '../../../session/login-prompt';
import { useSession } from '../../../session/session';
import { chatSocket } from '../../../conversation/chat-socket';
import { useSupportChats, type InboxFilter } from '../api/get-support-chats';
import { AgentThread } from './agent-thread';
import { ContactInbox } from './contact-inbox';
import { ConversationList } from './conversation-list';
import { useT } from '../../../i18n';

/** The support inbox (/support) for support agents and admins: conversations and contact messages. */
export function SupportPage() {
  const t = useT('support');
  const { user, isLoading } = useSession();
  if (isLoading) {
    return (
      <Page title={t('support.title')}>
        <div className="grid place-items-center py-20">
          <Spinner label={t('support.loading')} />
        </div>
      </Page>
    );
  }
  if (!user) {
    return (
      <Page title={t('support.title')}>
        <h1 className="text-2xl font-bold">{t('support.title')}</h1>
        <div className="mt-4">
          <LoginPrompt message={t('support.logIn')} ask />
        </div>
      </Page>
    );
  }
  if (!hasRole(user, 'support', 'admin')) {
    return (
      <Page title={t('support.title')}>
        <h1 className="text-2xl font-bold">{t('support.title')}</h1>
        <p className="mt-3 text-stone-700">{t('support.agentsOnly')}</p>
      </Page>
    );
  }
  return <Inbox self={{ id: user._id, name: user.name }} />;
}

function Inbox({ self: { id, name } }: { self: { id: string; name: string } }) {
  const t = useT('support');
  const self = useMemo(() => ({ id, name }), [id, name]);
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'contact' ? 'contact' : 'chats';
  const selectedId = params.get('chat');
  const [q, setQ] = useState('');
  const [filter, setFilter] = useState<InboxFilter>('all');
  const chats = useSupportChats(q, filter);
  const qc = useQueryClient();
  const selected = chats.data?.find((c) => c._id === selectedId) ?? null;
  const [alerts, setAlerts] = useState<SupportAlertEvent[]>([]);

  useEffect(() => {
    document.title = t('support.documentTitle');
  }, [t]);

  // New messages and status changes anywhere move the list.
  useEffect(() => {
    const socket = chatSocket();
    const refresh = () => void qc.invalidateQueries({ queryKey: ['support', 'chats'] });
    socket.on('chat.updated', refresh);
    socket.on('connect', refresh);
    return () => {
      socket.off('chat.updated', refresh);
      socket.off('connect', refresh);
    };
  }, [qc]);

  // A delivery locked after too many wrong codes, or left with no rider: shown until dismissed
  // (the support mailbox has it too).
  useEffect(() => {
    const socket = chatSocket();
    const onAlert = (alert: SupportAlertEvent) =>
      setAlerts((list) => [alert, ...list.filter((a) => alertKey(a) !== alertKey(alert))].slice(0, 5));
    socket.on('support.alert', onAlert);
    return () => {
      socket.off('support.alert', onAlert);
    };
  }, []);

  const go = (next: Record<string, string | null>) =>
    setParams((p) => {
      const n = new URLSearchParams(p);
      for (const [k, v] of Object.entries(next)) {
        if (v === null) n.delete(k);
        else n.set(k, v);
      }
      return n;
    });

  return (
    <div className="mx-auto flex h-[calc(100dvh-3.5rem)] w-full max-w-7xl flex-col px-0 sm:px-4 sm:py-4">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-2 px-4 py-3 sm:px-0">
        <h1 className="text-xl font-bold sm:text-2xl">{t('support.title')}</h1>
        <div role="tablist" aria-label={t('support.tabs.label')} className="flex rounded-full bg-stone-200 p-1">
          {(
            [
              ['chats', t('support.tabs.chats')],
              ['contact', t('support.tabs.contact')],
            ] as const
          ).map(([key, label]) => (
            <button
              key={key}
              role="tab"
              type="button"
              aria-selected={tab === key}
              onClick={() => go({ tab: key === 'contact' ? 'contact' : null })}
              className={`rounded-full px-3 py-1.5 text-sm font-semibold ${tab === key ? 'bg-white text-brand-900 shadow-sm' : 'text-stone-700'}`}
            >
              {label}
            </button>
          ))}
        </div>
      </div>
      {alerts.length > 0 && (
        <ul aria-label={t('support.alerts.label')} className="mb-3 space-y-2 px-4 sm:px-0">
          {alerts.map((a) => (
            <li
              key={alertKey(a)}
              role="alert"
              className="flex items-start justify-between gap-3 rounded-2xl border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-900"
            >
              <span>{t('support.alerts.message', { message: a.message })}</span>
              <button
                type="button"
                className="shrink-0 font-semibold underline"
                onClick={() => setAlerts((list) => list.filter((x) => alertKey(x) !== alertKey(a)))}
              >
                {t('support.alerts.dismiss')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div
        role="tabpanel"
        className="flex min-h-0 flex-1 overflow-hidden border-stone-200 bg-white sm:rounded-3xl sm:border"
      >
        {tab === 'contact' ? (
          <div className="min-h-0 flex-1 overflow-y-auto bg-stone-50">
            <ContactInbox />
          </div>
        ) : (
          <>
            <div
              className={`min-h-0 w-full flex-col border-r border-stone-200 lg:flex lg:w-80 ${selectedId ? 'hidden' : 'flex'}`}
            >
              <ConversationList
                chats={chats.data}
                loading={chats.isPending}
                error={chats.isError}
                selectedId={selectedId}
                onSelect={(id) => go({ chat: id })}
                q={q}
                onSearch={setQ}
                filter={filter}
                onFilter={setFilter}
              />
            </div>
            <div className={`min-h-0 min-w-0 flex-1 flex-col ${selectedId ? 'flex' : 'hidden lg:flex'}`}>
              {selectedId ? (
                <AgentThread
                  key={selectedId}
                  chatId={selectedId}
                  self={self}
                  customerName={selected?.customer.name ?? ''}
                  customerEmail={selected?.customer.email ?? ''}
                  status={selected?.status ?? 'open'}
                  subject={selected?.subject ?? null}
                  onBack={() => go({ chat: null })}
                />
              ) : (
                <div className="grid flex-1 place-items-center p-6 text-center text-sm text-stone-600">
                  {t('support.choose')}
                </div>
              )}
            </div>
          </>
        )}
      </div>
    </div>
  );
}

const alertKey = (a: SupportAlertEvent) => {
  if (a.kind === 'no_rider') return `no-rider:${a.jobKind}:${a.jobId}`;
  return a.kind === 'order_code_locked' ? `order:${a.orderId}` : `dispatch:${a.dispatchId}`;
};
