import { useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { attachmentSizeError, emailError, MSG, normalizeEmail, type MessageAnswer } from '@jara/shared';
import { Page } from '../../../components/ui/page';
import { TextArea, TextField } from '../../../components/ui/field';
import { Button } from '../../../components/ui/button';
import { PaperclipIcon } from '../../../components/ui/icons';
import { api, errorMessage } from '../../../lib/api-client';
import { useSession } from '../../../session/session';

const REQUIRED = 'This field is required';

type Field = 'name' | 'email' | 'subject' | 'message' | 'attachment';

export function ContactPage() {
  const { user } = useSession();
  const [values, setValues] = useState({ name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' });
  const [file, setFile] = useState<File | null>(null);
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);

  const errors: Record<Field, string[]> = {
    name: values.name.trim() ? [] : [REQUIRED],
    email: !values.email.trim() ? [REQUIRED] : emailError(values.email) ? [MSG.invalidEmail] : [],
    subject: values.subject.trim() ? [] : [REQUIRED],
    message: values.message.trim() ? [] : [REQUIRED],
    attachment: file && attachmentSizeError(file) ? [attachmentSizeError(file)!] : [],
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
      toast.success(MSG.messageSent);
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
    <Page title="Contact Us" className="max-w-5xl">
      <div className="grid gap-8 md:grid-cols-[1fr_1.4fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-accent-600">We're here to help</p>
          <h1 className="mt-1 text-3xl font-bold">Contact Us</h1>
          <p className="mt-3 text-stone-700">
            Questions about an order, a vendor or a dispatch? Send us a message and our support team will reply by
            email, usually within the day (8 AM – 9 PM).
          </p>
          <ul className="mt-6 space-y-2 text-sm text-stone-700">
            <li>• Report a wrong or missing item within 30 minutes of delivery.</li>
            <li>• Include your order number if you have one.</li>
            <li>• Attach a photo if it helps explain the problem.</li>
          </ul>
        </div>
        <form
          onSubmit={handleSubmit}
          noValidate
          className="space-y-4 rounded-3xl bg-white p-6 shadow-[var(--shadow-card)] sm:p-8"
        >
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              label="Name"
              name="name"
              autoComplete="name"
              value={values.name}
              onChange={set('name')}
              errors={shown('name')}
              required
            />
            <TextField
              label="Email"
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
            label="Subject"
            name="subject"
            value={values.subject}
            onChange={set('subject')}
            errors={shown('subject')}
            required
          />
          <TextArea
            label="Message"
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
              <PaperclipIcon size={16} /> Attachment <span className="font-normal text-stone-600">(optional)</span>
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
            {busy ? 'Sending…' : 'Send Message'}
          </Button>
        </form>
      </div>
    </Page>
  );
}
