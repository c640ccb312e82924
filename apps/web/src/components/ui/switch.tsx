/** An on/off switch announced as a switch, with its label beside it. */
export function Switch({ checked, onChange, label, disabled }: { checked: boolean; onChange: (v: boolean) => void; label: string; disabled?: boolean }) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      disabled={disabled}
      onClick={() => onChange(!checked)}
      className="inline-flex items-center gap-2 text-sm font-medium text-stone-800 disabled:opacity-60"
    >
      <span className={`relative inline-block h-6 w-11 rounded-full transition-colors ${checked ? 'bg-brand-600' : 'bg-stone-300'}`} aria-hidden="true">
        <span className={`absolute top-0.5 size-5 rounded-full bg-white shadow transition-transform ${checked ? 'translate-x-5.5' : 'translate-x-0.5'}`} />
      </span>
      <span>{label}</span>
    </button>
  );
}
