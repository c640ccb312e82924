import { useT } from '../../../i18n';

/** The delivery code, one digit per box (SPEC §3), read out as one code by screen readers. */
export function CodeBoxes({ code }: { code: string }) {
  const t = useT('dispatch');
  return (
    <div
      role="group"
      aria-label={t('dispatch.card.codeDigits', { digits: code.split('').join(' ') })}
      className="flex gap-2"
      data-testid="delivery-code"
    >
      {code.split('').map((digit, i) => (
        <span
          key={i}
          aria-hidden="true"
          className="grid h-12 w-10 place-items-center rounded-xl border-2 border-brand-700 bg-white font-mono text-2xl font-bold text-brand-950 shadow-sm"
        >
          {digit}
        </span>
      ))}
    </div>
  );
}
