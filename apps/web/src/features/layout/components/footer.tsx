import { Link } from 'react-router';

const FOOTER_GROUPS = [
  {
    title: 'Quick Links',
    links: [
      { text: 'Home', url: '/' },
      { text: 'Contact Us', url: '/contact' },
      { text: 'Customer Terms', url: '/customer-terms' },
      { text: 'Rider Terms', url: '/rider-terms' },
      { text: 'Sell on Jara', url: '/seller' },
      { text: 'Ride with Jara', url: '/rider' },
    ],
  },
  {
    title: 'Need help?',
    links: [
      { text: 'Order Tracking', url: '/my-orders' },
      { text: 'FAQ', url: '/faq' },
      { text: 'Contact Support', url: '/contact' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="on-dark mt-16 bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div>
          <p className="font-[family-name:var(--font-display)] text-3xl font-black text-white">jara</p>
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-brand-100">
            Food, gadgets, fashion and parcel dispatch for the University of Benin community — from trusted campus
            vendors to your hostel in minutes.
          </p>
        </div>
        {FOOTER_GROUPS.map((g) => (
          <nav key={g.title} aria-label={g.title}>
            <h2 className="text-base font-semibold text-white">{g.title}</h2>
            <ul className="mt-3 space-y-2 text-sm">
              {g.links.map((l) => (
                <li key={l.text}>
                  <Link to={l.url} className="rounded hover:text-accent-300 hover:underline">
                    {l.text}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      {/* On a phone the chat button's corner stays free at the end of every page. */}
      <p className="border-t border-white/10 px-4 pb-24 pt-5 text-center text-sm text-brand-200 sm:pb-5">
        Copyright {new Date().getFullYear()} © Jara. All Rights Reserved.
      </p>
    </footer>
  );
}
