/** One field: label, widget, and its errors (from the schema check on blur/save or from the server). */
import type { FieldTemplateProps } from '@rjsf/utils';

export function FieldTemplate({ id, label, children, rawErrors, required, hidden, schema }: FieldTemplateProps) {
  if (hidden) return null;
  if (schema.type === 'object') return <>{children}</>;
  const errors = rawErrors?.filter(Boolean) ?? [];
  return (
    <div className={`field sf-field${errors.length ? ' sf-field--invalid' : ''}`} data-field={id.replace(/^root_/, '')}>
      <label htmlFor={id}>
        {label}
        {required ? (
          <span className="sf-required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {errors.length > 0 && (
        <span id={`${id}__error`} className="field__error">
          {errors.join(' ')}
        </span>
      )}
    </div>
  );
}
