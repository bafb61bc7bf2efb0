/**
 * Notes (SHELL-016/017): a text area with a character counter that turns red and bold at 80% of
 * the limit, and 'Click to Expand' when the text runs over 6 rows.
 */
import { useState } from 'react';
import type { WidgetProps } from '@rjsf/utils';
import { blankValue, inputProps, useDraft } from './use-draft';

/** SHELL-016: the counter warns from this share of the limit. */
export const NOTES_WARN_AT = 0.8;
const COLLAPSED_ROWS = 6;

/** Lines the text needs at about `perLine` characters a line. */
export const notesLines = (text: string, perLine = 80) => text.split('\n').reduce((n, l) => n + Math.max(1, Math.ceil(l.length / perLine)), 0);

export function NotesWidget(props: WidgetProps) {
  const d = useDraft(props, (v) => (v === null || v === undefined ? '' : String(v)));
  const [expanded, setExpanded] = useState(false);
  const max = props.schema.maxLength;
  const lines = notesLines(d.text);
  const long = lines > COLLAPSED_ROWS;
  const warn = max !== undefined && d.text.length >= NOTES_WARN_AT * max;
  const commit = () =>
    d.end((t) => {
      props.onChange(t === '' ? blankValue(props) : t);
      props.onBlur(props.id, t);
    });
  return (
    <div className="notes">
      <textarea
        {...inputProps(props)}
        maxLength={max}
        rows={expanded ? Math.max(COLLAPSED_ROWS, lines + 1) : COLLAPSED_ROWS}
        value={d.text}
        onChange={(e) => d.type(e.target.value)}
        onBlur={commit}
      />
      <div className="notes__foot">
        {long && !expanded ? (
          <button type="button" className="linklike" onClick={() => setExpanded(true)}>
            Click to Expand
          </button>
        ) : (
          <span />
        )}
        {max !== undefined && (
          <span className={`notes__counter${warn ? ' notes__counter--warn' : ''}`} aria-live="polite">
            {d.text.length} / {max}
          </span>
        )}
      </div>
    </div>
  );
}
