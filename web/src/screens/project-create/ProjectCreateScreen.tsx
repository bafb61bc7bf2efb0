/**
 * /projectCreate[?linePlanId|briefSeasonalId|patternSeasonalId] (WIZ-001..018): briefs, patterns
 * and colorways created in bulk as rows of a grid under a released line plan (status 2 or 3) of a
 * brand and season. A brief or pattern in the address preloads it with its parents; existing briefs
 * and patterns can be searched and added as parents. New rows start with the brand's
 * project-create defaults (WIZ-015, editable on the profile). Names are checked as typed (CONST-031,
 * WIZ-010), stock numbers too (WIZ-009). Save (Ctrl+S) creates the rows top-down through the
 * single-record create calls (wizard-save.ts); each row keeps its outcome, and the saved ones
 * become links to the created records.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { useSessionStore } from '../../auth/session-store';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { useSaveShortcut } from '../../shell/save-shortcut';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import { ExistingParentSearch, type FoundParent } from './ExistingParentSearch';
import { OwnedGrid, type RowKey, type RowsChange } from '../../components/data-grid/OwnedGrid';
import { listOf, nameNote, stockNumberError, useWizardLists, wizardCalls } from './wizard-api';
import { saveRows, type RowPatch } from './wizard-save';
import {
  addBrief,
  addChild,
  addSibling,
  appendUnder,
  duplicateNames,
  existingRow,
  firstError,
  formErrors,
  gridErrors,
  hasUnsaved,
  lockReason,
  newRow,
  pending,
  removeRow,
  REVIEW_FIELDS,
  START_OVER,
  STOCK_NUMBER_TWICE,
  withResponsible,
  wizardCell,
  type ProjectDefaults,
  type ValueField,
  type WizardRow,
} from './wizard-rows';
import { type StartLinePlan, useWizardPlace } from './use-wizard-place';
import { WizardOutcome } from './WizardOutcome';
import { WizardPlacePicker } from './WizardPlacePicker';
import { WizardToolbar } from './WizardToolbar';
import './project-create.css';

interface Start {
  LinePlan: StartLinePlan;
  Brief: { BriefSeasonalId: number; BriefName: string; StatusId: number } | null;
  Pattern: { PatternSeasonalId: number; PatternName: string; StatusId: number } | null;
}

/** The pick lists of the grid (names shown, ids kept; workflow groups differ per level). */
const LIST_FIELDS: readonly ValueField[] = ['ResponsibleId', 'WFGroupId', 'GenderKey', 'DevelopmentType', 'DivisionKey', 'ProductTypeId', 'SizeRangePresetId'];
const rowKey = (r: WizardRow) => r.key;
/** The grid's least height: room for a pick list of 10 names under the first rows (issue 27: a short grid clipped the product types). */
const GRID_ROOM = 360;
const gridHeight = (rows: number) => Math.min(520, Math.max(GRID_ROOM, 62 + rows * 30));

/** The rows a start preloads: the brief, and the pattern under it, as existing parents. */
function startRows(start: Start | undefined): WizardRow[] {
  if (!start?.Brief) return [];
  const brief = existingRow('brief', null, start.Brief.BriefSeasonalId, start.Brief.BriefName, start.Brief.StatusId);
  if (!start.Pattern) return [brief];
  return [brief, existingRow('pattern', brief.key, start.Pattern.PatternSeasonalId, start.Pattern.PatternName, start.Pattern.StatusId)];
}

