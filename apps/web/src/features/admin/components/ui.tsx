import type { ReactNode } from 'react';
import { NavLink } from 'react-router';

/** An on/off switch announced as a switch, with its label beside it. */
export function Switch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (v: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center gap-2 text-sm font-medium text-stone-800 disabled:opacity-60"
    >
      <span className={`relative inline-block h-6 w-11 rounded-full transition-colors ${checked ? 'bg-brand-600' : 'bg-stone-300'}`} aria-hidden="true">
        <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
      </span>
      <span>{label}</span>
    </button>
  );
}

const STATUS_COLOURS: Record<string, string> = {
  'Order Placed': 'bg-amber-100 text-amber-900',
  'Order Confirmed': 'bg-sky-100 text-sky-900',
  'Order Assigned': 'bg-indigo-100 text-indigo-900',
  'Order Picked': 'bg-violet-100 text-violet-900',
  'Order Delivered': 'bg-brand-100 text-brand-900',
  'Order Cancelled': 'bg-stone-200 text-stone-700',
  pending: 'bg-amber-100 text-amber-900',
  approved: 'bg-brand-100 text-brand-900',
  rejected: 'bg-red-100 text-red-900',
  scheduled: 'bg-amber-100 text-amber-900',
  paid: 'bg-brand-100 text-brand-900',
  failed: 'bg-red-100 text-red-900',
};

export function StatusPill({ status }: { status: string }) {
  return <span className={`inline-flex rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_COLOURS[status] ?? 'bg-stone-100 text-stone-800'}`}>{status}</span>;
}

export function Card({ children, className = '' }: { children: ReactNode; className?: string }) {
  return <section className={`rounded-[var(--radius-card)] bg-white p-4 shadow-[var(--shadow-card)] sm:p-5 ${className}`}>{children}</section>;
}

/** The portal's sections as links (each is its own URL, so back and refresh work). */
export function SubNav({ items, label }: { items: { to: string; label: string; badge?: number; end?: boolean }[]; label: string }) {
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
                <span className="grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-xs font-bold text-brand-950" aria-label={`${i.badge} new`}>
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

export const fmtTime = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-NG', { timeZone: 'Africa/Lagos', day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' }) : '';
