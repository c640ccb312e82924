import type { OpenState } from '@jara/shared';
import { useT } from '../../../i18n';

/** "Closed · opens 8:00" and why the cart buttons wait. */
export function ClosedNote({ state, id, compact = false }: { state: OpenState; id?: string; compact?: boolean }) {
  const t = useT('catalogue');
  if (compact) {
    return (
      <span id={id} className="rounded-full bg-stone-900/85 px-2.5 py-1 text-xs font-semibold text-white">
        {state.label}
      </span>
    );
  }
  return (
    <p id={id} role="status" className="rounded-xl bg-amber-50 px-3 py-2 text-sm font-medium text-amber-900">
      {t('catalogue.closedNote', { state: state.label })}
    </p>
  );
}
