import { useRef, useState, type FormEvent } from 'react';
import { toast } from '../../../lib/toast';
import { attachmentSizeError, emailError, normalizeEmail, UPLOAD_MSG, type MessageAnswer } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { TextArea, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { PaperclipIcon } from '../../../components/ui/icons';
import { api, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../session/session';
import { t as translate, Trans, useT, type MessageId } from '../../../i18n';
import { useSiteContent } from '../api/get-site-content';

/** The shared size check's messages, in the page's language. */
const TOO_LARGE: Record<string, MessageId<'pages'>> = {
  [UPLOAD_MSG.imageTooLarge]: 'pages.contact.imageTooLarge',
  [UPLOAD_MSG.videoTooLarge]: 'pages.contact.videoTooLarge',
  [UPLOAD_MSG.documentTooLarge]: 'pages.contact.documentTooLarge',
};

type Field = 'name' | 'email' | 'subject' | 'message' | 'attachment';

export function ContactPage() {
  const t = useT('pages');
  const { user } = useSession();
  const [values, setValues] = useState({ name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' });
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const required = t('pages.contact.required');
  const tooLarge = file && attachmentSizeError(file);
  const errors: Record<Field, string[]> = {
    name: values.name.trim() ? [] : [required],
    email: !values.email.trim() ? [required] : emailError(values.email) ? [t('msg.invalidEmail')] : [],
    subject: values.subject.trim() ? [] : [required],
    message: values.message.trim() ? [] : [required],
    attachment: tooLarge ? [TOO_LARGE[tooLarge] ? t(TOO_LARGE[tooLarge]) : tooLarge] : [],
  };
  const shown = (f: Field) => (submitted ? errors[f] : []);
  const set = (f: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [f]: e.target.value }));

  const handleSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSubmitted(true);
    if (Object.values(errors).some((x) => x.length)) return;
    const body = new FormData();
    body.set('name', values.name.trim());
    body.set('email', normalizeEmail(values.email));
    body.set('subject', values.subject.trim());
    body.set('message', values.message.trim());
    if (file) body.set('attachment', file);
    setBusy(true);
    try {
      await api.post<MessageAnswer>('/api/mail/contact', body);
      toast.success(translate('pages', 'msg.messageSent'));
      setValues({ name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' });
      setFile(null);
      setSubmitted(false);
      if (fileInput.current) fileInput.current.value = '';
    } catch (err) {
      toast.error(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title={t('pages.contact.title')} className="max-w-5xl">
      <div className="grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">{t('pages.contact.kicker')}</p>
          <h1 className="mt-1 text-3xl font-bold">{t('pages.contact.title')}</h1>
          <p className="mt-3 text-stone-700">{t('pages.contact.intro')}</p>
          <ul className="mt-6 space-y-2 text-sm text-stone-700">
            <li>• {t('pages.contact.tipReport')}</li>
            <li>• {t('pages.contact.tipOrder')}</li>
            <li>• {t('pages.contact.tipPhoto')}</li>
          </ul>
          <ContactDetails />
        </div>
        <form
          onSubmit={handleSubmit}
          noValidate
          className="space-y-4 rounded-3xl bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label={t('pages.contact.name')}
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              errors={shown('name')}
              required
            />
            <TextField
              label={t('pages.contact.email')}
              name="email"
              type="email"
              autoComplete="email"
              value={values.email}
              onChange={set('email')}
              errors={shown('email')}
              required
            />
          </div>
          <TextField
            label={t('pages.contact.subject')}
            name="subject"
            value={values.subject}
            onChange={set('subject')}
            errors={shown('subject')}
            required
          />
          <TextArea
            label={t('pages.contact.message')}
            name="message"
            value={values.message}
            onChange={set('message')}
            errors={shown('message')}
            required
            rows={6}
          />
          <div>
            <label
              htmlFor="contact-attachment"
              className="mb-1.5 flex items-center gap-2 text-sm font-medium text-stone-800"
            >
              <PaperclipIcon size={16} />
              <span>
                <Trans
                  area="pages"
                  id="pages.contact.attachment"
                  components={{ light: <span className="font-normal text-stone-600" /> }}
                />
              </span>
            </label>
            <input
              ref={fileInput}
              id="contact-attachment"
              name="attachment"
              type="file"
              accept="image/*,video/*,application/pdf"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
              aria-describedby={shown('attachment').length ? 'contact-attachment-errors' : undefined}
              className="block w-full text-sm text-stone-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:font-semibold file:text-brand-800 hover:file:bg-brand-100"
            />
            {shown('attachment').map((e) => (
              <p key={e} id="contact-attachment-errors" className="mt-1.5 text-sm text-red-700">
                {e}
              </p>
            ))}
          </div>
          <Button type="submit" size="lg" className="w-full sm:w-auto" disabled={busy}>
            {busy ? t('pages.contact.sending') : t('pages.contact.send')}
          </Button>
        </form>
      </div>
    </Page>
  );
}

/** Support's phone, email, address and hours as the admin set them (issue 33); only the ones set. */
function ContactDetails() {
  const t = useT('pages');
  const details = useSiteContent('contact').data?.body;
  if (!details) return null;
  const rows = [
    details.phone && {
      label: t('pages.contact.phone'),
      value: <a href={`tel:${details.phone.replace(/\s+/g, '')}`}>{details.phone}</a>,
    },
    details.email && {
      label: t('pages.contact.email'),
      value: <a href={`mailto:${details.email}`}>{details.email}</a>,
    },
    details.address && { label: t('pages.contact.address'), value: details.address },
    details.hours && { label: t('pages.contact.hours'), value: details.hours },
  ].filter((r) => !!r);
  if (!rows.length) return null;
  return (
    <section aria-labelledby="contact-details" className="mt-6 rounded-2xl bg-white p-5 shadow-[var(--shadow-card)]">
      <h2 id="contact-details" className="font-bold">
        {t('pages.contact.details')}
      </h2>
      <dl className="mt-3 space-y-2 text-sm">
        {rows.map((r) => (
          <div key={r.label} className="flex flex-wrap gap-x-2">
            <dt className="font-semibold text-stone-900">{r.label}:</dt>
            <dd className="text-stone-700 [overflow-wrap:anywhere] [&_a]:font-semibold [&_a]:text-brand-800 [&_a]:underline">
              {r.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
