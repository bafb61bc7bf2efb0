/**
 * Number field (CONST-013): digits only, a decimal point only where the schema type is number,
 * at most 8 characters; what it does not take is said under it, as a grid's number cell says it
 * (issue 27: nothing typed is dropped in silence); money (`x-money`) shows 0 or 2 decimals when
 * not being edited (CONST-016).
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { baseType } from '../../fields/field-kind';
import { formatMoney, numericRefusal, parseNumber, roundMoney, sanitiseNumericInput } from '../../fields/numbers';
import { blankValue, inputProps, useDraft } from './use-draft';

export function NumericWidget(props: WidgetProps) {
  const money = !!(props.schema as Record<string, unknown>)['x-money'];
  const decimals = baseType(props.schema as never) === 'number';
  const negative = (props.schema.minimum ?? 0) < 0;
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : money ? formatMoney(v) : String(v)));
  const [refused, setRefused] = useState<string | null>(null);
  const title = props.label || props.schema.title || props.name;
  const commit = () =>
    d.end((t) => {
      setRefused(null);
      const n = parseNumber(t);
      const value = n === null || Number.isNaN(n) ? blankValue(props) : money ? roundMoney(n) : n;
      props.onChange(value);
      props.onBlur(props.id, value);
    });
  // No maxLength: the browser would drop the ninth character without a word; the sanitiser keeps 8 and says so.
  return (
    <>
      <input
        {...inputProps(props)}
        type="text"
        inputMode={decimals ? 'decimal' : 'numeric'}
        className={money ? 'input--money' : 'input--number'}
        value={d.text}
        onFocus={(e) => {
          if (money && props.value !== null && props.value !== undefined) {
            d.begin(String(props.value));
            const el = e.currentTarget;
            requestAnimationFrame(() => el.select());
          }
        }}
        onChange={(e) => {
          const typed = e.target.value;
          const why = numericRefusal(title, typed, { decimals, negative });
          if (why) setRefused(why); // kept until the field is left: the next keystroke must not hide it
          d.type(sanitiseNumericInput(typed, { decimals, negative }));
        }}
        onBlur={commit}
        onKeyDown={(e) => e.key === 'Enter' && commit()}
      />
      {refused && (
        <span className="field__hint field__hint--refused" role="status">
          {refused}
        </span>
      )}
    </>
  );
}
