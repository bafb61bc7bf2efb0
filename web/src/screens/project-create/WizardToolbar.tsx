/**
 * The wizard's toolbar over the grid: add a brief, a child or a sibling of the selected row, remove an
 * unsaved row (each with its key, Insert / Shift+Insert / Ctrl+Delete), add an existing brief or pattern,
 * and the count of new and saved rows, the save's progress, or that the brand's defaults are loading
 * (and that an Insert pressed meanwhile waits for them).
 */
import { LEVEL_LABEL, type WizardRow } from './wizard-rows';
import { countOf } from '../../format/count';

interface Props {
  saving: boolean;
  /** False until the brand's defaults and pick lists have loaded: a row added before would miss them (its Responsible). */
  ready: boolean;
  /** An Insert pressed before `ready`, kept until then. */
  insertWaiting: boolean;
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

export function WizardToolbar({
  saving,
  ready,
  insertWaiting,
  selected,
  progress,
  pendingCount,
  savedCount,
  onAddBrief,
  onAddChild,
  onAddSibling,
  onRemove,
  onSearch,
}: Props) {
  const adding = saving || !ready;
  const loading = ready ? undefined : "Loading the brand's defaults…";
  return (
    <div className="toolbar" role="toolbar" aria-label="Rows" aria-busy={!ready}>
      <button type="button" className="btn btn--small" disabled={adding} title={loading} onClick={onAddBrief}>
        Add brief
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={adding || !selected || selected.level === 'colorway'}
        title={loading ?? 'Insert'}
        aria-keyshortcuts="Insert"
        onClick={() => selected && onAddChild(selected.key)}
      >
        {selected && selected.level !== 'colorway' ? `Add ${LEVEL_LABEL[selected.level === 'brief' ? 'pattern' : 'colorway'].toLowerCase()}` : 'Add child'}{' '}
        (Insert)
      </button>
      <button
        type="button"
        className="btn btn--small"
        disabled={adding || !selected}
        title={loading ?? 'Shift+Insert'}
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
      <button type="button" className="btn btn--small" disabled={adding} title={loading} onClick={() => onSearch('brief')}>
        Existing brief…
      </button>
      <button type="button" className="btn btn--small" disabled={adding} title={loading} onClick={() => onSearch('pattern')}>
        Existing pattern…
      </button>
      <span className="spacer" />
      <span className="wizard__progress" role="status">
        {progress
          ? `Saving ${progress.done} of ${progress.total} rows…`
          : loading
            ? insertWaiting
              ? 'Insert waits for defaults…'
              : 'Loading defaults…'
            : `${countOf(pendingCount, 'new row')}, ${savedCount} saved`}
      </span>
    </div>
  );
}
