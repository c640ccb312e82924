import { Link } from 'react-router';
import { buttonClass } from './button';

export function NotFound({
  title = 'Page not found',
  text = 'The page you are looking for does not exist or has moved.',
}: {
  title?: string;
  text?: string;
}) {
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center px-4 py-20 text-center">
      <p className="font-[family-name:var(--font-display)] text-7xl font-black text-brand-200">404</p>
      <h1 className="mt-4 text-2xl font-bold">{title}</h1>
      <p className="mt-2 text-stone-600">{text}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className={buttonClass('primary')}>
          Back to home
        </Link>
        <Link to="/products" className={buttonClass('outline')}>
          Browse products
        </Link>
      </div>
    </div>
  );
}
