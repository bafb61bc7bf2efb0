/**
 * A key filled from a search-help (`x-lookup`): typed keys are checked against the lookup only
 * when they changed (LOOKUP-011), one match fills it, several open the dialog, none shows
 * LOOKUP-012's message; emptying the text clears the key and the selection (LOOKUP-010); the
 * search button opens the LookupDialog. While the check runs the field says so (never the invalid
 * message), and the form's save waits for it (pending-checks.ts, ADR 047): a key typed just before
 * Save or Ctrl+S is saved checked, and one that matched none or several stops the save.
 */
import { useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import type { WidgetProps } from '@rjsf/utils';
import { DEFAULT_ERROR_TEXT, toast } from '../../../shell/toast-store';
import { LookupDialog } from '../../lookup/LookupDialog';
import { useLookup } from '../../lookup/lookup-registry';
import { checkTypedKey } from '../../lookup/search-help-api';
import type { SchemaFormContext } from '../form-context';
import { blankValue, inputProps, useDraft } from './use-draft';

/** LOOKUP-012 */
export const INVALID_LOOKUP_MESSAGE = 'Invalid Value. Your search will not include this criteria.';
/** Shown while a typed key is being checked. */
export const CHECKING_LOOKUP_MESSAGE = 'Checking…';

/** Typed text the form's value does not hold: being checked, matching several (the dialog is open) or none. */
interface Typed {
  text: string;
  state: 'checking' | 'several' | 'none';
}

export function LookupWidget(props: WidgetProps) {
  const name = (props.schema as Record<string, unknown>)['x-lookup'] as string;
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  const locked = !!(props.disabled || props.readonly);
  // A key typed before the registry came is checked once it comes (`entry`), not taken unchecked.
  const { info, loading, entry } = useLookup(locked ? null : name);
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : String(v)));
  const [typed, setTyped] = useState<Typed | null>(null);
  const [description, setDescription] = useState<string | null>(null);
  const [dialog, setDialog] = useState<string | null>(null);
  // The latest commit or pick: the answer of a check it superseded changes nothing.
  const latest = useRef(0);

  /** `known`: the entry a check waited for (this render's `info` may predate the registry). */
  const set = (row: Record<string, unknown> | null, known = info) => {
    latest.current++;
    setTyped(null);
    setDescription(row && known ? String(row[known.descriptionField] ?? '') : null);
    const value = row && known ? String(row[known.keyField]) : blankValue(props);
    props.onChange(value);
    props.onBlur(props.id, value);
  };
  const unresolved = (text: string) => {
    setTyped({ text, state: 'none' });
    props.onChange(blankValue(props));
  };
  /** Checks a typed key; answers (to the form's save) whether the field now holds it. */
  const check = async (text: string): Promise<boolean> => {
    const run = ++latest.current;
    setTyped({ text, state: 'checking' });
    try {
      const known = await entry();
      if (run !== latest.current) return true;
      if (!known) {
        // No lookup to check against (the registry failed or does not name it): the text is the key.
        flushSync(() => {
          setTyped(null);
          props.onChange(text);
        });
        return true;
      }
      const r = await checkTypedKey(known, text, ctx?.brandId);
      if (run !== latest.current) return true;
      // Applied at once (not at React's next render), so a save waiting for this check sends the key.
      flushSync(() => {
        if (r.kind === 'one') set(r.row, known);
        else if (r.kind === 'many') {
          setTyped({ text, state: 'several' });
          setDialog(text);
        } else unresolved(text);
      });
      return r.kind === 'one';
    } catch {
      if (run !== latest.current) return true;
      setTyped(null);
      toast.error(DEFAULT_ERROR_TEXT, 5000);
      return false;
    }
  };
  const commit = () =>
    d.end((input) => {
      const text = input.trim();
      if (!text) return set(null);
      if (text === String(props.value ?? '') && !typed) return;
      if (!info && !loading) {
        props.onChange(text);
        return;
      }
      const checked = check(text);
      if (ctx?.pending) ctx.pending.add(checked);
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
          <button type="button" className="icon-btn lookup-input__search" aria-label={`Search ${props.label || name}`} onClick={() => setDialog(d.text)}>
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
          onClose={() => {
            setDialog(null);
            // Several keys matched what was typed and none was picked: the key stays blank, said so.
            if (typed?.state === 'several') unresolved(typed.text);
          }}
        />
      )}
    </div>
  );
}
