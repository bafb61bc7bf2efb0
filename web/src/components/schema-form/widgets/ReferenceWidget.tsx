/**
 * A reference field (`x-ref`, schema-form/reference.ts): read-only, or fixed once the record exists
 * (brand, season, the parent), it is the referenced record's name as text, never an input; editable,
 * a labelled select (a check list for an array of references) of the choices within the scope taken
 * from the form's current values. A new record's responsible starts as the signed-in user when
 * they are among the brand's users.
 */
import { useEffect, useSyncExternalStore } from 'react';
import useSWR from 'swr';
import type { WidgetProps } from '@rjsf/utils';
import { useSessionStore } from '../../../auth/session-store';
import type { FieldSchema } from '../../fields/field-kind';
import type { SchemaFormContext } from '../form-context';
import { withOptions } from '../options';
import { isStored, nameFieldOf, namesUrl, optionsUrl, referenceOf, withCurrent, type ReferenceOption, type ReferenceSpec } from '../reference';
import { CheckListWidget } from './CheckListWidget';
import { SelectWidget } from './SelectWidget';
import './reference.css';

const NO_DATA: Record<string, unknown> = {};
const noStore = () => () => {};

export function ReferenceWidget(props: WidgetProps) {
  const p = props.schema as FieldSchema;
  const ref = referenceOf(p)!;
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  const initial = ctx?.initialData ?? NO_DATA;
  const readOnly = props.disabled || props.readonly || (!!ref.fixed && isStored(initial));
  return readOnly ? <ReferenceText {...props} reference={ref} initial={initial} /> : <ReferenceChoice {...props} reference={ref} ctx={ctx} />;
}

type Props = WidgetProps & { reference: ReferenceSpec };

/** The name as text: from the record while the value is the loaded one, else looked up by id. */
function ReferenceText({ reference, initial, ...props }: Props & { initial: Record<string, unknown> }) {
  const field = props.name;
  const values = (Array.isArray(props.value) ? props.value : [props.value]).filter((v) => v !== null && v !== undefined);
  const carried = values.length === 1 && props.value === initial[field] ? initial[nameFieldOf(field, reference)] : undefined;
  const known = typeof carried === 'string' || (values.length === 1 && values[0] === 1 && reference.source === 'users');
  const { data } = useSWR<ReferenceOption[]>(!known && values.length ? namesUrl(reference, values) : null);
  const text = known
    ? typeof carried === 'string'
      ? carried
      : 'System User'
    : values.map((v) => data?.find((o) => o.value === v)?.label ?? (data ? '—' : '…')).join(', ');
  return (
    <output id={props.id} className="reference-text" data-reference={reference.source}>
      {text}
    </output>
  );
}

function ReferenceChoice({ reference, ctx, ...props }: Props & { ctx: SchemaFormContext | undefined }) {
  const data = useSyncExternalStore(ctx?.data?.subscribe ?? noStore, ctx?.data?.get ?? (() => NO_DATA));
  const url = optionsUrl(reference, data);
  const { data: loaded } = useSWR<ReferenceOption[]>(url);
  const userId = Number(useSessionStore((s) => s.session?.userId));
  const initial = ctx?.initialData ?? NO_DATA;
  const isArray = Array.isArray(props.value) || (props.schema as FieldSchema).type === 'array';
  const options = isArray ? (url ? (loaded ?? []) : []) : withCurrent(url ? (loaded ?? []) : [], props.value, initial[nameFieldOf(props.name, reference)]);
  const { onChange, value } = props;
  // A new record's responsible (a users reference scoped by brand) starts as the signed-in user of that brand.
  const defaultsToUser = reference.source === 'users' && !!reference.scope && !isStored(initial) && (value === null || value === undefined);
  useEffect(() => {
    if (defaultsToUser && loaded?.some((o) => o.value === userId)) onChange(userId);
  }, [defaultsToUser, loaded, userId, onChange]);
  const schema = withOptions({ properties: { [props.name]: props.schema as FieldSchema } }, props.name, options, props.placeholder || 'None').properties[
    props.name
  ];
  const Widget = isArray ? CheckListWidget : SelectWidget;
  return (
    <span className="reference-choice" data-reference-choice={reference.source}>
      <Widget {...props} schema={schema as never} />
    </span>
  );
}
