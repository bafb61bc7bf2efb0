/**
 * Saved searches (SEARCH-016..022), one component for every search screen, parametrised by search
 * type (1 hierarchy `UserSearch`, 2 critical path `UserSearchCP`, DECISIONS SEARCH-023): the list
 * sorted by the user's kept sort (SortSavedSearches), a save popup (name trimmed; an existing name
 * is overwritten, a new one creates), load (the screen restores and searches), and multi-delete.
 *
 * @example <SavedSearches searchType={1} snapshot={() => current} onLoad={(s) => restore(s)} moduleName={(n) => MODULES[n]} />
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';
import { deleteSavedSearches, listSavedSearches, loadSavedSearchSort, saveSavedSearch, saveSavedSearchSort } from './saved-search-api';
import {
  DEFAULT_SAVED_SEARCH_SORT,
  findByName,
  fromSavedSearch,
  sortSavedSearches,
  toSavedSearch,
  type SavedSearchSort,
  type SavedSearchValue,
  type SearchSnapshot,
} from './saved-search-state';
import './saved-searches.css';
import { countOf } from '../../format/count';

/** SEARCH-019 texts and timeouts. */
export const SAVE_COMPLETE = 'Save complete!: Search successfully saved.';
export const DELETE_COMPLETE = 'Delete complete!: Saved Search successfully removed.';
const SAVE_TOAST_MS = 2000;
/** CP-017 (the preferences could not be read). */
export const LOAD_FAILED = 'Error getting user preferences data.';

export interface SavedSearchesProps {
  /** 1 hierarchy search, 2 critical path search. */
  searchType: 1 | 2;
  /** The screen's search as it is now (what Save keeps). */
  snapshot: () => SearchSnapshot;
  /** Restores a saved search on the screen (criteria, columns, sort) and runs it. */
  onLoad: (search: SearchSnapshot, saved: SavedSearchValue) => void;
  /** After a save: the search as saved (e.g. the screen's leave-confirmation baseline). */
  onSaved?: (search: SearchSnapshot) => void;
  /** The label of a saved search's module. */
  moduleName?: (searchModule: number) => string;
}

const COLUMNS: { column: SavedSearchSort['column']; title: string }[] = [
  { column: 'name', title: 'Name' },
  { column: 'searchModule', title: 'Module' },
  { column: 'changedOn', title: 'Changed' },
  { column: 'createdOn', title: 'Created' },
];

export function SavedSearches({ searchType, snapshot, onLoad, onSaved, moduleName = String }: SavedSearchesProps) {
  const [list, setList] = useState<SavedSearchValue[] | null>(null);
  const [sort, setSort] = useState<{ sort: SavedSearchSort; id: number }>({ sort: DEFAULT_SAVED_SEARCH_SORT, id: 0 });
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [naming, setNaming] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    try {
      setList(await listSavedSearches(searchType));
    } catch {
      setList([]);
      toast.error(LOAD_FAILED);
    }
  }, [searchType]);
  useEffect(() => {
    void reload();
    loadSavedSearchSort().then(setSort, () => undefined);
  }, [reload]);

  const shown = useMemo(() => sortSavedSearches(list ?? [], sort.sort), [list, sort]);
  const sortBy = (column: SavedSearchSort['column']) => {
    const next = { column, descending: sort.sort.column === column ? !sort.sort.descending : false };
    setSort({ ...sort, sort: next });
    void saveSavedSearchSort(next, sort.id).then(
      (p) => {
        const id = (p as { UserPreferenceId?: number } | undefined)?.UserPreferenceId;
        if (id) setSort((s) => ({ ...s, id }));
      },
      () => undefined,
    );
  };

  const name = naming?.trim() ?? '';
  const save = async () => {
    if (!name) return;
    setBusy(true);
    try {
      const existing = findByName(list ?? [], name);
      const value = { ...toSavedSearch(name, searchType, snapshot()), Id: existing?.Id ?? 0 };
      const saved = await saveSavedSearch(searchType, value);
      setNaming(null);
      toast.success(SAVE_COMPLETE, SAVE_TOAST_MS);
      onSaved?.(fromSavedSearch(saved));
      await reload();
    } catch {
      toast.error('The search could not be saved.');
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setConfirmDelete(false);
    setBusy(true);
    try {
      await deleteSavedSearches([...selected]);
      toast.success(DELETE_COMPLETE);
      setSelected(new Set());
      await reload();
    } catch {
      toast.error('The saved searches could not be removed.');
    } finally {
      setBusy(false);
    }
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((s) => {
      const n = new Set(s);
      if (on) n.add(id);
      else n.delete(id);
      return n;
    });

  return (
    <section className="saved-searches" aria-label="Saved searches">
      <div className="saved-searches__bar">
        <h2 className="saved-searches__title">Saved searches</h2>
        <span className="spacer" />
        <button type="button" className="btn btn--small" onClick={() => setNaming('')} disabled={busy}>
          Save search
        </button>
        <button type="button" className="btn btn--small btn--danger" onClick={() => setConfirmDelete(true)} disabled={busy || !selected.size}>
          Delete{selected.size ? ` (${selected.size})` : ''}
        </button>
      </div>
      {list === null ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : !shown.length ? (
        <p className="muted">No saved searches yet.</p>
      ) : (
        <div className="saved-searches__scroll">
          <table className="saved-searches__table">
            <thead>
              <tr>
                <th aria-label="Select" />
                {COLUMNS.map((c) => (
                  <th key={c.column} aria-sort={sort.sort.column === c.column ? (sort.sort.descending ? 'descending' : 'ascending') : undefined}>
                    <button type="button" className="link-button" onClick={() => sortBy(c.column)}>
                      {c.title}
                      {sort.sort.column === c.column ? (sort.sort.descending ? ' ▼' : ' ▲') : ''}
                    </button>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shown.map((v) => (
                <tr key={v.Id}>
                  <td>
                    <input type="checkbox" aria-label={`Select ${v.name}`} checked={selected.has(v.Id)} onChange={(e) => toggle(v.Id, e.target.checked)} />
                  </td>
                  <td>
                    <button type="button" className="link-button" title="Load this search" onClick={() => onLoad(fromSavedSearch(v), v)}>
                      {v.name}
                    </button>
                  </td>
                  <td>{moduleName(Number(v.searchModule))}</td>
                  <td>{v.changedOn}</td>
                  <td>{v.createdOn}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {naming !== null && (
        <Modal
          title="Save search"
          onCancel={() => setNaming(null)}
          actions={
            <>
              <button type="button" className="btn" onClick={() => setNaming(null)}>
                Cancel
              </button>
              <button type="button" className="btn btn--primary" onClick={() => void save()} disabled={!name || busy}>
                {findByName(list ?? [], name) ? 'Overwrite' : 'Save'}
              </button>
            </>
          }
        >
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void save();
            }}
          >
            <label className="field">
              <span className="field__label">Name</span>
              <input data-autofocus value={naming} maxLength={100} list="saved-search-names" onChange={(e) => setNaming(e.target.value)} />
            </label>
            <datalist id="saved-search-names">
              {(list ?? []).map((v) => (
                <option key={v.Id} value={v.name} />
              ))}
            </datalist>
            {!name && <p className="muted">A name is required.</p>}
            {name && findByName(list ?? [], name) && <p className="muted">A saved search of this name exists; saving overwrites it.</p>}
          </form>
        </Modal>
      )}
      {confirmDelete && (
        <ConfirmDialog
          title="Delete saved searches"
          message={`Remove ${countOf(selected.size, 'saved search', 'saved searches')}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirmDelete(false)}
        />
      )}
    </section>
  );
}
