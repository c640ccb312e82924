import { Link } from 'react-router';
import { useT } from '../../i18n';
import { buttonClass } from './button';

export function NotFound({ title, text }: { title?: string; text?: string }) {
  const t = useT('common');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <p className="font-[family-name:var(--font-display)] text-7xl font-black text-brand-200">404</p>
      <h1 className="mt-4 text-2xl font-bold">{title ?? t('common.notFound.title')}</h1>
      <p className="mt-2 text-stone-600">{text ?? t('common.notFound.text')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary')}>
          {t('common.backHome')}
        </Link>
        <Link to="/products" className={buttonClass('outline')}>
          {t('common.browseProducts')}
        </Link>
      </div>
    </div>
  );
}
