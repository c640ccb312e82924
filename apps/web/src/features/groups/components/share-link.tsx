import { useState } from 'react';
import { buttonClass, Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { t as translate, useT } from '../../../i18n';

/**
 * The group's link for roommates: WhatsApp (a wa.me link opens the app on a phone, the web page
 * elsewhere), the phone's own share sheet where the browser has one (navigator.share), else a
 * button that copies the link.
 */
export function ShareLink({ url, hostName }: { url: string; hostName: string }) {
  const t = useT('groups');
  const [copied, setCopied] = useState(false);
  const text = t('groups.share.text', { host: hostName });
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async () => {
    try {
      await navigator.share({ title: t('groups.share.title'), text, url });
    } catch (err) {
      // Closing the share sheet is not an error worth telling.
      if (!(err instanceof DOMException && err.name === 'AbortError'))
        toast.error(translate('groups', 'groups.share.failed'));
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success(translate('groups', 'groups.share.copied'));
    } catch {
      toast.error(translate('groups', 'groups.share.copyFailed'));
    }
  };

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <a
          href={`https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`}
          target="_blank"
          rel="noopener noreferrer"
          className={buttonClass('accent', 'md')}
        >
          {t('groups.share.whatsapp')}
        </a>
        {canShare ? (
          <Button variant="outline" onClick={() => void share()}>
            {t('groups.share.share')}
          </Button>
        ) : (
          <Button variant="outline" onClick={() => void copy()}>
            {copied ? t('groups.share.copiedShort') : t('groups.share.copy')}
          </Button>
        )}
      </div>
      <label className="block text-xs text-stone-600">
        {t('groups.share.linkLabel')}
        <input
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="mt-1 block w-full truncate rounded-lg border border-stone-300 bg-stone-50 px-3 py-2 text-sm text-stone-800"
          data-testid="group-link"
        />
      </label>
    </div>
  );
}
