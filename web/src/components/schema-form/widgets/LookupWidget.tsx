/**
 * A key filled from a search-help (`x-lookup`): typed keys are checked against the lookup only
 * when they changed (LOOKUP-011), one match fills it, several open the dialog, none shows
 * LOOKUP-012's message; emptying the text clears the key and the selection (LOOKUP-010); the
 * search button opens the LookupDialog.
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { DEFAULT_ERROR_TEXT, toast } from '../../../shell/toast-store';
import { LookupDialog } from '../../lookup/LookupDialog';
import { useLookup } from '../../lookup/lookup-registry';
import { checkTypedKey } from '../../lookup/search-help-api';
import type { SchemaFormContext } from '../form-context';
import { blankValue, inputProps, useDraft } from './use-draft';

/** LOOKUP-012 */
export const INVALID_LOOKUP_MESSAGE = 'Invalid Value. Your search will not include this criteria.';

export function LookupWidget(props: WidgetProps) {
  const name = (props.schema as Record<string, unknown>)['x-lookup'] as string;
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  const locked = !!(props.disabled || props.readonly);
  const { info } = useLookup(locked ? null : name);
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : String(v)));
  const [invalid, setInvalid] = useState<string | null>(null);
  const [description, setDescription] = useState<string | null>(null);
  const [dialog, setDialog] = useState<string | null>(null);

  const set = (row: Record<string, unknown> | null) => {
    setInvalid(null);
    setDescription(row && info ? String(row[info.descriptionField] ?? '') : null);
    const value = row && info ? String(row[info.keyField]) : blankValue(props);
    props.onChange(value);
    props.onBlur(props.id, value);
  };
  const commit = () =>
    d.end((typed) => {
      const text = typed.trim();
      if (!text) return set(null);
      if (text === String(props.value ?? '') && !invalid) return;
      if (!info) {
        props.onChange(text);
        return;
      }
      setInvalid(text);
      void checkTypedKey(info, text, ctx?.brandId).then(
        (r) => {
          if (r.kind === 'one') set(r.row);
          else if (r.kind === 'many') setDialog(text);
          else {
            setInvalid(text);
            props.onChange(blankValue(props));
          }
        },
        () => {
          setInvalid(null);
          toast.error(DEFAULT_ERROR_TEXT, 5000);
        },
      );
    });

  return (
    <div className="lookup-input">
      <div className="lookup-input__row">
        <input
          {...inputProps(props)}
          type="text"
          autoComplete="off"
          maxLength={props.schema.maxLength}
          aria-invalid={invalid !== null && !d.editing ? true : inputProps(props)['aria-invalid']}
          value={d.editing ? d.text : (invalid ?? d.text)}
          onChange={(e) => d.type(e.target.value)}
          onBlur={commit}
          onKeyDown={(e) => e.key === 'Enter' && commit()}
        />
        {!locked && (
          <button type="button" className="icon-btn lookup-input__search" aria-label={`Search ${props.label || name}`} onClick={() => setDialog(d.text)}>
            <svg viewBox="0 0 16 16" width="15" height="15" aria-hidden="true">
              <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
              <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.6" />
            </svg>
          </button>
        )}
      </div>
      {invalid !== null && !d.editing && (
        <span className="field__error" role="alert">
          {INVALID_LOOKUP_MESSAGE}
        </span>
      )}
      {description && invalid === null && <span className="field__hint">{description}</span>}
      {dialog !== null && (
        <LookupDialog
          lookup={name}
          initialText={dialog || undefined}
          brandId={ctx?.brandId}
          onPick={(row) => {
            setDialog(null);
            ctx?.markDirty();
            set(row);
          }}
          onClose={() => setDialog(null)}
        />
      )}
    </div>
  );
}
