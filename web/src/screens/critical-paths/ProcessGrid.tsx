/**
 * A critical path's process list in Handsontable (CP-019, CP-023..025, CP-038/039): rows dragged by
 * their row header (the screen renumbers SortOrder by 10), dates typed MM/DD/YYYY, the approval as a
 * dropdown of the lookup's names, the approver a dropdown of the brand's users (CP-026; stamped by
 * the rules when the approval changes), its date read-only, the
 * cells of a locked row (IsProcessLocked, CP-039) read-only, marked cells red with their message.
 * The rows are the screen's state; the grid reports each edit, move and selection.
 */
import { useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import { dropdownRenderer, textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../../components/data-grid/data-grid.css';
import { isoToDisplay, parseTypedDate } from '../../components/fields/dates';
import type { ProcessRow } from './cp-rows';
import { labelCellEditor } from '../../components/data-grid/hot-a11y';
import { LIST_GRID_PROPS, OWN_SOURCES, listGridHandlers, useListGridData } from '../../components/data-grid/list-grid';
import { DateTextEditor } from '../../components/data-grid/hot-cells';

registerAllModules();

type Renderer = (instance: Handsontable, td: HTMLTableCellElement, row: number, col: number, prop: string | number, value: unknown, cp: Handsontable.CellProperties) => void;
const TextRenderer = textRenderer as unknown as Renderer;
const DropdownRenderer = dropdownRenderer as unknown as Renderer;

export interface ProcessColumn { field: string; title: string; width: number; kind: 'name' | 'text' | 'date' | 'approval' | 'approver' | 'readonly' | 'readonlyDate' }
/** CP-026: a user of the path's brand who may be named as a process's approver. */
export interface Approver { UserId: number; Name: string }
export interface ProcessEdit { k: number; field: string; value: string | number | null }

interface Props {
  testId: string;
  label: string;
  rows: readonly ProcessRow[];
  columns: readonly ProcessColumn[];
  approvals: readonly { CriticalPathProcessApprovedId: number; ApprovalName: string }[];
  /** The approver lookup's choices (CP-026); without them the approver column is read-only. */
  approvers?: readonly Approver[];
  readOnly: boolean;
  marked: ReadonlyMap<number, ReadonlyMap<string, string>>;
  onEdit: (edits: ProcessEdit[]) => void;
  onMove: (moved: number[], finalIndex: number) => void;
  onSelect: (index: number | null) => void;
  onNotice: (text: string) => void;
  hotRef?: { current: Handsontable | null };
}

const NO_APPROVERS: readonly Approver[] = [];
const isDate = (c: ProcessColumn) => c.kind === 'date' || c.kind === 'readonlyDate';

export function ProcessGrid({ testId, label, rows, columns, approvals, approvers = NO_APPROVERS, readOnly, marked, onEdit, onMove, onSelect, onNotice, hotRef }: Props) {
  const ref = useRef<HotTableRef>(null);
  const latest = useRef({ rows, columns, approvals, approvers, marked, readOnly, onEdit, onMove, onSelect, onNotice });
  latest.current = { rows, columns, approvals, approvers, marked, readOnly, onEdit, onMove, onSelect, onNotice };

  const data = useMemo(() => rows.map((r) => columns.map((c) => {
    if (c.kind === 'approval') return approvals.find((a) => a.CriticalPathProcessApprovedId === r[c.field])?.ApprovalName ?? '';
    const v = r[c.field];
    return v === null || v === undefined ? '' : isDate(c) ? String(v).slice(0, 10) : v;
  })), [rows, columns, approvals]);

  const renderer = useMemo<Renderer>(() => (instance, td, row, col, prop, value, cp) => {
    const c = latest.current.columns[col];
    const shown = c && isDate(c) ? isoToDisplay(value) : value;
    (cp.type === 'dropdown' && !cp.readOnly ? DropdownRenderer : TextRenderer)(instance, td, row, col, prop, shown, cp);
    const r = latest.current.rows[row];
    if (!r || !c) return;
    const message = latest.current.marked.get(r.k)?.get(c.field);
    td.classList.toggle('cell--error', !!message);
    td.classList.toggle('cp-grid__locked', r.IsProcessLocked === true);
    if (message) td.title = message;
    else if (r.IsProcessLocked === true) td.title = 'Locked until the final spec is approved.';
    else if (shown) td.title = String(shown);
    else td.removeAttribute('title');
  }, []);

  const hotColumns = useMemo(() => columns.map((c): Handsontable.ColumnSettings => {
    const base = { renderer: renderer as never, readOnly: readOnly || c.kind === 'readonly' || c.kind === 'readonlyDate' };
    if (base.readOnly) return base;
    switch (c.kind) {
      case 'approval': return { ...base, type: 'dropdown', source: ['', ...approvals.map((a) => a.ApprovalName)], strict: true, allowInvalid: false, renderer: renderer as never };
      case 'approver': return approvers.length ? { ...base, type: 'dropdown', source: approvers.map((a) => a.Name), strict: true, allowInvalid: false } : { ...base, readOnly: true };
      case 'date': return { ...base, editor: DateTextEditor as never };
      default: return { ...base, editor: 'text' };
    }
  }), [renderer, readOnly, approvals, approvers, columns]);

  // CP-039: a locked row's cells are read-only; a name that cannot change stays (CanChangeName false).
  const cells = (row: number, col: number): Handsontable.CellMeta => {
    const r = latest.current.rows[row];
    const c = latest.current.columns[col];
    if (!r || !c || latest.current.readOnly || c.kind === 'readonly' || c.kind === 'readonlyDate') return {};
    if (r.IsProcessLocked === true) return { readOnly: true };
    if (c.kind === 'name' && r.CanChangeName === false) return { readOnly: true };
    // Only an approved (or rejected, pending) process has an approver to name.
    if (c.kind === 'approver' && (!r.CriticalPathProcessApprovedId || !latest.current.approvers.length)) return { readOnly: true };
    return { readOnly: false };
  };

  useListGridData(ref, data, marked, hotRef);

  const beforeChange = (changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN_SOURCES.has(source)) return;
    changes.forEach((ch, i) => {
      if (!ch) return;
      const c = latest.current.columns[Number(ch[1])];
      if (c && c.kind === 'date' && parseTypedDate(String(ch[3] ?? '')) === null) {
        latest.current.onNotice(`${c.title}: not a date (MM/DD/YYYY).`);
        changes[i] = null;
      }
      if (c && c.kind === 'name' && !String(ch[3] ?? '').trim()) {
        latest.current.onNotice(`${c.title} is required.`);
        changes[i] = null;
      }
    });
  };

  const afterChange = (changes: Handsontable.CellChange[] | null, source: string) => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    if (!changes || OWN_SOURCES.has(source)) return;
    const edits: ProcessEdit[] = [];
    for (const [row, prop, before, after] of changes) {
      const r = latest.current.rows[row];
      const c = latest.current.columns[Number(prop)];
      if (!r || !c || before === after) continue;
      const text = after === null || after === undefined ? '' : String(after);
      if (c.kind === 'approver') {
        const a = latest.current.approvers.find((x) => x.Name === text);
        if (a) edits.push({ k: r.k, field: 'ApprovedBy', value: a.UserId }, { k: r.k, field: 'ApprovedByName', value: a.Name });
      } else if (c.kind === 'approval') edits.push({ k: r.k, field: c.field, value: latest.current.approvals.find((a) => a.ApprovalName === text)?.CriticalPathProcessApprovedId ?? null });
      else if (c.kind === 'date') edits.push({ k: r.k, field: c.field, value: parseTypedDate(text) || null });
      else edits.push({ k: r.k, field: c.field, value: text });
    }
    if (edits.length) latest.current.onEdit(edits);
  };

  const { beforeRowMove, afterSelectionEnd } = listGridHandlers(ref, latest);

  const height = Math.min(Math.max(rows.length, 3) * 30 + 36, 520);
  return (
    <div className={`data-grid__table${readOnly ? '' : ' data-grid__table--editable'} cp-grid`} style={{ height }} data-testid={testId} role="region" aria-label={label}>
      <HotTable
        ref={ref}
        {...LIST_GRID_PROPS}
        columns={hotColumns}
        cells={cells as never}
        colHeaders={columns.map((c) => c.title)}
        colWidths={columns.map((c) => c.width)}
        stretchH="last"
        manualRowMove={!readOnly}
        fillHandle={false}
        beforeChange={beforeChange as never}
        afterChange={afterChange as never}
        beforeRowMove={beforeRowMove}
        afterSelectionEnd={afterSelectionEnd}
      />
    </div>
  );
}