/** Opened by its route's rule (PROJECT_CREATE in @domain/access, the manifest's guard). */
export function ProjectCreateScreen() {
  const [params] = useSearchParams();
  const query = ['linePlanId', 'briefSeasonalId', 'patternSeasonalId'].map((p) => [p, params.get(p)] as const).find(([, v]) => v && /^\d+$/.test(v));
  const startUrl = query ? `/api/ProjectCreate/GetStart?${query[0][0].toUpperCase()}${query[0].slice(1)}=${query[1]}` : null;
  const { data: start, error: startError } = useSWR<Start>(startUrl);

  const wizardPlace = useWizardPlace(start?.LinePlan, !!query);
  const { brandId, seasonId, linePlanName, place } = wizardPlace;
  const [rows, setRows] = useState<WizardRow[]>([]);
  const rowsRef = useRef(rows);
  rowsRef.current = rows;
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const [focus, setFocus] = useState<{ key: RowKey; field?: string } | null>(null);
  const [search, setSearch] = useState<'brief' | 'pattern' | null>(null);
  const [confirmStartOver, setConfirmStartOver] = useState(false);
  const [showErrors, setShowErrors] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!start) return;
    const preloaded = startRows(start);
    setRows(preloaded);
    setFocus(null);
  }, [start]);

  const profile = useSessionStore((s) => s.session);
  const { data: brandDefaults, error: defaultsError } = useSWR<ProjectDefaults>(brandId ? `/api/User/GetProjectCreateDefaults?brandId=${brandId}` : null);
  const { data: lists, error: listsError } = useWizardLists(brandId);
  // Rows are added once the brand's defaults and lists are in (or failed): one added before would miss them.
  const ready = !brandId || ((brandDefaults !== undefined || !!defaultsError) && (lists !== undefined || !!listsError));
  // Issue 27: the signed-in user is the Responsible where the brand's defaults name none.
  const defaults = useMemo(() => withResponsible(brandDefaults, Number(profile?.userId), lists?.ResponsibleId), [brandDefaults, profile?.userId, lists]);

  const saving = progress !== null;
  const unsaved = hasUnsaved(rows);
  useUnsavedChanges(unsaved, 'project-create');

  const duplicates = useMemo(() => duplicateNames(rows), [rows]);
  const allErrors = useMemo(() => formErrors(rows), [rows]);
  // Required fields turn red once a save was tried; a stock number used twice at once (WIZ-009).
  const errors = useMemo(
    () =>
      showErrors ? allErrors : new Map([...allErrors].filter(([, e]) => e.StockNum === STOCK_NUMBER_TWICE).map(([k]) => [k, { StockNum: STOCK_NUMBER_TWICE }])),
    [allErrors, showErrors],
  );

  const patch = useCallback((key: string, p: RowPatch) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...p } : r))), []);

  const apply = useCallback((next: { rows: WizardRow[]; key: string | null }) => {
    setRows(next.rows);
    setFocus(next.key ? { key: next.key, field: 'name' } : null);
  }, []);
  const selected = rows.find((r) => r.key === selectedKey) ?? null;
  const selectedRef = useRef(selectedKey);
  selectedRef.current = selectedKey;

  /** The name note (CONST-031) and the stock-number check (WIZ-009), answered for the values still on the row. */
  const check = useCallback(
    (key: string) => {
      const row = rowsRef.current.find((r) => r.key === key);
      if (!row || !brandId || !seasonId) return;
      void nameNote(row.level, brandId, row.name).then(
        (note) => {
          const now = rowsRef.current.find((r) => r.key === key);
          if (now && now.name === row.name && !now.saved) patch(key, { note });
        },
        () => undefined,
      );
      if (row.level !== 'colorway') return;
      void stockNumberError(seasonId, row.StockNum ?? '', row.ProductTypeId).then(
        (stockError) => {
          const now = rowsRef.current.find((r) => r.key === key);
          if (now && now.StockNum === row.StockNum && !now.saved) patch(key, { stockError });
        },
        () => undefined,
      );
    },
    [brandId, seasonId, patch],
  );

  // An edited row drops its last save error; a name or stock number is checked again.
  const onChange = useCallback(
    (list: WizardRow[], change: RowsChange<WizardRow>) => {
      const edits = change.kind === 'edit' ? change.cells : [];
      const keys = new Set(edits.map((e) => e.key));
      const next = list.map((r) => (keys.has(r.key) ? { ...r, error: null, disabled: false } : r));
      rowsRef.current = next;
      setRows(next);
      for (const key of new Set(edits.filter((e) => ['name', 'StockNum', 'ProductTypeId'].includes(e.field)).map((e) => String(e.key)))) check(key);
    },
    [check],
  );
  const options = useMemo(() => Object.fromEntries(LIST_FIELDS.map((f) => [f, (r: WizardRow) => listOf(lists, r.level, f)])), [lists]);
  const redCells = useMemo(() => gridErrors(rows, errors, duplicates), [rows, errors, duplicates]);

  const onAddChild = useCallback((key: string) => apply(addChild(rowsRef.current, key, defaults)), [apply, defaults]);
  const onAddSibling = useCallback((key: string) => apply(addSibling(rowsRef.current, key, defaults)), [apply, defaults]);
  // The row after the removed one (or the one before) takes the keyboard, not the button.
  const onRemove = useCallback((key: string) => {
    const before = rowsRef.current;
    const next = removeRow(before, key);
    const at = before.findIndex((r) => r.key === key);
    const neighbour = next.length === before.length ? before[at] : next[Math.min(at, next.length - 1)];
    setRows(next);
    setFocus(neighbour ? { key: neighbour.key } : null);
  }, []);
  /** Back to the grid after a toolbar action or a dialog: the selected row, in the column it was in. */
  const backToGrid = useCallback(
    () =>
      setFocus((f) => {
        const key = selectedRef.current ?? f?.key;
        return key && rowsRef.current.some((r) => r.key === key) ? { key } : null;
      }),
    [],
  );
  // Insert: a child of the selected row; Shift+Insert: a sibling; Ctrl+Delete: remove an unsaved row.
  // Insert pressed while the brand's defaults load is kept and done once they are in (the toolbar says it waits).
  // The toolbar's status says a kept Insert waits.
  const [waitingInsert, setWaitingInsert] = useState<{ key: string; sibling: boolean } | null>(null);
  const onKey = (e: KeyboardEvent, row: WizardRow | undefined) => {
    if (!row || (e.key !== 'Insert' && !(e.key === 'Delete' && e.ctrlKey))) return false;
    if (e.key === 'Delete') onRemove(row.key);
    else if (!ready) setWaitingInsert({ key: row.key, sibling: e.shiftKey });
    else if (e.shiftKey) onAddSibling(row.key);
    else onAddChild(row.key);
    return true;
  };
  useEffect(() => {
    if (!ready || !waitingInsert) return;
    setWaitingInsert(null);
    if (rowsRef.current.some((r) => r.key === waitingInsert.key)) (waitingInsert.sibling ? onAddSibling : onAddChild)(waitingInsert.key);
  }, [ready, waitingInsert, onAddChild, onAddSibling]);

  const pickExisting = (found: FoundParent) => {
    const level = search!;
    setSearch(null);
    let next = rowsRef.current;
    let parentKey: string | null = null;
    if (level === 'pattern') {
      const briefName = found.briefName ?? '';
      let brief = next.find((r) => r.level === 'brief' && r.existing && r.name === briefName);
      if (!brief) {
        brief = existingRow('brief', null, found.briefSeasonalId, briefName, 2);
        next = [...next, brief];
      }
      parentKey = brief.key;
    }
    const parent = existingRow(level, parentKey, found.id, found.name, found.statusId);
    const child = newRow(level === 'brief' ? 'pattern' : 'colorway', parent.key, defaults);
    apply({ rows: appendUnder(appendUnder(next, parent), child), key: child.key });
  };

  const startOver = () => {
    setConfirmStartOver(false);
    setRows(startRows(start));
    setShowErrors(false);
    setFocus(null);
  };

  const save = useCallback(async () => {
    if (saving || !place) return;
    const todo = pending(rowsRef.current);
    if (!todo.length) {
      toast.warning('There are no new rows to save.');
      return;
    }
    const invalid = formErrors(rowsRef.current);
    // Issue 27: the grid scrolls to the first red cell and selects it.
    if (invalid.size) {
      setShowErrors(true);
      setFocus(firstError(rowsRef.current, invalid));
      toast.error(REVIEW_FIELDS);
      return;
    }
    setProgress({ done: 0, total: todo.length });
    let done = 0;
    const summary = await saveRows(rowsRef.current, wizardCalls(place, lists), (key, p) => {
      if (p.saved || (p.error && p.saving === false)) setProgress({ done: ++done, total: todo.length });
      patch(key, p);
    });
    setProgress(null);
    backToGrid();
    const text = `${summary.saved} of ${todo.length} rows saved`;
    if (summary.failed || summary.skipped) toast.warning(`${text}; ${summary.failed} failed, ${summary.skipped} skipped. See the Message column.`);
    else toast.success(`${text}.`);
  }, [saving, place, lists, patch, backToGrid]);
  useSaveShortcut(
    () => void save(),
    !!place,
    () => root.current,
  );

  const fixed = rows.length > 0;
  const created = rows.filter((r) => r.saved && r.id !== null);
  const failed = rows.filter((r) => r.error);

  return (
    <div ref={root} className="wizard">
      <PageHeader
        title="Project Create"
        subtitle={linePlanName ? `Line plan ${linePlanName}` : 'Create briefs, patterns and colorways in bulk under a released line plan.'}
        actions={
          <>
            <button type="button" className="btn" disabled={saving || !rows.length} onClick={() => (unsaved ? setConfirmStartOver(true) : startOver())}>
              Start over
            </button>
            <button type="button" className="btn btn--primary" disabled={saving || !place} onClick={() => void save()} aria-keyshortcuts="Control+S">
              Save
            </button>
          </>
        }
      />
      {startError && (
        <p className="form-error" role="alert">
          The record to start from was not found.
        </p>
      )}
      <WizardPlacePicker place={wizardPlace} fixed={fixed} />
      {place && (
        <>
          <WizardToolbar
            saving={saving}
            ready={ready}
            insertWaiting={!!waitingInsert}
            selected={selected}
            progress={progress}
            pendingCount={pending(rows).length}
            savedCount={created.length}
            onAddBrief={() => apply(addBrief(rowsRef.current, defaults))}
            onAddChild={onAddChild}
            onAddSibling={onAddSibling}
            onRemove={onRemove}
            onSearch={setSearch}
          />
          {rows.length === 0 ? (
            <p className="muted">Add a brief, or an existing brief or pattern, to start.</p>
          ) : (
            <OwnedGrid
              gridId="project-create"
              rows={rows}
              rowKey={rowKey}
              onChange={onChange}
              options={options}
              cellReadOnly={lockReason}
              errors={redCells}
              decorate={(r, f) => wizardCell(r, f, duplicates)}
              focus={focus}
              onKey={onKey}
              onSelect={(r) => setSelectedKey(r?.key ?? null)}
              height={gridHeight(rows.length)}
              className="wizard__grid"
              testId="wizard-grid"
            />
          )}
          <WizardOutcome failed={failed} created={created} />
        </>
      )}
      {search && place && (
        <ExistingParentSearch
          level={search}
          brandId={place.BrandId}
          seasonId={place.SeasonId}
          onPick={pickExisting}
          onCancel={() => {
            setSearch(null);
            backToGrid();
          }}
        />
      )}
      {confirmStartOver && (
        <ConfirmDialog
          title="Start over"
          message={START_OVER}
          confirmLabel="Start over"
          danger
          onConfirm={startOver}
          onCancel={() => setConfirmStartOver(false)}
        />
      )}
    </div>
  );
}
