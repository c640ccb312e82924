import { useEffect, useRef, useState } from 'react';
import { hasRole, type PublicUser } from '@jara/shared';
import { Link, NavLink, useLocation, useNavigate, useSearchParams } from 'react-router';
import { CartIcon, MenuIcon, SearchIcon, UserIcon } from '../../../components/ui/icons';
import { Switch } from '../../../components/ui/switch';
import { setDataSaver, useDataSaver } from '../../../lib/data-saver';
import { useCartCount } from '../../../session/cart-context';
import { openLogin } from '../../../session/login-modal';
import { useLogout } from '../../../session/sign-out';
import { LanguageSwitch } from '../../../session/language-switch';
import { useSession } from '../../../session/session';
import { Trans, useT, type MessageId } from '../../../i18n';

export function Logo() {
  const t = useT('layout');
  return (
    <Link to="/" className="flex shrink-0 items-center gap-2 rounded-lg" aria-label={t('layout.logo')}>
      <svg width="34" height="34" viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="16" fill="#0f4d39" />
        <path d="M38 14v24a10 10 0 0 1-20 0" fill="none" stroke="#fca326" strokeWidth="7" strokeLinecap="round" />
      </svg>
      <span className="font-[family-name:var(--font-display)] text-2xl font-black tracking-tight text-brand-900">
        {t('layout.wordmark')}
      </span>
    </Link>
  );
}

function SearchBox({ className = '', id }: { className?: string; id: string }) {
  const t = useT('layout');
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const onProducts = location.pathname === '/products';
  const [value, setValue] = useState(onProducts ? (params.get('search') ?? '') : '');

  useEffect(() => {
    if (!onProducts) setValue('');
  }, [onProducts]);

  const go = (text: string) => {
    const q = text.trim();
    void navigate(q ? `/products?search=${encodeURIComponent(q)}` : '/products', { replace: onProducts });
  };

  return (
    <form
      role="search"
      className={`relative ${className}`}
      onSubmit={(e) => {
        e.preventDefault();
        go(value);
      }}
    >
      <label htmlFor={id} className="sr-only">
        {t('layout.search')}
      </label>
      <input
        id={id}
        type="search"
        value={value}
        placeholder={t('layout.search')}
        autoComplete="off"
        onChange={(e) => {
          setValue(e.target.value);
          go(e.target.value);
        }}
        className="h-11 w-full rounded-full border border-stone-300 bg-stone-50 pl-9 pr-3 text-sm text-stone-900 placeholder:text-stone-500 focus:border-brand-600 focus:bg-white focus:outline-none focus:ring-2 focus:ring-brand-600/30"
      />
      <SearchIcon size={18} className="pointer-events-none absolute left-3 top-1/2 -translate-y-1/2 text-stone-500" />
    </form>
  );
}

/** The portals a user's roles open, and the ways in for those they do not hold yet. */
function portalLinks(user: PublicUser | null): { to: string; label: MessageId<'layout'> }[] {
  return [
    { to: '/seller', label: hasRole(user, 'vendor') ? 'layout.sellerDashboard' : 'layout.sell' },
    { to: '/rider', label: hasRole(user, 'rider') ? 'layout.riderDashboard' : 'layout.ride' },
    ...(hasRole(user, 'support', 'admin') ? [{ to: '/support', label: 'layout.supportInbox' as const }] : []),
    ...(hasRole(user, 'admin') ? [{ to: '/admin', label: 'layout.admin' as const }] : []),
  ];
}

/** Smaller pictures, no autoplay, nothing loaded before it is shown (lib/data-saver.ts). */
function DataSaverSwitch() {
  const t = useT('layout');
  const on = useDataSaver();
  return <Switch checked={on} onChange={setDataSaver} label={t('layout.dataSaver')} />;
}

