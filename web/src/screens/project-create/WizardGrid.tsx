/**
 * The wizard's rows in Handsontable (WIZ-002, WIZ-008..011): the level column indents patterns and
 * colorways under their brief, the message column (next to the state) keeps the row's save error or note, each row offers only its level's fields (pick lists by name, never
 * ids), locked rows (saved, saving, existing) are read only, fields to review are red with their
 * message as the cell's title.
 * Keyboard: Insert adds a child of the selected row, Shift+Insert a sibling, Ctrl+Delete removes
 * an unsaved row. The DataGrid shows records of one grid document; these rows mix three levels
 * with their own columns, so the grid is its own (like the import's DiffGrid).
 */
import { useEffect, useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import { dropdownRenderer, textRenderer } from 'handsontable/renderers';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../../components/data-grid/data-grid.css';
import { labelOf, listOf, valueOf, type WizardLists } from './wizard-api';
import { depth, isLocked, LEVEL_LABEL, noteOf, stateOf, usesField, type ValueField, type WizardRow } from './wizard-rows';
import { labelCellEditor } from '../../components/data-grid/hot-a11y';

registerAllModules();

type Renderer = (instance: Handsontable, td: HTMLTableCellElement, row: number, col: number, prop: string | number, value: unknown, cp: Handsontable.CellProperties) => void;
const TextRenderer = textRenderer as unknown as Renderer;
const DropdownRenderer = dropdownRenderer as unknown as Renderer;

type Field = 'level' | 'name' | 'state' | ValueField | 'message';
interface Column { field: Field; title: string; width: number; list?: boolean }

export const WIZARD_COLUMNS: readonly Column[] = [
  { field: 'level', title: 'Level', width: 120 },
  { field: 'name', title: 'Name', width: 220 },
  { field: 'state', title: 'State', width: 100 },
  { field: 'message', title: 'Message', width: 320 },
  { field: 'ResponsibleId', title: 'Responsible', width: 150, list: true },
  { field: 'WFGroupId', title: 'Workflow group', width: 150, list: true },
  { field: 'GenderKey', title: 'Gender', width: 110, list: true },
  { field: 'DevelopmentType', title: 'Development type', width: 140, list: true },
  { field: 'DivisionKey', title: 'Division', width: 120, list: true },
  { field: 'ProductTypeId', title: 'Product type', width: 130, list: true },
  { field: 'SizeRangePresetId', title: 'Size range preset', width: 150, list: true },
  { field: 'StockNum', title: 'Stock number', width: 130 },
];
const NAME_COL = 1;

export interface WizardEdit { key: string; field: 'name' | ValueField; value: string | number | null }

export interface WizardGridProps {
  rows: readonly WizardRow[];
  lists: WizardLists | undefined;
  errors: Map<string, Partial<Record<string, string>>>;
  duplicates: ReadonlySet<string>;
  /** The row to select (a new row: its name cell). */
  focusKey: string | null;
  height: number | string;
  onEdit: (edits: WizardEdit[]) => void;
  onSelect: (key: string | null) => void;
  onAddChild: (key: string) => void;
  onAddSibling: (key: string) => void;
  onRemove: (key: string) => void;
}

/**
 * As in GridTable: without the holder's tabindex axe sees the grid's rows. The cell editor's
 * textarea has a name; while no cell is being edited it is hidden from the accessibility tree
 * (it is not one of the grid's rows), and shown while the user types into it.
 */
const cellText = (row: WizardRow, c: Column, lists: WizardLists | undefined, duplicates: ReadonlySet<string>): string => {
  switch (c.field) {
    case 'level': return `${'\u2003'.repeat(depth(row.level))}${LEVEL_LABEL[row.level]}`;
    case 'name': return row.name;
    case 'state': return stateOf(row);
    case 'message': return [row.error, row.level === 'colorway' ? row.stockError : null, noteOf(row, duplicates)].filter(Boolean).join(' · ');
    case 'StockNum': return row.StockNum ?? '';
    default: return labelOf(listOf(lists, row.level, c.field), row[c.field]);
  }
};

export function WizardGrid({ rows, lists, errors, duplicates, focusKey, height, onEdit, onSelect, onAddChild, onAddSibling, onRemove }: WizardGridProps) {
  const ref = useRef<HotTableRef>(null);
  const latest = useRef({ rows, lists, errors, onEdit, onSelect, onAddChild, onAddSibling, onRemove });
  latest.current = { rows, lists, errors, onEdit, onSelect, onAddChild, onAddSibling, onRemove };
  const selected = useRef<number | null>(null);
  const latestRenderer = useRef<Renderer | null>(null);

  const data = useMemo(() => rows.map((r) => WIZARD_COLUMNS.map((c) => cellText(r, c, lists, duplicates))), [rows, lists, duplicates]);

  // An editable pick list shows the dropdown's arrow.
  const renderer = useMemo<Renderer>(() => (instance, td, row, col, prop, value, cp) => {
    (cp.type === 'dropdown' ? DropdownRenderer : TextRenderer)(instance, td, row, col, prop, value, cp);
    const r = latest.current.rows[row];
    const c = WIZARD_COLUMNS[col];
    if (!r || !c) return;
    const fieldError = latest.current.errors.get(r.key)?.[c.field] ?? (c.field === 'StockNum' && r.level === 'colorway' ? r.stockError : null);
    const na = c.field !== 'level' && c.field !== 'name' && c.field !== 'state' && c.field !== 'message' && !usesField(r.level, c.field);
    td.classList.toggle('cell--error', !!fieldError || (c.field === 'message' && !!r.error));
    td.classList.toggle('wizard__cell--na', na);
    td.classList.toggle('wizard__cell--locked', isLocked(r) && !na);
    td.classList.toggle('wizard__cell--level', c.field === 'level');
    if (fieldError) td.title = fieldError;
    else if (c.field === 'message' && value) td.title = String(value);
    else td.removeAttribute('title');
  }, []);

  latestRenderer.current = renderer;
  const columns = useMemo(() => WIZARD_COLUMNS.map(() => ({ renderer: renderer as never })), [renderer]);

  useEffect(() => {
    const hot = ref.current?.hotInstance;
    if (!hot) return;
    hot.loadData(data);
    labelCellEditor.call(hot);
    const index = focusKey ? rows.findIndex((r) => r.key === focusKey) : -1;
    if (index >= 0) {
      const select = () => {
        const active = document.activeElement as HTMLElement | null;
        if (active && !hot.rootElement.contains(active)) active.blur();
        hot.selectCell(index, NAME_COL);
        hot.listen();
      };
      // From the grid's own keys at once; from a button, once the button's click is over (the new row takes the keyboard).
      if (hot.rootElement.contains(document.activeElement)) select();
      else {
        const timer = setTimeout(select);
        return () => clearTimeout(timer);
      }
    }
    else if (selected.current !== null && selected.current < rows.length) hot.selectCell(selected.current, hot.getSelectedRangeLast()?.highlight.col ?? NAME_COL);
  }, [data, focusKey, rows]);

  const cells = useMemo(() => function cellsOf(this: Handsontable.CellProperties, row: number, col: number) {
    const r = latest.current.rows[row];
    const c = WIZARD_COLUMNS[col];
    if (!r || !c) return { readOnly: true };
    const field = c.field;
    const editable = !isLocked(r) && (field === 'name' || ((c.list || field === 'StockNum') && usesField(r.level, field as ValueField)));
    if (!editable) return { readOnly: true, type: 'text', renderer: latestRenderer.current };
    if (c.list) {
      const list = listOf(latest.current.lists, r.level, field as ValueField) ?? [];
      return { readOnly: false, type: 'dropdown', source: ['', ...list.map((o) => o.label)], strict: true, allowInvalid: false, renderer: latestRenderer.current };
    }
    return { readOnly: false, type: 'text', renderer: latestRenderer.current };
  }, []);

  const keyOfSelection = () => {
    const hot = ref.current?.hotInstance;
    const at = hot?.getSelectedRangeLast()?.highlight.row;
    return at === undefined || at === null || at < 0 ? null : latest.current.rows[at]?.key ?? null;
  };

  const beforeKeyDown = (e: KeyboardEvent) => {
    const key = keyOfSelection();
    if (!key) return;
    const run = (f: (k: string) => void) => { e.preventDefault(); e.stopImmediatePropagation(); f(key); };
    if (e.key === 'Insert' && e.shiftKey) run(latest.current.onAddSibling);
    else if (e.key === 'Insert') run(latest.current.onAddChild);
    else if (e.key === 'Delete' && e.ctrlKey) run(latest.current.onRemove);
  };

  const afterChange = (changes: Handsontable.CellChange[] | null, source: string) => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    if (!changes || source === 'loadData') return;
    const edits: WizardEdit[] = [];
    for (const [row, prop, before, after] of changes) {
      const r = latest.current.rows[row];
      const c = WIZARD_COLUMNS[Number(prop)];
      if (!r || !c || before === after || isLocked(r)) continue;
      if (c.field === 'name' || c.field === 'StockNum') edits.push({ key: r.key, field: c.field, value: String(after ?? '') });
      else if (c.list) edits.push({ key: r.key, field: c.field as ValueField, value: valueOf(listOf(latest.current.lists, r.level, c.field as ValueField), after) });
    }
    if (edits.length) latest.current.onEdit(edits);
  };

  const afterSelectionEnd = (row: number) => {
    const hot = ref.current?.hotInstance;
    if (hot) labelCellEditor.call(hot);
    selected.current = row;
    latest.current.onSelect(latest.current.rows[row]?.key ?? null);
  };

  return (
    <div className="data-grid__table data-grid__table--editable wizard__grid" style={{ height }} data-testid="wizard-grid">
      <HotTable
        ref={ref}
        licenseKey="non-commercial-and-evaluation"
        themeName="ht-theme-main"
        columns={columns}
        colHeaders={WIZARD_COLUMNS.map((c) => c.title)}
        colWidths={WIZARD_COLUMNS.map((c) => c.width)}
        rowHeaders={false}
        rowHeights={30}
        autoRowSize={false}
        autoColumnSize={false}
        wordWrap={false}
        fixedColumnsStart={2}
        width="100%"
        height="100%"
        cells={cells as never}
        fillHandle={{ direction: 'vertical', autoInsertRow: false }}
        copyPaste={{ pasteMode: 'overwrite' }}
        undo
        outsideClickDeselects={false}
        minSpareRows={0}
        beforeKeyDown={beforeKeyDown as never}
        afterChange={afterChange as never}
        afterSelectionEnd={afterSelectionEnd as never}
        afterInit={labelCellEditor as never}
        afterBeginEditing={labelCellEditor as never}
      />
    </div>
  );
}
