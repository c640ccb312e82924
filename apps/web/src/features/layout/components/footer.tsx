import { Link } from 'react-router';
import { useT, type MessageId } from '../../../i18n';

const FOOTER_GROUPS: { title: MessageId<'layout'>; links: { text: MessageId<'layout'>; url: string }[] }[] = [
  {
    title: 'layout.footer.quickLinks',
    links: [
      { text: 'layout.home', url: '/' },
      { text: 'layout.contactUs', url: '/contact' },
      { text: 'layout.customerTerms', url: '/customer-terms' },
      { text: 'layout.riderTerms', url: '/rider-terms' },
      { text: 'layout.sell', url: '/seller' },
      { text: 'layout.ride', url: '/rider' },
    ],
  },
  {
    title: 'layout.footer.needHelp',
    links: [
      { text: 'layout.orderTracking', url: '/my-orders' },
      { text: 'layout.faq', url: '/faq' },
      { text: 'layout.contactSupport', url: '/contact' },
    ],
  },
];

export function Footer() {
  const t = useT('layout');
  return (
    <footer className="on-dark mt-16 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="font-[family-name:var(--font-display)] text-3xl font-black text-white">
            {t('layout.wordmark')}
          </p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-brand-100">{t('layout.footer.about')}</p>
        </div>
        {FOOTER_GROUPS.map((g) => (
          <nav key={g.title} aria-label={t(g.title)}>
            <h2 className="text-base font-semibold text-white">{t(g.title)}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {g.links.map((l) => (
                <li key={l.text}>
                  <Link to={l.url} className="rounded hover:text-accent-300 hover:underline">
                    {t(l.text)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* On a phone the chat button's corner stays free at the end of every page. */}
      <p className="border-t border-white/10 px-4 pb-24 pt-5 text-center text-sm text-brand-200 sm:pb-5">
        {t('layout.footer.copyright', { year: String(new Date().getFullYear()) })}
      </p>
    </footer>
  );
}
