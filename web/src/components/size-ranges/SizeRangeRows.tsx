/**
 * The rows of a size range set (a colorway's or a preset's) on OwnedGrid (ADR 029): Region and
 * Width pick lists of the lookups' names (a name not in the list is refused), the size range as
 * text; typing, Excel paste (rows past the last added), fill, Ctrl+D and undo come with the grid.
 * Each problem is a red cell with its message (CW-071); Remove row asks first (CW-072). Stateless:
 * the caller owns the drafts.
 */
import { useMemo, useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { OwnedGrid } from '../data-grid/OwnedGrid';
import { blankRow, rowErrors, type CellErrors, type RowDraft } from './size-range-drafts';
import type { Region, Width } from './size-ranges-api';

interface Props {
  rows: readonly RowDraft[];
  onChange: (rows: RowDraft[]) => void;
  regions: readonly Region[];
  widths: readonly Width[];
  cells: CellErrors;
  readOnly: boolean;
  /**
   * The grid document: a colorway's size ranges (`size-ranges`, the colorway's fields and rights) or
   * a preset's rows (`size-range-presets`, every signed-in user's own).
   */
  gridId?: 'size-ranges' | 'size-range-presets';
  /** Names the grid ('Preset 1' → 'Preset 1 size ranges'). */
  label?: string;
  /** Key prefix of this set's cells in `cells` (a preset's `${k}/`). */
  cellPrefix?: string;
  /** The screen's own buttons in the grid's toolbar, after Add row and Remove row. */
  toolbar?: ReactNode;
}

const ROW_HEIGHT = 30;
const HEADER_HEIGHT = 36;
/** Rows shown before the grid scrolls. */
const MOST_ROWS = 12;
/**
 * The grid's height from its rows (one line at least); an editor's grid keeps room under its last row
 * for a pick list of `choices` names (a short grid clipped them: issue 27), a read-only one none.
 */
const heightOf = (rows: number, choices: number) =>
  HEADER_HEIGHT + Math.min(Math.max(rows, 1), MOST_ROWS) * ROW_HEIGHT + (choices ? Math.min(choices, 10) * ROW_HEIGHT + 8 : 0);
const canRemove = () => true;

export function SizeRangeRows({ rows, onChange, regions, widths, cells, readOnly, gridId = 'size-ranges', label, cellPrefix = '', toolbar }: Props) {
  const [asking, setAsking] = useState<{ count: number; remove: () => void } | null>(null);
  const options = useMemo(
    () => ({
      RegionId: regions.map((r) => ({ value: r.RegionId, label: r.RegionName })),
      WidthId: widths.map((w) => ({ value: w.WidthId, label: w.WidthName })),
    }),
    [regions, widths],
  );
  const errors = useMemo(() => rowErrors(cells, cellPrefix), [cells, cellPrefix]);
  // Once the user could edit, the grid stays as it is (a save holds it read only for a moment; its undo stays with it).
  const [editor, setEditor] = useState(!readOnly);
  if (!readOnly && !editor) setEditor(true);
  // Without rows, a set nobody may edit only says so.
  const shown = editor || rows.length > 0;

  return (
    <>
      {rows.length === 0 && <p className="muted size-ranges__empty">No size ranges.</p>}
      {shown && (
        <OwnedGrid
          gridId={gridId}
          rows={rows}
          rowKey={(r) => r.k}
          onChange={onChange}
          readOnly={readOnly}
          options={options}
          errors={errors}
          newRow={blankRow}
          canRemove={canRemove}
          confirmRemove={(picked, remove) => setAsking({ count: picked.length, remove })}
          height={heightOf(rows.length, editor ? Math.max(regions.length, widths.length) : 0)}
          stretch="last"
          className="size-ranges__grid"
          testId="size-range-rows"
          label={label ? `${label} size ranges` : undefined}
          toolbar={toolbar}
        />
      )}
      {asking && (
        <ConfirmDialog
          title={asking.count > 1 ? 'Delete size ranges' : 'Delete size range'}
          message={asking.count > 1 ? `Are you sure you want to delete these ${asking.count} size ranges?` : 'Are you sure you want to delete this size range?'}
          confirmLabel="Delete"
          danger
          onCancel={() => setAsking(null)}
          onConfirm={() => {
            setAsking(null);
            asking.remove();
          }}
        />
      )}
    </>
  );
}
