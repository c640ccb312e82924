import { Logo, UserMenu } from '../features/layout';
import { LanguageSwitch } from '../session/language-switch';
import { PortalBar } from '../components/ui/portal-bar';
import { useT, type MessageId } from '../i18n';

/** Each portal named in its top bar. */
const PORTAL_NAMES = {
  seller: 'layout.sellerDashboard',
  rider: 'layout.riderDashboard',
  support: 'layout.supportInbox',
  admin: 'layout.admin',
} as const satisfies Record<string, MessageId<'layout'>>;

export type Portal = keyof typeof PORTAL_NAMES;

/**
 * A portal's top bar: the way home, the portal's name, the language and the account menu (the
 * shop's own, with its log out); not the shop's cart, search or footer. Its own chunk, loaded
 * with a portal's first screen (layout.tsx), so the shop's pages never fetch it.
 */
export function PortalHeader({ portal }: { portal: Portal }) {
  const t = useT('layout');
  return (
    <PortalBar home={<Logo />} title={t(PORTAL_NAMES[portal])} skipLabel={t('layout.skip')}>
      <div className="hidden md:block">
        <LanguageSwitch />
      </div>
      <UserMenu />
    </PortalBar>
  );
}
