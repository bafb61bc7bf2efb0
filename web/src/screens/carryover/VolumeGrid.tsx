/**
 * The Carryover-for-forecasting volume grid (CARRY-011): one row per ticked colorway, its 14
 * regional volumes editable, International and Total computed as typed (CW-050/051, the server
 * recomputes them). Cells take up to 8 characters, digits and editing keys only: other printable
 * keys are swallowed, the editor holds 8 characters, and a paste of anything else is refused with
 * a notice. Copy/paste with Excel, undo and Ctrl+D fill down are Handsontable's.
 */
import { useMemo, useRef } from 'react';
import { HotTable, type HotTableRef } from '@handsontable/react-wrapper';
import type Handsontable from 'handsontable/base';
import { registerAllModules } from 'handsontable/registry';
import 'handsontable/styles/handsontable.min.css';
import 'handsontable/styles/ht-theme-main.min.css';
import '../../components/data-grid/data-grid.css';
import { labelCellEditor } from '../../components/data-grid/hot-a11y';
import { LIST_GRID_PROPS } from '../../components/data-grid/list-grid';
import { REGIONAL_VOLUMES, volumeTotals } from '@domain/volume-totals';
import { isVolumeCell } from '@domain/carryover';

registerAllModules();

export type VolumeField = (typeof REGIONAL_VOLUMES)[number];
export interface VolumeGridRow { id: number; stockNum: string; name: string; volumes: Partial<Record<VolumeField, number | null>> }

const TITLES: Record<VolumeField, string> = {
  USVolume: 'US', NaDtcStoreVolume: 'NA DTC Store', NaDtcEcomVolume: 'NA DTC Ecom', CAVolume: 'Canada', EmeaOwnedVolume: 'EMEA Owned',
  EmeaDistVolume: 'EMEA Dist', EuDtcVolume: 'EU DTC', Emea3pVolume: 'EMEA 3P', ItalyVolume: 'Italy', AsiaVolume: 'Asia', CNVolume: 'CN',
  HKVolume: 'HK', C4CVolume: 'C4C', LatinAVolume: 'Latin America',
};
/** Field order of the grid (the forecast grid's). */
const FIELDS: VolumeField[] = ['USVolume', 'NaDtcStoreVolume', 'NaDtcEcomVolume', 'CAVolume', 'EmeaOwnedVolume', 'EmeaDistVolume', 'EuDtcVolume',
  'Emea3pVolume', 'ItalyVolume', 'AsiaVolume', 'CNVolume', 'HKVolume', 'C4CVolume', 'LatinAVolume'];
const FIRST = 2;
const OWN = new Set(['loadData', 'updateData', 'totals']);
const EDITING_KEYS = new Set(['Backspace', 'Delete', 'Enter', 'Escape', 'Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Home', 'End', 'F2']);

interface Props {
  rows: readonly VolumeGridRow[];
  onEdit: (edits: { id: number; field: VolumeField; value: number | null }[]) => void;
  onNotice: (text: string) => void;
}

export function VolumeGrid({ rows, onEdit, onNotice }: Props) {
  const ref = useRef<HotTableRef>(null);
  const latest = useRef({ rows, onEdit, onNotice });
  latest.current = { rows, onEdit, onNotice };
  // The grid holds the cells while it is open (reloading it per edit would lose the cursor and undo): built when the rows change, not their volumes.
  const ids = rows.map((r) => r.id).join(',');
  const data = useMemo(() => latest.current.rows.map((r) => {
    const totals = volumeTotals(r.volumes);
    return [r.stockNum, r.name, ...FIELDS.map((f) => r.volumes[f] ?? ''), totals.IntnlVolume, totals.TotalVolume];
  }), [ids]); // eslint-disable-line react-hooks/exhaustive-deps
  const columns = useMemo<Handsontable.ColumnSettings[]>(() => [
    { readOnly: true }, { readOnly: true },
    ...FIELDS.map(() => ({ editor: 'text', className: 'htRight' }) as Handsontable.ColumnSettings),
    { readOnly: true, className: 'htRight' }, { readOnly: true, className: 'htRight' },
  ], []);

  // CARRY-011: digits and editing keys only (shortcuts with Ctrl/Cmd pass: copy, paste, undo, fill down).
  const beforeKeyDown = (e: KeyboardEvent) => {
    if (e.ctrlKey || e.metaKey || e.altKey || EDITING_KEYS.has(e.key) || e.key.length !== 1) return;
    if (!/\d/.test(e.key)) { e.preventDefault(); e.stopImmediatePropagation(); }
  };
  const afterBeginEditing = function (this: Handsontable) {
    labelCellEditor.call(this);
    const input = this.rootElement.ownerDocument.querySelector<HTMLTextAreaElement>('textarea.handsontableInput');
    if (input) { input.maxLength = 8; input.inputMode = 'numeric'; }
  };
  const beforeChange = (changes: (Handsontable.CellChange | null)[], source: string) => {
    if (OWN.has(source)) return;
    changes.forEach((ch, i) => {
      if (!ch) return;
      const text = String(ch[3] ?? '').trim();
      if (!isVolumeCell(text)) {
        latest.current.onNotice(`${TITLES[FIELDS[Number(ch[1]) - FIRST]] ?? 'Volume'}: up to 8 digits only.`);
        changes[i] = null;
      }
    });
  };
  const afterChange = (changes: Handsontable.CellChange[] | null, source: string) => {
    if (!changes || OWN.has(source)) return;
    const hot = ref.current?.hotInstance;
    const edits = changes.flatMap(([row, col, before, after]) => {
      const r = latest.current.rows[row];
      const field = FIELDS[Number(col) - FIRST];
      if (!r || !field || String(before ?? '') === String(after ?? '')) return [];
      const text = String(after ?? '').trim();
      return [{ id: r.id, field, value: text === '' ? null : Number(text) }];
    });
    if (!edits.length) return;
    latest.current.onEdit(edits);
    // The row's International and Total as typed (the server recomputes them on save).
    for (const row of new Set(changes.map(([r]) => r))) {
      const cells = hot?.getDataAtRow(row) ?? [];
      const totals = volumeTotals(Object.fromEntries(FIELDS.map((f, i) => [f, cells[FIRST + i]])));
      hot?.setDataAtCell([[row, FIRST + FIELDS.length, totals.IntnlVolume], [row, FIRST + FIELDS.length + 1, totals.TotalVolume]], 'totals');
    }
  };

  const height = Math.min(Math.max(rows.length, 3) * 30 + 36, 420);
  return (
    <div className="data-grid__table data-grid__table--editable volume-grid" style={{ height }} data-testid="carryover-volumes" aria-label="Carryover volumes">
      <HotTable
        {...LIST_GRID_PROPS}
        ref={ref}
        data={data}
        columns={columns}
        colHeaders={['Stock Number', 'Colorway', ...FIELDS.map((f) => TITLES[f]), 'International', 'Total']}
        colWidths={[110, 220, ...FIELDS.map(() => 90), 100, 100]}
        fixedColumnsStart={2}
        fillHandle={{ direction: 'vertical', autoInsertRow: false }}
        beforeKeyDown={beforeKeyDown as never}
        beforeChange={beforeChange as never}
        afterChange={afterChange as never}
        afterBeginEditing={afterBeginEditing as never}
      />
    </div>
  );
}
