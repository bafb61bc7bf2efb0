/**
 * An array of ids picked from labelled options (the items' `oneOf` consts or enum): one checkbox
 * per option, e.g. a user's brands. `ui:options.emptyText` is shown when there are no options.
 * Commits on each click; no blur report (see BooleanWidget).
 */
import type { WidgetProps } from '@rjsf/utils';
import type { FieldSchema } from '../../fields/field-kind';
import type { SchemaFormContext } from '../form-context';
import { itemOptionsOf } from '../options';

/** The list after ticking (`on`) or unticking `value`, in option order. */
export function toggled(options: readonly { value: unknown }[], list: readonly unknown[], value: unknown, on: boolean): unknown[] {
  const next = new Set(list.filter((v) => v !== value));
  if (on) next.add(value);
  const order = options.map((o) => o.value);
  return [...next].sort((a, b) => order.indexOf(a) - order.indexOf(b));
}

export function CheckListWidget(props: WidgetProps) {
  const options = itemOptionsOf(props.schema as FieldSchema) ?? [];
  const list = Array.isArray(props.value) ? (props.value as unknown[]) : [];
  const disabled = props.disabled || props.readonly;
  const empty = props.options.emptyText as string | undefined;
  if (!options.length && empty)
    return (
      <p className="muted" id={props.id}>
        {empty}
      </p>
    );
  return (
    <div
      className="check-list"
      role="group"
      id={props.id}
      aria-label={props.label}
      aria-invalid={props.rawErrors?.length ? true : undefined}
      aria-describedby={props.rawErrors?.length ? `${props.id}__error` : undefined}
    >
      {options.map((o) => (
        <label key={String(o.value)}>
          <input
            type="checkbox"
            checked={list.includes(o.value)}
            disabled={disabled}
            onChange={(e) => {
              (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
              props.onChange(toggled(options, list, o.value, e.target.checked));
            }}
          />{' '}
          {o.label}
        </label>
      ))}
    </div>
  );
}
