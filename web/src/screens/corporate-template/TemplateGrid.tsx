/**
 * The corporate template's list in Handsontable (TPL-002): group (a dropdown of the group list's
 * names), name, stage, sort (digits and navigation keys only, TPL-005), start and end dates
 * (MM/DD/YYYY, CONST-015). Rows are dragged by their row header to a new place and the list is
 * renumbered by 10 (TPL-004); blank required cells are marked once a save was refused (TPL-006).
 * The rows are the screen's state: the grid shows them and reports each edit and move. The
 * DataGrid saves cell batches of a grid document; this list is saved whole, so the grid is its own
 * (like the wizard's WizardGrid and the import's DiffGrid), with their accessibility fixes.
 */
import { useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import { TextEditor } from 'handsontable/editors';
import { dropdownRenderer, textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../../components/data-grid/data-grid.css';
import { isoToDisplay, parseTypedDate } from '../../components/fields/dates';
import { sortKeyAllowed, sortValue, type TemplateGroup, type TemplateRow } from './template-rows';
import { labelCellEditor } from '../../components/data-grid/hot-a11y';
import { LIST_GRID_PROPS, OWN_SOURCES, listGridHandlers, useListGridData } from '../../components/data-grid/list-grid';
import { DateTextEditor } from '../../components/data-grid/hot-cells';

registerAllModules();

type Renderer = (instance: Handsontable, td: HTMLTableCellElement, row: number, col: number, prop: string | number, value: unknown, cp: Handsontable.CellProperties) => void;
const TextRenderer = textRenderer as unknown as Renderer;
const DropdownRenderer = dropdownRenderer as unknown as Renderer;

type Field = 'GroupId' | 'Name' | 'Stage' | 'Sort' | 'StartDate' | 'EndDate';
interface Column { field: Field; title: string; width: number }

export const TEMPLATE_COLUMNS: readonly Column[] = [
  { field: 'GroupId', title: 'Group', width: 170 },
  { field: 'Name', title: 'Name', width: 280 },
  { field: 'Stage', title: 'Stage', width: 180 },
  { field: 'Sort', title: 'Sort', width: 80 },
  { field: 'StartDate', title: 'Start Date', width: 120 },
  { field: 'EndDate', title: 'End Date', width: 120 },
];
const SORT_COL = TEMPLATE_COLUMNS.findIndex((c) => c.field === 'Sort');

export type TemplateEdit = { k: number; field: Field; value: string | number | null };

export interface TemplateGridProps {
  rows: readonly TemplateRow[];
  groups: readonly TemplateGroup[];
  readOnly: boolean;
  /** Cells to mark, per row key: field → message. */
  marked: ReadonlyMap<number, ReadonlyMap<string, string>>;
  height: number | string;
  onEdit: (edits: TemplateEdit[]) => void;
  /** A drag of rows (indexes) to start at `finalIndex` of the result. */
  onMove: (moved: number[], finalIndex: number) => void;
  onSelect: (index: number | null) => void;
  /** A word for the user (a refused value). */
  onNotice: (text: string) => void;
  /** Receives the Handsontable instance (the screen selects rows after a move or an add). */
  hotRef?: { current: Handsontable | null };
}

/** TPL-005: whatever reaches the sort editor (a paste, an input method) is cut to its digits. */
class SortEditor extends TextEditor {
  override createElements() {
    super.createElements();
    this.TEXTAREA.addEventListener('input', () => {
      const clean = this.TEXTAREA.value.replace(/\D+/g, '').slice(0, 9);
      if (clean !== this.TEXTAREA.value) this.TEXTAREA.value = clean;
    });
  }
}

/** Changes the grid makes itself when it is given the rows. */

const groupName = (groups: readonly TemplateGroup[], id: number | null) => groups.find((g) => g.GroupId === id)?.GroupName ?? '';

export function TemplateGrid({ rows, groups, readOnly, marked, height, onEdit, onMove, onSelect, onNotice, hotRef }: TemplateGridProps) {
  const ref = useRef<HotTableRef>(null);
  const latest = useRef({ rows, groups, marked, readOnly, onEdit, onMove, onSelect, onNotice });
  latest.current = { rows, groups, marked, readOnly, onEdit, onMove, onSelect, onNotice };

  const data = useMemo(() => rows.map((r) => TEMPLATE_COLUMNS.map((c) =>
    c.field === 'GroupId' ? groupName(groups, r.GroupId) : c.field === 'Sort' ? (r.Sort ?? '') : (r[c.field] ?? ''))), [rows, groups]);

  const renderer = useMemo<Renderer>(() => (instance, td, row, col, prop, value, cp) => {
    const c = TEMPLATE_COLUMNS[col];
    const shown = c && (c.field === 'StartDate' || c.field === 'EndDate') ? isoToDisplay(value) : value;
    (cp.type === 'dropdown' && !cp.readOnly ? DropdownRenderer : TextRenderer)(instance, td, row, col, prop, shown, cp);
    const r = latest.current.rows[row];
    if (!r || !c) return;
    const message = latest.current.marked.get(r.k)?.get(c.field);
    td.classList.toggle('cell--error', !!message);
    if (c.field === 'Sort') td.classList.add('htRight');
    if (message) td.title = message;
    else if (shown) td.title = String(shown);
    else td.removeAttribute('title');
  }, []);

  const columns = useMemo(() => TEMPLATE_COLUMNS.map((c): Handsontable.ColumnSettings => {
    const base = { renderer: renderer as never, readOnly };
    if (readOnly) return base;
    switch (c.field) {
      case 'GroupId': return { ...base, type: 'dropdown', source: groups.map((g) => g.GroupName), strict: true, allowInvalid: false, renderer: renderer as never };
      case 'Sort': return { ...base, editor: SortEditor as never };
      case 'StartDate': case 'EndDate': return { ...base, editor: DateTextEditor as never };
      default: return { ...base, editor: 'text' };
    }
  }), [renderer, readOnly, groups]);

  useListGridData(ref, data, marked, hotRef);

  const beforeKeyDown = (e: KeyboardEvent) => {
    const hot = ref.current?.hotInstance;
    const at = hot?.getSelectedRangeLast()?.highlight;
    if (!hot || !at || latest.current.readOnly) return;
    if (at.col === SORT_COL && !sortKeyAllowed(e)) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
  };

  /** Refused values never reach the rows: a sort that is not digits, a date that is no date. */
  const beforeChange = (changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN_SOURCES.has(source)) return;
    changes.forEach((ch, i) => {
      if (!ch) return;
      const c = TEMPLATE_COLUMNS[Number(ch[1])];
      if (c?.field === 'Sort' && sortValue(ch[3]) === undefined) {
        latest.current.onNotice('Sort takes digits only.');
        changes[i] = null;
      }
      if ((c?.field === 'StartDate' || c?.field === 'EndDate') && parseTypedDate(String(ch[3] ?? '')) === null) {
        latest.current.onNotice(`${c.title}: not a date (MM/DD/YYYY).`);
        changes[i] = null;
      }
    });
  };

  const afterChange = (changes: Handsontable.CellChange[] | null, source: string) => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    if (!changes || OWN_SOURCES.has(source)) return;
    const edits: TemplateEdit[] = [];
    for (const [row, prop, before, after] of changes) {
      const r = latest.current.rows[row];
      const c = TEMPLATE_COLUMNS[Number(prop)];
      if (!r || !c || before === after) continue;
      const text = after === null || after === undefined ? '' : String(after);
      if (c.field === 'GroupId') edits.push({ k: r.k, field: c.field, value: latest.current.groups.find((g) => g.GroupName === text)?.GroupId ?? null });
      else if (c.field === 'Sort') edits.push({ k: r.k, field: c.field, value: sortValue(text) ?? null });
      else if (c.field === 'StartDate' || c.field === 'EndDate') edits.push({ k: r.k, field: c.field, value: parseTypedDate(text) || null });
      else edits.push({ k: r.k, field: c.field, value: text });
    }
    if (edits.length) latest.current.onEdit(edits);
  };

  const { beforeRowMove, afterSelectionEnd } = listGridHandlers(ref, latest);

  return (
    <div className={`data-grid__table${readOnly ? '' : ' data-grid__table--editable'} corporate-template__grid`} style={{ height }} data-testid="corporate-template-grid">
      <HotTable
        ref={ref}
        {...LIST_GRID_PROPS}
        columns={columns}
        colHeaders={TEMPLATE_COLUMNS.map((c) => c.title)}
        colWidths={TEMPLATE_COLUMNS.map((c) => c.width)}
        manualRowMove={!readOnly}
        fillHandle={readOnly ? false : { direction: 'vertical', autoInsertRow: false }}
        copyPaste={{ pasteMode: 'overwrite' }}
        beforeKeyDown={beforeKeyDown as never}
        beforeChange={beforeChange as never}
        afterChange={afterChange as never}
        beforeRowMove={beforeRowMove}
        afterSelectionEnd={afterSelectionEnd}
      />
    </div>
  );
}
