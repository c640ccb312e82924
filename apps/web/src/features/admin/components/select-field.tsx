import { useId, type SelectHTMLAttributes } from 'react';

/** A labelled select (its name is the label alone, not the chosen option's words). */
export function SelectField({
  label,
  children,
  ...props
}: SelectHTMLAttributes<HTMLSelectElement> & { label: string }) {
  const id = useId();
  return (
    <div className="flex flex-col gap-1 text-sm font-medium">
      <label htmlFor={id}>{label}</label>
      <select id={id} className="rounded-xl border border-stone-300 bg-white px-3 py-2" {...props}>
        {children}
      </select>
    </div>
  );
}
