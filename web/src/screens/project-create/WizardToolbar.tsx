/**
 * The wizard's toolbar over the grid: add a brief, a child or a sibling of the selected row, remove an
 * unsaved row (each with its key, Insert / Shift+Insert / Ctrl+Delete), add an existing brief or pattern,
 * and the count of new and saved rows or the save's progress.
 */
import { LEVEL_LABEL, type WizardRow } from './wizard-rows';

interface Props {
  saving: boolean;
  selected: WizardRow | null;
  progress: { done: number; total: number } | null;
  pendingCount: number;
  savedCount: number;
  onAddBrief: () => void;
  onAddChild: (key: string) => void;
  onAddSibling: (key: string) => void;
  onRemove: (key: string) => void;
  onSearch: (level: 'brief' | 'pattern') => void;
}

export function WizardToolbar({ saving, selected, progress, pendingCount, savedCount, onAddBrief, onAddChild, onAddSibling, onRemove, onSearch }: Props) {
  return (
    <div className="toolbar" role="toolbar" aria-label="Rows">
      <button type="button" className="btn btn--small" disabled={saving} onClick={onAddBrief}>
        Add brief
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={saving || !selected || selected.level === 'colorway'}
        title="Insert"
        aria-keyshortcuts="Insert"
        onClick={() => selected && onAddChild(selected.key)}
      >
        {selected && selected.level !== 'colorway' ? `Add ${LEVEL_LABEL[selected.level === 'brief' ? 'pattern' : 'colorway'].toLowerCase()}` : 'Add child'}{' '}
        (Insert)
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={saving || !selected}
        title="Shift+Insert"
        aria-keyshortcuts="Shift+Insert"
        onClick={() => selected && onAddSibling(selected.key)}
      >
        Add sibling (Shift+Insert)
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={saving || !selected || selected.saved || selected.existing}
        title="Ctrl+Delete"
        aria-keyshortcuts="Control+Delete"
        onClick={() => selected && onRemove(selected.key)}
      >
        Remove row (Ctrl+Delete)
      </button>
      <button type="button" className="btn btn--small" disabled={saving} onClick={() => onSearch('brief')}>
        Existing brief…
      </button>
      <button type="button" className="btn btn--small" disabled={saving} onClick={() => onSearch('pattern')}>
        Existing pattern…
      </button>
      <span className="spacer" />
      <span className="wizard__progress" role="status">
        {progress ? `Saving ${progress.done} of ${progress.total} rows…` : `${pendingCount} new rows, ${savedCount} saved`}
      </span>
    </div>
  );
}
