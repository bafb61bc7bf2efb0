/**
 * Text a widget holds while it is being typed into. Widgets commit their value to the form only
 * on blur or Enter, so a keystroke re-renders one input, not the whole form (performance target
 * keystroke-to-paint ≤ 50 ms on a 150-field form); the dirty flag is set at the first keystroke.
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';

export function useDraft(props: WidgetProps, format: (value: unknown) => string) {
  const [draft, setDraft] = useState<{ text: string; changed: boolean } | null>(null);
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  return {
    /** What the input shows. */
    text: draft?.text ?? format(props.value),
    editing: draft !== null,
    /** Starts editing with `text` shown (e.g. a money value without its formatting). */
    begin(text: string) {
      setDraft({ text, changed: false });
    },
    /** A keystroke. */
    type(text: string) {
      if (!draft?.changed) ctx?.markDirty();
      setDraft({ text, changed: true });
    },
    /** Ends editing; `commit` gets the typed text when something was typed. */
    end(commit: (text: string) => void) {
      if (draft?.changed) commit(draft.text);
      setDraft(null);
    },
  };
}

/** Props every input of ours passes on (id, state, accessibility). */
export function inputProps(p: WidgetProps) {
  const invalid = !!p.rawErrors?.length;
  return {
    id: p.id,
    name: p.name,
    disabled: p.disabled || p.readonly,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${p.id}__error` : undefined,
    'aria-required': p.required || undefined,
  };
}

/** What a blanked field stores: null where the schema allows it, else nothing (so `required` flags it). */
export function blankValue(p: WidgetProps): null | undefined {
  const t = p.schema.type;
  return Array.isArray(t) && t.includes('null') ? null : undefined;
}
