/** A time of day 'HH:MM' (the browser's time input; commits on change, a blank stores null). */
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { blankValue, inputProps } from './use-draft';

export function TimeWidget(props: WidgetProps) {
  return (
    <input
      {...inputProps(props)}
      type="time"
      value={typeof props.value === 'string' ? props.value : ''}
      onChange={(e) => {
        (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
        props.onChange(e.target.value || blankValue(props));
      }}
      onBlur={() => props.onBlur(props.id, props.value)}
    />
  );
}
