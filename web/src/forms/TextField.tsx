/** A labelled input with its error message wired for screen readers. */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string | null;
  hint?: ReactNode;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, error, hint, className, ref, ...input }: TextFieldProps) {
  const id = useId();
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field--invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      <input ref={ref} id={id} aria-invalid={error ? true : undefined} aria-describedby={described} {...input} />
      {hint && (
        <div id={`${id}-hint`} className="field__hint">
          {hint}
        </div>
      )}
      {error && (
        <div id={`${id}-error`} className="field__error" role="alert">
          {error}
        </div>
      )}
    </div>
  );
}
