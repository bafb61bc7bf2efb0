/**
 * A key filled from a search-help (`x-lookup`): typed keys are checked against the lookup only
 * when they changed (LOOKUP-011), one match fills it, several open the dialog, none shows
 * LOOKUP-012's message; emptying the text clears the key and the selection (LOOKUP-010); the
 * search button opens the LookupDialog. While the check runs the field says so (never the invalid
 * message), and the form's save waits for it (pending-checks.ts, ADR 047): a key typed just before
 * Save or Ctrl+S is saved checked, and one that matched none or several stops the save.
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { LookupDialog } from '../../lookup/LookupDialog';
import { CHECKING_LOOKUP_MESSAGE, INVALID_LOOKUP_MESSAGE, useTypedKey } from '../../lookup/use-typed-key';
import type { SchemaFormContext } from '../form-context';
import { blankValue, inputProps, useDraft } from './use-draft';

export function LookupWidget(props: WidgetProps) {
  const name = (props.schema as Record<string, unknown>)['x-lookup'] as string;
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  const locked = !!(props.disabled || props.readonly);
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : String(v)));
  const [description, setDescription] = useState<string | null>(null);
  const key = useTypedKey(locked ? null : name, {
    take: (value, row, known) => {
      setDescription(row && known ? String(row[known.descriptionField] ?? '') : null);
      const next = value === '' ? blankValue(props) : value;
      props.onChange(next);
      props.onBlur(props.id, next);
    },
    clear: () => props.onChange(blankValue(props)),
  });
  const { typed } = key;
  const commit = () =>
    d.end((input) => {
      const text = input.trim();
      if (!text) return key.take('');
      if (text === String(props.value ?? '') && !typed) return;
      // The form's save waits for the check and stops unless the field now holds a key.
      if (ctx?.pending) ctx.pending.add(key.check(text, ctx.brandId).then((r) => r === 'one' || r === 'taken' || r === 'superseded'));
      else void key.check(text, ctx?.brandId);
    });
  const invalid = typed?.state === 'none' && !d.editing;

  return (
    <div className="lookup-input">
      <div className="lookup-input__row">
        <input
          {...inputProps(props)}
          type="text"
          autoComplete="off"
          maxLength={props.schema.maxLength}
          aria-invalid={invalid ? true : inputProps(props)['aria-invalid']}
          aria-busy={typed?.state === 'checking' || undefined}
          value={d.editing ? d.text : (typed?.text ?? d.text)}
          onChange={(e) => d.type(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        {!locked && (
          <button type="button" className="icon-btn lookup-input__search" aria-label={`Search ${props.label || name}`} onClick={() => key.openDialog(d.text)}>
            <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
              <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        )}
      </div>
      {invalid && (
        <span className="field__error" role="alert">
          {INVALID_LOOKUP_MESSAGE}
        </span>
      )}
      {typed?.state === 'checking' && !d.editing && (
        <span className="lookup-input__checking" role="status">
          {CHECKING_LOOKUP_MESSAGE}
        </span>
      )}
      {description && typed === null && <span className="field__hint">{description}</span>}
      {key.dialog !== null && (
        <LookupDialog
          lookup={name}
          initialText={key.dialog || undefined}
          brandId={ctx?.brandId}
          onPick={(row) => {
            ctx?.markDirty();
            key.pick(row);
          }}
          onClose={key.closeDialog}
        />
      )}
    </div>
  );
}
