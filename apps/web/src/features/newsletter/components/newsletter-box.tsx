import { useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { emailError, normalizeEmail } from '@jara/shared';
import { t as translate, useT } from '../../../i18n';
import { errorMessage } from '../../../lib/api-client';
import { subscribe } from '../api/subscribe';

export function NewsletterBox() {
  const t = useT('newsletter');
  const [email, setEmail] = useState('');
  // Only the spec's one problem: a malformed email (shown in the current language).
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = emailError(email) !== null;
    setInvalid(problem);
    if (problem) return;
    setBusy(true);
    try {
      await subscribe(normalizeEmail(email));
      toast.success(translate('newsletter', 'newsletter.subscribed'));
      setEmail('');
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      aria-labelledby="newsletter-heading"
      className="on-dark relative overflow-hidden rounded-[var(--radius-card)] bg-brand-900 px-6 py-10 text-center sm:px-12 sm:py-14"
    >
      <div className="absolute -right-16 -top-16 size-56 rounded-full bg-accent-400/20" aria-hidden="true" />
      <div className="absolute -bottom-20 -left-10 size-48 rounded-full bg-brand-500/30" aria-hidden="true" />
      <div className="relative">
        <h2 id="newsletter-heading" className="text-2xl font-bold text-white sm:text-3xl">
          {t('newsletter.heading')}
        </h2>
        <p className="mx-auto mt-2 max-w-md text-brand-100">{t('newsletter.text')}</p>
        <form onSubmit={handleSubmit} noValidate className="mx-auto mt-6 flex max-w-md flex-col gap-3 sm:flex-row">
          <label htmlFor="newsletter-email" className="sr-only">
            {t('newsletter.emailLabel')}
          </label>
          <input
            id="newsletter-email"
            type="email"
            autoComplete="email"
            placeholder={t('newsletter.placeholder')}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            aria-invalid={invalid || undefined}
            aria-describedby={invalid ? 'newsletter-error' : undefined}
            className="h-12 min-h-12 w-full min-w-0 shrink-0 rounded-full border-0 bg-white px-5 text-stone-900 placeholder:text-stone-500 sm:flex-1"
          />
          <button
            type="submit"
            disabled={busy}
            className="h-12 rounded-full bg-accent-400 px-6 font-semibold text-brand-950 hover:bg-accent-300 disabled:opacity-70"
          >
            {t('newsletter.subscribe')}
          </button>
        </form>
        {invalid && (
          <p id="newsletter-error" className="mt-3 text-sm font-medium text-accent-200" role="alert">
            {t('msg.invalidEmail')}
          </p>
        )}
      </div>
    </section>
  );
}
