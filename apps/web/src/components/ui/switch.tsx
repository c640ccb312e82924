/**
 * An on/off switch announced as a switch, with its label beside it. The track never shrinks and
 * the knob is placed from the track's own left edge, so on a narrow row the knob cannot slide
 * over the label's first letter.
 */
export function Switch({
  checked,
  onChange,
  label,
  disabled,
}: {
  checked: boolean;
  onChange: (v: boolean) => void;
  label: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex min-h-11 shrink-0 items-center gap-2.5 rounded-full text-sm font-medium text-stone-800 disabled:opacity-60"
    >
      <span
        className={`relative block h-6 w-11 shrink-0 rounded-full transition-colors ${checked ? 'bg-brand-600' : 'bg-stone-300'}`}
        aria-hidden="true"
      >
        <span
          className={`absolute left-0.5 top-0.5 size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5' : 'translate-x-0'}`}
        />
      </span>
      <span className="whitespace-nowrap">{label}</span>
    </button>
  );
}
