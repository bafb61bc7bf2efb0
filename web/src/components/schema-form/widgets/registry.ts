/**
 * The widget registry (Twenty style): one widget per field kind, chosen from the property alone
 * (fields/field-kind.ts). RJSF finds them by these names through `ui:widget`.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FieldKind } from '../../fields/field-kind';
import { BooleanWidget } from './BooleanWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { DateWidget } from './DateWidget';
import { LookupWidget } from './LookupWidget';
import { NotesWidget } from './NotesWidget';
import { NumericWidget } from './NumericWidget';
import { SelectWidget } from './SelectWidget';
import { StatusWidget } from './StatusWidget';
import { TextWidget } from './TextWidget';

export const WIDGETS: RegistryWidgetsType = {
  lookup: LookupWidget,
  status: StatusWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  notes: NotesWidget,
  money: NumericWidget,
  numeric: NumericWidget,
  integer: NumericWidget,
  boolean: BooleanWidget,
  enum: SelectWidget,
  text: TextWidget,
  // RJSF's own names, for fields reaching a default widget.
  TextWidget, CheckboxWidget: BooleanWidget, SelectWidget,
};

/** The registry key of a field kind (every kind has its own entry). */
export const widgetFor = (kind: FieldKind): string => kind;
