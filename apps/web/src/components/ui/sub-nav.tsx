import { useEffect, useId, useState } from 'react';
import { matchPath, NavLink, useLocation } from 'react-router';
import { useT } from '../../i18n';
import { Modal } from './modal';

export interface SubNavItem {
  to: string;
  label: string;
  /** A count that needs the user (new orders, applications waiting); nothing when 0. */
  badge?: number;
  end?: boolean;
}

/** The most tabs a phone's bar holds, More included: past that, the rest go under More. */
const PHONE_TABS = 5;

/** The count as a dot to see, "3 new" to hear (a label on a plain span is not read). */
function Badge({ count, className = '' }: { count: number; className?: string }) {
  const t = useT('common');
  return (
    <>
      <span
        aria-hidden="true"
        className={`grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold leading-5 text-brand-950 ${className}`}
      >
        {count}
      </span>
      <span className="sr-only">{`, ${t('common.newCount', { count })}`}</span>
    </>
  );
}

// One list, two shapes: a tab bar fixed to the bottom of a phone, a row of pills on a wider screen.
// A tab is as wide as its words and they share what is left, so a long one ("Applications") is
// not broken while a short one ("Users") has room to spare; a word longer than a whole tab wraps.
const TAB =
  'max-md:relative max-md:flex max-md:min-h-14 max-md:w-full max-md:flex-col max-md:items-center max-md:justify-center max-md:px-1.5 max-md:text-center max-md:text-xs max-md:leading-tight max-md:hyphens-auto max-md:break-words';
const TAB_ACTIVE =
  'max-md:text-brand-900 max-md:before:absolute max-md:before:inset-x-3 max-md:before:top-0 max-md:before:h-1 max-md:before:rounded-b-full max-md:before:bg-brand-800';
const TAB_IDLE = 'max-md:text-stone-600';
const PILL =
  'md:inline-flex md:h-10 md:items-center md:gap-2 md:whitespace-nowrap md:rounded-full md:px-4 md:text-sm md:transition-colors';
const PILL_ACTIVE = 'md:bg-brand-800 md:text-white';
const PILL_IDLE = 'md:bg-white md:text-brand-900 md:shadow-sm md:hover:bg-brand-50';
const BADGE_IN_TAB = 'max-md:absolute max-md:right-1 max-md:top-1';

/**
 * A portal's sections as links (each is its own URL, so back and refresh work). On a phone they
 * are a tab bar along the bottom edge, at most PHONE_TABS tabs: past that the last tab is More,
 * which opens the rest in a sheet, its badge adding up theirs. On a wider screen, a row of pills.
 */
export function SubNav({ items, label }: { items: SubNavItem[]; label: string }) {
  const t = useT('common');
  const { pathname } = useLocation();
  const [moreOpen, setMoreOpen] = useState(false);
  const sheetTitle = useId();
  const rest = items.length > PHONE_TABS ? items.slice(PHONE_TABS - 1) : [];
  const inBar = items.length - rest.length;
  const restBadge = rest.reduce((sum, i) => sum + (i.badge ?? 0), 0);
  const restActive = rest.some((i) => matchPath({ path: i.to, end: i.end ?? false }, pathname));

  useEffect(() => setMoreOpen(false), [pathname]);

  return (
    <nav
      aria-label={label}
      data-tabbar=""
      className="max-md:fixed max-md:inset-x-0 max-md:bottom-0 max-md:z-30 max-md:border-t max-md:border-stone-200 max-md:bg-white max-md:pb-[env(safe-area-inset-bottom)] max-md:shadow-[0_-4px_16px_rgb(0_0_0/0.06)] md:mb-5"
    >
      <ul className="flex max-md:mx-auto max-md:max-w-lg md:flex-wrap md:gap-2">
        {items.map((i, n) => (
          <li key={i.to} className={`min-w-0 max-md:flex-auto ${n >= inBar ? 'max-md:hidden' : ''}`}>
            <NavLink
              to={i.to}
              end={i.end}
              className={({ isActive }) =>
                `${TAB} ${PILL} font-semibold ${isActive ? `${TAB_ACTIVE} ${PILL_ACTIVE}` : `${TAB_IDLE} ${PILL_IDLE}`}`
              }
            >
              {i.label}
              {i.badge ? <Badge count={i.badge} className={BADGE_IN_TAB} /> : null}
            </NavLink>
          </li>
        ))}
        {rest.length > 0 && (
          <li className="min-w-0 flex-auto md:hidden">
            <button
              type="button"
              aria-haspopup="dialog"
              aria-expanded={moreOpen}
              onClick={() => setMoreOpen(true)}
              className={`${TAB} font-semibold ${restActive ? TAB_ACTIVE : TAB_IDLE}`}
            >
              <svg width="20" height="20" viewBox="0 0 24 24" fill="currentColor" aria-hidden="true">
                <circle cx="5" cy="12" r="2" />
                <circle cx="12" cy="12" r="2" />
                <circle cx="19" cy="12" r="2" />
              </svg>
              {t('common.nav.more')}
              {restBadge > 0 && <Badge count={restBadge} className={BADGE_IN_TAB} />}
            </button>
          </li>
        )}
      </ul>
      <Modal open={moreOpen} onClose={() => setMoreOpen(false)} labelledBy={sheetTitle}>
        <h2 id={sheetTitle} className="pr-10 text-lg font-bold">
          {label}
        </h2>
        <ul className="mt-3 divide-y divide-stone-100">
          {rest.map((i) => (
            <li key={i.to}>
              <NavLink
                to={i.to}
                end={i.end}
                onClick={() => setMoreOpen(false)}
                className={({ isActive }) =>
                  `flex min-h-12 items-center justify-between gap-3 rounded-xl px-3 text-base font-semibold ${isActive ? 'bg-brand-50 text-brand-900' : 'text-stone-800 hover:bg-stone-50'}`
                }
              >
                {i.label}
                {i.badge ? <Badge count={i.badge} /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
      </Modal>
    </nav>
  );
}
