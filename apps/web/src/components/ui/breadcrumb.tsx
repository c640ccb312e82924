import { Link } from 'react-router';
import { useT } from '../../i18n';

export function Breadcrumb({ items }: { items: { label: string; to?: string }[] }) {
  const t = useT('common');
  return (
    <nav aria-label={t('common.breadcrumb')} className="mb-4 text-sm text-stone-600">
      <ol className="flex flex-wrap items-center gap-1.5">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-1.5">
            {i > 0 && <span aria-hidden="true">/</span>}
            {item.to ? (
              <Link to={item.to} className="rounded hover:text-brand-800 hover:underline">
                {item.label}
              </Link>
            ) : (
              <span aria-current="page" className="font-medium text-stone-900">
                {item.label}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
