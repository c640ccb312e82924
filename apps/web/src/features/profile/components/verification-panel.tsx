import { useState, type FormEvent, type ReactNode } from 'react';
import { normalizeNigerianPhone, type PublicUser } from '@jara/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/field';
import { errorMessage } from '../../../lib/api-client';
import { useT } from '../../../i18n';
import { useResendEmailCode, useStartPhone, useVerifyEmail, useVerifyPhone } from '../api/verification';

const SIX_DIGITS = /^\d{6}$/;

/** A line under a form that screen readers hear: what the server said, good or bad. */
type Note = { kind: 'ok' | 'error'; text: string } | null;

function NoteLine({ note }: { note: Note }) {
  return (
    <p
      role={note?.kind === 'error' ? 'alert' : 'status'}
      className={`min-h-5 text-sm ${note?.kind === 'error' ? 'text-red-700' : 'text-emerald-800'}`}
    >
      {note?.text}
    </p>
  );
}

function Verified({ children }: { children: ReactNode }) {
  return (
    <p className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
      <span aria-hidden="true" className="inline-block size-2 rounded-full bg-emerald-600" />
      {children}
    </p>
  );
}

/** The "Verified student" badge: a verified email on the university's domain. */
export function StudentBadge() {
  const t = useT('profile');
  return (
    <span className="inline-flex items-center rounded-full bg-emerald-100 px-3 py-1 text-xs font-bold text-emerald-900">
      {t('profile.verify.student')}
    </span>
  );
}

/**
 * The profile's verification card: the email (verified, or the code mailed at sign-up with a way
 * to ask for another), the phone (optional: a Nigerian number, then the code texted to it) and
 * the "Verified student" badge once earned. Every answer carries the account as it is now.
 */
export function VerificationPanel({ user }: { user: PublicUser }) {
  const t = useT('profile');
  return (
    <section
      id="verification"
      aria-labelledby="verification-heading"
      className="scroll-mt-24 rounded-3xl bg-white p-6 shadow-[var(--shadow-card)]"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="verification-heading" className="text-lg font-bold">
          {t('profile.verify.heading')}
        </h2>
        {user.verifiedStudent && <StudentBadge />}
      </div>
      <p className="mt-1 text-sm text-stone-600">{t('profile.verify.intro')}</p>
      <div className="mt-5 space-y-6">
        <EmailVerification user={user} />
        <PhoneVerification user={user} />
      </div>
    </section>
  );
}

function EmailVerification({ user }: { user: PublicUser }) {
  const t = useT('profile');
  const verify = useVerifyEmail();
  const resend = useResendEmailCode();
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string[]>([]);
  const [note, setNote] = useState<Note>(null);
  if (user.emailVerified)
    return (
      <div>
        <h3 className="text-sm font-semibold text-stone-800">{t('profile.verify.emailHeading')}</h3>
        <Verified>{t('profile.verify.emailDone', { email: user.email })}</Verified>
      </div>
    );
  const handleVerify = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!SIX_DIGITS.test(trimmed)) return setCodeError([t('profile.verify.codeInvalid')]);
    setCodeError([]);
    setNote(null);
    try {
      await verify.mutateAsync(trimmed);
      setCode('');
    } catch (err) {
      setNote({ kind: 'error', text: errorMessage(err) });
    }
  };
  const handleResend = async () => {
    setNote(null);
    try {
      const answer = await resend.mutateAsync(undefined);
      setCode('');
      setNote({ kind: 'ok', text: t('profile.verify.emailSent', { email: answer.sentTo ?? user.email }) });
    } catch (err) {
      setNote({ kind: 'error', text: errorMessage(err) });
    }
  };
  return (
    <form onSubmit={handleVerify} noValidate className="space-y-3">
      <h3 className="text-sm font-semibold text-stone-800">{t('profile.verify.emailHeading')}</h3>
      <p className="text-sm text-stone-700 [overflow-wrap:anywhere]">
        {t('profile.verify.emailPending', { email: user.email })}
      </p>
      <CodeField label={t('profile.verify.emailCode')} value={code} onChange={setCode} errors={codeError} />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={verify.isPending}>
          {verify.isPending ? t('profile.verify.verifying') : t('profile.verify.verifyEmail')}
        </Button>
        <Button variant="outline" disabled={resend.isPending} onClick={() => void handleResend()}>
          {resend.isPending ? t('profile.verify.sending') : t('profile.verify.resend')}
        </Button>
      </div>
      <NoteLine note={note} />
    </form>
  );
}