/** The account menu: the shop's pages, the portals, data saver, language, log in or out. */
export function UserMenu() {
  const t = useT('layout');
  const { user } = useSession();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);
  useEffect(() => {
    if (!open) return;
    const onDown = (e: MouseEvent) => {
      if (!root.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const item = 'block rounded-lg px-3 py-2.5 text-sm font-medium text-stone-800 hover:bg-brand-50 hover:text-brand-900';
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls="main-menu"
        onClick={() => setOpen((o) => !o)}
        className="flex h-11 items-center gap-2 rounded-full border border-stone-200 bg-white pl-3 pr-2 text-stone-800 hover:border-brand-600"
      >
        <MenuIcon size={18} />
        <span className="sr-only">{t('layout.menu')}</span>
        <span
          className="grid size-8 place-items-center rounded-full bg-brand-800 text-sm font-bold text-white"
          aria-hidden="true"
        >
          {user ? user.name.trim().charAt(0).toUpperCase() || <UserIcon size={16} /> : <UserIcon size={16} />}
        </span>
      </button>
      <div
        id="main-menu"
        hidden={!open}
        className="absolute right-0 top-full z-40 mt-2 w-60 rounded-2xl border border-stone-200 bg-white p-2 shadow-xl"
      >
        {user && (
          <p className="border-b border-stone-100 px-3 pb-2 pt-1 text-sm text-stone-600">
            <Trans
              area="layout"
              id="layout.hi"
              values={{ name: user.name }}
              components={{ name: <span className="font-semibold text-stone-900" /> }}
            />
          </p>
        )}
        <ul className="pt-1">
          <li>
            <Link className={item} to="/products">
              {t('layout.allProducts')}
            </Link>
          </li>
          <li>
            <Link className={item} to="/shops">
              {t('layout.visitShops')}
            </Link>
          </li>
          <li>
            <Link className={item} to="/wishlist">
              {t('layout.wishlist')}
            </Link>
          </li>
          <li>
            <Link className={item} to="/my-orders">
              {t('layout.myOrders')}
            </Link>
          </li>
          <li>
            <Link className={item} to="/threads">
              {t('layout.orderChats')}
            </Link>
          </li>
          <li>
            <Link className={item} to="/profile">
              {t('layout.profile')}
            </Link>
          </li>
          {portalLinks(user).map((l, i) => (
            <li key={l.to} className={i === 0 ? 'mt-1 border-t border-stone-100 pt-1' : undefined}>
              <Link className={item} to={l.to}>
                {t(l.label)}
              </Link>
            </li>
          ))}
          <li className="mt-1 border-t border-stone-100 px-3 pt-1">
            <DataSaverSwitch />
          </li>
          <li className="mt-1 border-t border-stone-100 px-3 py-1">
            <LanguageSwitch />
          </li>
          <li className="mt-1 border-t border-stone-100 pt-1">
            {user ? (
              <button
                type="button"
                className={`${item} w-full text-left`}
                onClick={() => {
                  setOpen(false);
                  void logout();
                }}
              >
                {t('layout.logout')}
              </button>
            ) : (
              <button
                type="button"
                className={`${item} w-full text-left`}
                onClick={() => {
                  setOpen(false);
                  openLogin('login');
                }}
              >
                {t('common.login')}
              </button>
            )}
          </li>
        </ul>
      </div>
    </div>
  );
}

export function NavBar() {
  const t = useT('layout');
  const count = useCartCount();
  const link = ({ isActive }: { isActive: boolean }) =>
    `rounded-full px-3 py-2 text-sm font-semibold transition ${isActive ? 'bg-brand-50 text-brand-900' : 'text-stone-700 hover:text-brand-900'}`;
  return (
    <header className="sticky top-0 z-30 border-b border-stone-200/80 bg-white/95 backdrop-blur">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-2 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
      >
        {t('layout.skip')}
      </a>
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t('layout.mainNav')} className="ml-2 hidden items-center gap-1 md:flex">
          <NavLink to="/" end className={link}>
            {t('layout.home')}
          </NavLink>
          <NavLink to="/dispatch" className={link}>
            {t('layout.dispatch')}
          </NavLink>
        </nav>
        <SearchBox id="search-desktop" className="mx-auto hidden w-full max-w-sm sm:block" />
        <div className="ml-auto flex items-center gap-2 sm:ml-0">
          <Link
            to="/cart"
            className="relative grid size-11 place-items-center rounded-full text-brand-900 hover:bg-brand-50"
            aria-label={t('layout.cart', { count })}
          >
            <CartIcon size={22} />
            <span
              data-testid="cart-count"
              aria-hidden="true"
              className="absolute -right-0.5 -top-0.5 grid min-w-5 place-items-center rounded-full bg-accent-400 px-1 text-[11px] font-bold leading-5 text-brand-950"
            >
              {count}
            </span>
          </Link>
          <UserMenu />
        </div>
      </div>
      {/* On a 360 px phone every pixel of this row goes to the search box's placeholder. */}
      <div className="mx-auto flex max-w-6xl items-center gap-1 px-4 pb-3 sm:hidden">
        <nav aria-label={t('layout.mainNavMobile')} className="flex shrink-0 items-center">
          <NavLink to="/" end className={(s) => `${link(s)} max-sm:px-2.5`}>
            {t('layout.home')}
          </NavLink>
          <NavLink to="/dispatch" className={(s) => `${link(s)} max-sm:px-2.5`}>
            <Trans area="layout" id="layout.dispatchShort" components={{ rest: <span className="sr-only" /> }} />
          </NavLink>
        </nav>
        <SearchBox id="search-mobile" className="w-full" />
      </div>
    </header>
  );
}
