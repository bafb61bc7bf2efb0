/** A value from the schema's enum. */
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { inputProps } from './use-draft';

export function SelectWidget(props: WidgetProps) {
  const values = (props.schema.enum ?? []) as unknown[];
  return (
    <select {...inputProps(props)} value={props.value === null || props.value === undefined ? '' : String(props.value)}
      onChange={(e) => { (props.registry.formContext as SchemaFormContext | undefined)?.markDirty(); const v = values.find((x) => String(x) === e.target.value); props.onChange(v ?? null); }}
      onBlur={() => props.onBlur(props.id, props.value)}>
      <option value="" />
      {values.map((v) => <option key={String(v)} value={String(v)}>{String(v)}</option>)}
    </select>
  );
}
