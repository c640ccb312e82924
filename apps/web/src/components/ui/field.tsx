import { useId, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from 'react';

export const inputClass =
  'block w-full rounded-xl border border-stone-300 bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-500 shadow-sm focus:border-brand-600 focus:outline-none focus-visible:outline-none focus:ring-2 focus:ring-brand-600/40 aria-[invalid=true]:border-red-600';

export function ErrorList({ id, errors }: { id: string; errors: readonly string[] }) {
  if (!errors.length) return null;
  return (
    <ul id={id} className="mt-1.5 list-disc space-y-0.5 pl-5 text-sm text-red-700" aria-live="polite">
      {errors.map((e) => (
        <li key={e}>{e}</li>
      ))}
    </ul>
  );
}

interface FieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  errors?: readonly string[];
  hint?: ReactNode;
}

/** A labelled input whose problems are listed as bullets under it. */
export function TextField({ label, errors = [], hint, id, className = '', ...props }: FieldProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errId = `${inputId}-errors`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input
        id={inputId}
        className={inputClass}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errId : undefined}
        {...props}
      />
      {hint}
      <ErrorList id={errId} errors={errors} />
    </div>
  );
}

interface AreaProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  label: string;
  errors?: readonly string[];
}

export function TextArea({ label, errors = [], id, className = '', ...props }: AreaProps) {
  const autoId = useId();
  const inputId = id ?? autoId;
  const errId = `${inputId}-errors`;
  return (
    <div className={className}>
      <label htmlFor={inputId} className="mb-1.5 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <textarea
        id={inputId}
        className={`${inputClass} min-h-32`}
        aria-invalid={errors.length > 0 || undefined}
        aria-describedby={errors.length ? errId : undefined}
        {...props}
      />
      <ErrorList id={errId} errors={errors} />
    </div>
  );
}
