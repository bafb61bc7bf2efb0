/**
 * Number field (CONST-013): digits only, a decimal point only where the schema type is number,
 * at most 8 characters; money (`x-money`) shows 0 or 2 decimals when not being edited (CONST-016).
 */
import type { WidgetProps } from '@rjsf/utils';
import { baseType } from '../../fields/field-kind';
import { formatMoney, NUMERIC_MAX_LENGTH, parseNumber, roundMoney, sanitiseNumericInput } from '../../fields/numbers';
import { blankValue, inputProps, useDraft } from './use-draft';

export function NumericWidget(props: WidgetProps) {
  const money = !!(props.schema as Record<string, unknown>)['x-money'];
  const decimals = baseType(props.schema as never) === 'number';
  const negative = (props.schema.minimum ?? 0) < 0;
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : money ? formatMoney(v) : String(v)));
  const commit = () =>
    d.end((t) => {
      const n = parseNumber(t);
      const value = n === null || Number.isNaN(n) ? blankValue(props) : money ? roundMoney(n) : n;
      props.onChange(value);
      props.onBlur(props.id, value);
    });
  return (
    <input
      {...inputProps(props)}
      type="text"
      inputMode={decimals ? 'decimal' : 'numeric'}
      className={money ? 'input--money' : 'input--number'}
      maxLength={NUMERIC_MAX_LENGTH + (negative ? 1 : 0)}
      value={d.text}
      onFocus={(e) => {
        if (money && props.value !== null && props.value !== undefined) {
          d.begin(String(props.value));
          const el = e.currentTarget;
          requestAnimationFrame(() => el.select());
        }
      }}
      onChange={(e) => d.type(sanitiseNumericInput(e.target.value, { decimals, negative }))}
      onBlur={commit}
      onKeyDown={(e) => e.key === 'Enter' && commit()}
    />
  );
}
