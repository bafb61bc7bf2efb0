/**
 * One value from the field's options: labelled `oneOf` consts or the schema's enum (options.ts).
 * A blank entry stands for "nothing" unless an option is null; `ui:placeholder` labels it.
 */
import type { WidgetProps } from '@rjsf/utils';
import type { FieldSchema } from '../../fields/field-kind';
import type { SchemaFormContext } from '../form-context';
import { optionsOf } from '../options';
import { inputProps } from './use-draft';

export function SelectWidget(props: WidgetProps) {
  const options = optionsOf(props.schema as FieldSchema) ?? [];
  const current = options.findIndex((o) => o.value === (props.value ?? null));
  const hasNull = options.some((o) => o.value === null);
  return (
    <select
      {...inputProps(props)}
      value={current < 0 ? '' : String(current)}
      onChange={(e) => {
        (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
        props.onChange(e.target.value === '' ? null : (options[Number(e.target.value)]?.value ?? null));
      }}
    >
      {!hasNull && <option value="">{props.placeholder ?? ''}</option>}
      {options.map((o, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the schema's options do not change; the index is the option's value too
        <option key={i} value={String(i)}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
