/**
 * A moment. Set by the server (read-only, computed): shown, never edited. Editable: a date
 * (MM/DD/YYYY) and a time (HH:MM) input, combined into one ISO moment in local time
 * (SYSMSG-010). The inputs are labelled "<field> date" and "<field> time", with a trailing
 * "Time" of the title dropped ("Start Time" → "Start date", "Start time").
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { formatDateTime } from '../../../format/date';
import type { SchemaFormContext } from '../form-context';
import { combineMoment, splitMoment } from './moment';
import { inputProps } from './use-draft';

export function DateTimeWidget(props: WidgetProps) {
  if (props.disabled || props.readonly) {
    return <input {...inputProps(props)} type="text" disabled value={formatDateTime(props.value as string | null)} readOnly />;
  }
  return <MomentInputs {...props} />;
}

function MomentInputs(props: WidgetProps) {
  const [parts, setParts] = useState(() => splitMoment(props.value));
  const [seen, setSeen] = useState(props.value);
  if (seen !== props.value) {
    // A new value from outside (reset, reload) replaces what was typed, unless it is what we committed.
    setSeen(props.value);
    if (combineMoment(parts.date, parts.time) !== props.value) setParts(splitMoment(props.value));
  }
  const ctx = props.registry.formContext as SchemaFormContext | undefined;
  const base = (props.label || '').replace(/\s*time$/i, '') || props.label;
  const commit = (next: { date: string; time: string }) => {
    // Text that is no moment is kept as typed, so the schema's format check flags it.
    const value = combineMoment(next.date, next.time) ?? (next.date || next.time ? `${next.date} ${next.time}`.trim() : undefined);
    setSeen(value);
    props.onChange(value);
    props.onBlur(props.id, value);
  };
  const own = inputProps(props);
  return (
    // The field's label points at the group, not an input: each input has its own label.
    <span className="sf-moment" id={props.id} role="group">
      <input
        {...own}
        id={`${props.id}__date`}
        type="text"
        inputMode="numeric"
        placeholder="MM/DD/YYYY"
        maxLength={10}
        autoComplete="off"
        aria-label={`${base} date`}
        value={parts.date}
        onChange={(e) => {
          ctx?.markDirty();
          setParts({ ...parts, date: e.target.value });
        }}
        onBlur={() => commit(parts)}
        onKeyDown={(e) => e.key === 'Enter' && commit(parts)}
      />
      <input
        id={`${props.id}__time`}
        type="time"
        aria-label={`${base} time`}
        disabled={own.disabled}
        aria-invalid={own['aria-invalid']}
        value={parts.time}
        onChange={(e) => {
          ctx?.markDirty();
          const next = { ...parts, time: e.target.value };
          setParts(next);
          commit(next);
        }}
      />
    </span>
  );
}
