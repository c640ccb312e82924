import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import type { ContactMessageDto } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { SearchIcon } from '../../../components/ui/icons';
import { errorMessage } from '../../../lib/api-client';
import { dayLabel, timeLabel } from '../../../conversation/chat-format';
import { LinkifiedText } from '../../../conversation/linkified-text';
import { MediaOverlay } from '../../../conversation/media-overlay';
import { useContactMessages } from '../api/get-contact-messages';
import { useReplyToContact } from '../api/reply-to-contact';
import { t as translate, useT } from '../../../i18n';

/** Contact-form messages, newest first, each answered by email. */
export function ContactInbox() {
  const t = useT('support');
  const [q, setQ] = useState('');
  const { data, isPending, isError } = useContactMessages(q);
  const [openId, setOpenId] = useState<string | null>(null);
  return (
    <div className="mx-auto w-full max-w-3xl p-3 sm:p-4">
      <label className="relative mb-3 block">
        <span className="sr-only">{t('support.contact.search')}</span>
        <SearchIcon size={16} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-500" />
        <input
          type="search"
          value={q}
          onChange={(e) => setQ(e.target.value)}
          placeholder={t('support.contact.searchHint')}
          className="h-10 w-full rounded-full border border-stone-300 bg-white pl-9 pr-3 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
        />
      </label>
      {isPending && (
        <div className="space-y-2" role="status" aria-label={t('support.contact.loading')}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-16 w-full" />
          ))}
        </div>
      )}
      {isError && !data && (
        <p className="text-sm text-red-700" role="alert">
          {t('support.contact.failed')}
        </p>
      )}
      {data && data.length === 0 && (
        <p className="py-10 text-center text-sm text-stone-600">{t('support.contact.empty')}</p>
      )}
      <ul className="space-y-2" aria-label={t('support.contact.list')}>
        {data?.map((m) => (
          <ContactItem
            key={m._id}
            message={m}
            open={openId === m._id}
            onToggle={() => setOpenId(openId === m._id ? null : m._id)}
          />
        ))}
      </ul>
    </div>
  );
}

function ContactItem({
  message: m,
  open,
  onToggle,
}: {
  message: ContactMessageDto;
  open: boolean;
  onToggle: () => void;
}) {
  const t = useT('support');
  const [reply, setReply] = useState('');
  const [overlay, setOverlay] = useState(false);
  const send = useReplyToContact(m._id);
  const panelId = `contact-${m._id}`;

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (!reply.trim()) return;
    try {
      await send.mutateAsync(reply.trim());
      toast.success(translate('support', 'support.contact.sent'));
      setReply('');
    } catch (err) {
      toast.error(errorMessage(err));
    }
  };

  return (
    <li className="overflow-hidden rounded-2xl border border-stone-200 bg-white">
      <button
        type="button"
        onClick={onToggle}
        aria-expanded={open}
        aria-controls={panelId}
        className="flex w-full items-start gap-3 p-3 text-left hover:bg-stone-50"
      >
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline justify-between gap-2">
            <span className="truncate font-semibold" title={m.subject}>
              {m.subject}
            </span>
            <span className="shrink-0 text-[11px] text-stone-500">
              {dayLabel(m.createdAt)} {timeLabel(m.createdAt)}
            </span>
          </span>
          <span className="block truncate text-xs text-stone-600" title={`${m.name} · ${m.email}`}>
            {m.name} · {m.email}
          </span>
        </span>
        {m.repliedAt ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-[10px] font-semibold uppercase text-brand-800">
            {t('support.contact.replied')}
          </span>
        ) : (
          <span className="rounded-full bg-accent-100 px-2 py-0.5 text-[10px] font-semibold uppercase text-accent-700">
            {t('support.contact.new')}
          </span>
        )}
      </button>
      {open && (
        <div id={panelId} className="space-y-3 border-t border-stone-100 p-3 text-sm">
          <LinkifiedText text={m.message} className="text-stone-800" />
          {m.attachment && m.attachmentType === 'document' && (
            <a href={m.attachment} download className="inline-block text-sm font-semibold text-brand-800 underline">
              {t('support.contact.pdf')}
            </a>
          )}
          {m.attachment &&
            m.attachmentType !== 'document' &&
            (m.attachmentType === 'image' ? (
              <button
                type="button"
                onClick={() => setOverlay(true)}
                className="block overflow-hidden rounded-xl"
                aria-label={t('support.contact.photo')}
              >
                <img
                  src={m.attachment}
                  alt={t('support.contact.attachment')}
                  className="max-h-48 min-h-24 min-w-24 rounded-xl object-cover"
                />
              </button>
            ) : (
              <button
                type="button"
                onClick={() => setOverlay(true)}
                className="text-sm font-semibold text-brand-800 underline"
              >
                {t('support.contact.video')}
              </button>
            ))}
          {overlay && m.attachment && m.attachmentType !== 'document' && (
            <MediaOverlay src={m.attachment} type={m.attachmentType ?? 'image'} onClose={() => setOverlay(false)} />
          )}
          {m.reply && (
            <div className="rounded-xl bg-brand-50 p-3">
              <p className="text-xs font-semibold text-brand-800">
                {t('support.contact.repliedAt', {
                  when: m.repliedAt ? `${dayLabel(m.repliedAt)} ${timeLabel(m.repliedAt)}` : '',
                })}
              </p>
              <p className="whitespace-pre-wrap text-stone-800">{m.reply}</p>
            </div>
          )}
          <form onSubmit={handleSubmit} className="space-y-2">
            <label htmlFor={`${panelId}-reply`} className="block text-xs font-semibold text-stone-700">
              {t('support.contact.replyTo', { email: m.email })}
            </label>
            <textarea
              id={`${panelId}-reply`}
              value={reply}
              onChange={(e) => setReply(e.target.value)}
              rows={4}
              className="w-full rounded-xl border border-stone-300 p-3 text-sm focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
            <Button type="submit" size="sm" disabled={!reply.trim() || send.isPending}>
              {send.isPending ? t('support.contact.sending') : t('support.contact.send')}
            </Button>
          </form>
        </div>
      )}
    </li>
  );
}