function PhoneVerification({ user }: { user: PublicUser }) {
  const t = useT('profile');
  const start = useStartPhone();
  const verify = useVerifyPhone();
  const [phone, setPhone] = useState('');
  const [phoneError, setPhoneError] = useState<string[]>([]);
  /** The number a code was texted to (E.164), while its code is awaited. */
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [changing, setChanging] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string[]>([]);
  const [note, setNote] = useState<Note>(null);

  /** Texts a code to the number typed (again, for "Send a new code"). */
  const sendCode = async () => {
    if (!normalizeNigerianPhone(phone)) return setPhoneError([t('msg.invalidPhone')]);
    setPhoneError([]);
    setNote(null);
    try {
      const answer = await start.mutateAsync(phone);
      setSentTo(answer.sentTo ?? phone);
      setCode('');
      setNote({ kind: 'ok', text: t('profile.verify.phoneSent', { phone: answer.sentTo ?? phone }) });
    } catch (err) {
      setNote({ kind: 'error', text: errorMessage(err) });
    }
  };
  const handleSend = (e: FormEvent) => {
    e.preventDefault();
    void sendCode();
  };
  const handleVerify = async (e: FormEvent) => {
    e.preventDefault();
    const trimmed = code.trim();
    if (!SIX_DIGITS.test(trimmed)) return setCodeError([t('profile.verify.codeInvalid')]);
    setCodeError([]);
    setNote(null);
    try {
      await verify.mutateAsync(trimmed);
      setSentTo(null);
      setChanging(false);
      setPhone('');
      setCode('');
    } catch (err) {
      setNote({ kind: 'error', text: errorMessage(err) });
    }
  };
  const handleOtherNumber = () => {
    setSentTo(null);
    setCode('');
    setNote(null);
  };

  const heading = <h3 className="text-sm font-semibold text-stone-800">{t('profile.verify.phoneHeading')}</h3>;
  if (user.phone && !changing && !sentTo)
    return (
      <div className="space-y-2">
        {heading}
        <Verified>{t('profile.verify.phoneDone', { phone: user.phone })}</Verified>
        <Button variant="ghost" size="sm" onClick={() => setChanging(true)}>
          {t('profile.verify.changePhone')}
        </Button>
      </div>
    );
  if (sentTo)
    return (
      <form onSubmit={handleVerify} noValidate className="space-y-3">
        {heading}
        <CodeField label={t('profile.verify.phoneCode')} value={code} onChange={setCode} errors={codeError} />
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={verify.isPending}>
            {verify.isPending ? t('profile.verify.verifying') : t('profile.verify.verifyPhone')}
          </Button>
          <Button variant="outline" disabled={start.isPending} onClick={() => void sendCode()}>
            {start.isPending ? t('profile.verify.sending') : t('profile.verify.resend')}
          </Button>
          <Button variant="ghost" onClick={handleOtherNumber}>
            {t('profile.verify.otherNumber')}
          </Button>
        </div>
        <NoteLine note={note} />
      </form>
    );
  return (
    <form onSubmit={handleSend} noValidate className="space-y-3">
      {heading}
      {!user.phone && <p className="text-sm text-stone-600">{t('profile.verify.phoneEmpty')}</p>}
      <TextField
        label={t('profile.verify.phone')}
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={t('profile.verify.phonePlaceholder')}
        value={phone}
        onChange={(e) => setPhone(e.target.value)}
        errors={phoneError}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? t('profile.verify.sending') : t('profile.verify.sendPhoneCode')}
        </Button>
        {changing && (
          <Button variant="ghost" onClick={() => setChanging(false)}>
            {t('profile.verify.cancel')}
          </Button>
        )}
      </div>
      <NoteLine note={note} />
    </form>
  );
}

/** The six-digit code both checks ask for (the phone's keypad, the code from the message offered). */
function CodeField(props: {
  label: string;
  value: string;
  onChange: (code: string) => void;
  errors: React.ComponentProps<typeof TextField>['errors'];
}) {
  return (
    <TextField
      label={props.label}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={6}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      errors={props.errors}
    />
  );
}
