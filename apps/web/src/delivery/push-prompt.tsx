import { useEffect, useState } from 'react';
import { toast } from '../lib/toast';
import { Button } from '../components/ui/button';
import { dismissPrompt, enablePush, promptDismissed, pushState, type PushState } from '../lib/push';
import { t as translate, useT } from '../i18n';

/**
 * The offer to turn on notifications, shown once the user has an order (or a dispatch) to
 * follow, or a shop whose new orders must reach its owner with the app closed. The browser's
 * permission question comes only from the button, never on page load.
 * It appears once the browser has said whether pushes are on, after the list has drawn: pages put
 * it below their list, where its arrival moves nothing the reader is looking at.
 */
const WORDS = {
  order: ['delivery.push.title.order', 'delivery.push.body.order'],
  dispatch: ['delivery.push.title.dispatch', 'delivery.push.body.dispatch'],
  shop: ['delivery.push.title.shop', 'delivery.push.body.shop'],
} as const;

export function PushPrompt({ what, className = '' }: { what: keyof typeof WORDS; className?: string }) {
  const t = useT('delivery');
  const [state, setState] = useState<PushState | null>(null);
  const [busy, setBusy] = useState(false);
  const [hidden, setHidden] = useState(promptDismissed);
  useEffect(() => {
    let live = true;
    pushState()
      .then((s) => live && setState(s))
      .catch(() => live && setState('unsupported'));
    return () => {
      live = false;
    };
  }, []);
  if (hidden || state !== 'off') return null;

  const handleEnable = async () => {
    setBusy(true);
    try {
      const next = await enablePush();
      setState(next);
      if (next === 'on') toast.success(translate('delivery', 'delivery.push.on'));
      else if (next === 'denied') toast.error(translate('delivery', 'delivery.push.blocked'));
      if (next !== 'off') dismissPrompt();
    } catch {
      toast.error(translate('delivery', 'delivery.push.failed'));
    } finally {
      setBusy(false);
    }
  };
  const handleLater = () => {
    dismissPrompt();
    setHidden(true);
  };

  return (
    <section
      aria-labelledby="push-prompt-title"
      className={`rounded-[var(--radius-card)] bg-brand-50 p-4 ${className}`}
      data-testid="push-prompt"
    >
      <h2 id="push-prompt-title" className="font-semibold text-brand-900">
        {t(WORDS[what][0])}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t(WORDS[what][1])}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" onClick={handleEnable} disabled={busy}>
          {busy ? t('delivery.push.turningOn') : t('delivery.push.turnOn')}
        </Button>
        <Button size="sm" variant="outline" onClick={handleLater} disabled={busy}>
          {t('delivery.push.later')}
        </Button>
      </div>
    </section>
  );
}
