/** Calendar date typed and shown as MM/DD/YYYY; stored as 'YYYY-MM-DD' (CONST-012/015). */
import type { WidgetProps } from '@rjsf/utils';
import { isoToDisplay, parseTypedDate } from '../../fields/dates';
import { blankValue, inputProps, useDraft } from './use-draft';

export function DateWidget(props: WidgetProps) {
  const d = useDraft(props, isoToDisplay);
  const commit = () =>
    d.end((t) => {
      const iso = parseTypedDate(t);
      // Text that is no date is kept, so the format check flags it.
      const value = iso === '' ? blankValue(props) : (iso ?? t);
      props.onChange(value);
      props.onBlur(props.id, value);
    });
  return (
    <input
      {...inputProps(props)}
      type="text"
      inputMode="numeric"
      placeholder={props.disabled || props.readonly ? undefined : 'MM/DD/YYYY'}
      maxLength={10}
      value={d.text}
      autoComplete="off"
      onChange={(e) => d.type(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
