import type { ReactNode } from 'react';

/**
 * A portal's top bar (seller, rider, support, admin): the way home, the portal's name and the
 * account's controls, none of the shop's (cart, search). The portal's sections are its SubNav.
 */
export function PortalBar({
  home,
  title,
  skipLabel,
  children,
}: {
  home: ReactNode;
  title: string;
  skipLabel: string;
  children: ReactNode;
}) {
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-white/95 backdrop-blur" data-portal-bar="">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {skipLabel}
      </a>
      <div className="mx-auto flex h-14 max-w-6xl items-center gap-3 px-4 sm:px-6">
        {/* On a phone the mark alone, so the portal's name has the room. */}
        <div className="shrink-0 max-sm:[&_span]:hidden">{home}</div>
        <p className="min-w-0 truncate border-l border-stone-200 pl-3 text-sm font-semibold text-stone-700">{title}</p>
        <div className="ml-auto flex shrink-0 items-center gap-3">{children}</div>
      </div>
    </header>
  );
}
