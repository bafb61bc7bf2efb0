/** Text field with the schema's maxLength; blank stores null. */
import type { WidgetProps } from '@rjsf/utils';
import { blankValue, inputProps, useDraft } from './use-draft';

export function TextWidget(props: WidgetProps) {
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : String(v)));
  const commit = () =>
    d.end((t) => {
      props.onChange(t === '' ? blankValue(props) : t);
      props.onBlur(props.id, t);
    });
  return (
    <input
      {...inputProps(props)}
      type="text"
      maxLength={props.schema.maxLength}
      value={d.text}
      autoComplete="off"
      onChange={(e) => d.type(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
