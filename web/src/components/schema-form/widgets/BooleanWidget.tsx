/**
 * Yes/no as a checkbox (commits at once: one click, one change). No blur report: the change is
 * already committed, and RJSF's queued blur check can drop the next click's change.
 */
import type { WidgetProps } from '@rjsf/utils';
import type { SchemaFormContext } from '../form-context';
import { inputProps } from './use-draft';

export function BooleanWidget(props: WidgetProps) {
  return (
    <input
      {...inputProps(props)}
      type="checkbox"
      className="checkbox"
      checked={!!props.value}
      onChange={(e) => {
        (props.registry.formContext as SchemaFormContext | undefined)?.markDirty();
        props.onChange(e.target.checked);
      }}
    />
  );
}
