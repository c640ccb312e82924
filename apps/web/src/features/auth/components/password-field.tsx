import { useState } from 'react';
import { TextField } from '../../../components/ui/field';
import { useT } from '../../../i18n';

/** A password input with a show/hide toggle; its problems are listed as bullets under it. */
export function PasswordField(props: {
  label: string;
  value: string;
  onChange: (v: string) => void;
  errors: readonly string[];
  autoComplete: 'current-password' | 'new-password';
  name?: string;
}) {
  const t = useT('auth');
  const [visible, setVisible] = useState(false);
  return (
    <div className="relative">
      <TextField
        label={props.label}
        name={props.name}
        type={visible ? 'text' : 'password'}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(e) => props.onChange(e.target.value)}
        errors={props.errors}
        className="[&_input]:pr-16"
      />
      <button
        type="button"
        onClick={() => setVisible((v) => !v)}
        aria-label={
          visible
            ? t('auth.password.hideLabel', { field: props.label.toLowerCase() })
            : t('auth.password.showLabel', { field: props.label.toLowerCase() })
        }
        className="absolute right-2 top-[2.05rem] h-9 rounded-lg px-2 text-xs font-semibold text-brand-800 hover:bg-brand-50"
      >
        {visible ? t('auth.password.hide') : t('auth.password.show')}
      </button>
    </div>
  );
}
