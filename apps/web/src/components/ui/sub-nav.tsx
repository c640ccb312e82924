import { NavLink } from 'react-router';
import { useT } from '../../i18n';

/** The portal's sections as links (each is its own URL, so back and refresh work). */
export function SubNav({
  items,
  label,
}: {
  items: { to: string; label: string; badge?: number; end?: boolean }[];
  label: string;
}) {
  const t = useT('common');
  return (
    <nav aria-label={label} className="-mx-4 mb-5 overflow-x-auto px-4">
      <ul className="flex gap-2">
        {items.map((i) => (
          <li key={i.to}>
            <NavLink
              to={i.to}
              end={i.end}
              className={({ isActive }) =>
                `inline-flex h-10 items-center gap-2 whitespace-nowrap rounded-full px-4 text-sm font-semibold transition-colors ${isActive ? 'bg-brand-800 text-white' : 'bg-white text-brand-900 shadow-sm hover:bg-brand-50'}`
              }
            >
              {i.label}
              {i.badge ? (
                <span
                  className="grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-950"
                  aria-label={t('common.newCount', { count: i.badge })}
                >
                  {i.badge}
                </span>
              ) : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
