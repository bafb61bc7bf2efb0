/** Yes/no as a checkbox (commits at once: one click, one change). */
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { inputProps } from './use-draft';

export function BooleanWidget(props: WidgetProps) {
  return (
    <input {...inputProps(props)} type="checkbox" className="checkbox" checked={!!props.value}
      onChange={(e) => { (props.registry.formContext as SchemaFormContext | undefined)?.markDirty(); props.onChange(e.target.checked); }}
      onBlur={() => props.onBlur(props.id, props.value)} />
  );
}
