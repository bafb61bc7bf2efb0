/**
 * The widget registry (Twenty style): one widget per field kind, chosen from the property alone
 * (fields/field-kind.ts, plus the form-only kinds of form-kind.ts). RJSF finds them by these names
 * through `ui:widget`. A screen plugs its own widgets (e.g. the role permission matrix) with
 * SchemaForm's `widgets` and `fields` props; they are merged over these.
 */
import type { RegistryWidgetsType } from '@rjsf/utils';
import type { FormKind } from '../form-kind';
import { BooleanWidget } from './BooleanWidget';
import { CheckListWidget } from './CheckListWidget';
import { DateTimeWidget } from './DateTimeWidget';
import { DateWidget } from './DateWidget';
import { LookupWidget } from './LookupWidget';
import { NotesWidget } from './NotesWidget';
import { NumericWidget } from './NumericWidget';
import { ReferenceWidget } from './ReferenceWidget';
import { SelectWidget } from './SelectWidget';
import { StatusWidget } from './StatusWidget';
import { TextWidget } from './TextWidget';
import { TimeWidget } from './TimeWidget';

export const WIDGETS: RegistryWidgetsType = {
  lookup: LookupWidget,
  reference: ReferenceWidget,
  status: StatusWidget,
  date: DateWidget,
  datetime: DateTimeWidget,
  time: TimeWidget,
  notes: NotesWidget,
  money: NumericWidget,
  numeric: NumericWidget,
  integer: NumericWidget,
  boolean: BooleanWidget,
  enum: SelectWidget,
  checklist: CheckListWidget,
  text: TextWidget,
  // RJSF's own names, for fields reaching a default widget.
  TextWidget,
  CheckboxWidget: BooleanWidget,
  SelectWidget,
  CheckboxesWidget: CheckListWidget,
};

/** The registry key of a field kind (every kind has its own entry; a bare array has none). */
export const widgetFor = (kind: FormKind): string | undefined => (kind === 'array' ? undefined : kind);
