/**
 * The rows of a size range set (a colorway's or a preset's): region and width as selects, the size
 * range as text, a red cell with its message for each problem (CW-071), delete with confirmation
 * (CW-072). Stateless: the caller owns the drafts.
 */
import { useState, type ReactNode } from 'react';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { withRow, withoutRow, type CellErrors, type RowDraft } from './size-range-drafts';
import type { Region, Width } from './size-ranges-api';

interface Props {
  rows: readonly RowDraft[];
  onChange: (rows: RowDraft[]) => void;
  regions: readonly Region[];
  widths: readonly Width[];
  cells: CellErrors;
  readOnly: boolean;
  /** Labels the cells ('Region row 1', or 'Mens Region row 1' in a preset). */
  label?: string;
  /** Key prefix of this set's cells in `cells` (a preset's `${k}/`). */
  cellPrefix?: string;
}

export function SizeRangeRows({ rows, onChange, regions, widths, cells, readOnly, label = '', cellPrefix = '' }: Props) {
  const [confirming, setConfirming] = useState<RowDraft | null>(null);
  const name = (title: string, i: number) => `${label ? `${label} ` : ''}${title} row ${i + 1}`;
  const problem = (r: RowDraft, field: string) => cells.get(`${cellPrefix}${r.k}/${field}`);
  const cell = (r: RowDraft, field: string, control: (invalid: boolean) => ReactNode) => {
    const message = problem(r, field);
    return (
      <td>
        {control(!!message)}
        {message && <span className="field__error">{message}</span>}
      </td>
    );
  };
  const select = (r: RowDraft, i: number, field: 'RegionId' | 'WidthId', title: string, options: { id: number; name: string }[]) =>
    cell(r, field, (invalid) => (
      <select
        aria-label={name(title, i)}
        aria-invalid={invalid || undefined}
        disabled={readOnly}
        value={r[field] ?? ''}
        onChange={(e) => onChange(withRow(rows, r.k, { [field]: e.target.value ? Number(e.target.value) : null }))}
      >
        <option value="">Select…</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    ));

  return (
    <>
      <table className="table table--dense">
        <thead>
          <tr>
            <th>Region</th>
            <th>Width</th>
            <th>Size Range</th>
            {!readOnly && <th aria-label="Delete" />}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 && (
            <tr>
              <td colSpan={4} className="muted">
                No size ranges.
              </td>
            </tr>
          )}
          {rows.map((r, i) => (
            <tr key={r.k}>
              {select(
                r,
                i,
                'RegionId',
                'Region',
                regions.map((x) => ({ id: x.RegionId, name: x.RegionName })),
              )}
              {select(
                r,
                i,
                'WidthId',
                'Width',
                widths.map((x) => ({ id: x.WidthId, name: x.WidthName })),
              )}
              {cell(r, 'SizeRange', (invalid) => (
                <input
                  type="text"
                  maxLength={50}
                  aria-label={name('Size Range', i)}
                  aria-invalid={invalid || undefined}
                  disabled={readOnly}
                  value={r.SizeRange}
                  onChange={(e) => onChange(withRow(rows, r.k, { SizeRange: e.target.value }))}
                />
              ))}
              {!readOnly && (
                <td>
                  <button type="button" className="btn btn--small btn--ghost" aria-label={`Delete ${name('size range', i)}`} onClick={() => setConfirming(r)}>
                    Delete
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {confirming && (
        <ConfirmDialog
          title="Delete size range"
          message="Are you sure you want to delete this size range?"
          confirmLabel="Delete"
          danger
          onCancel={() => setConfirming(null)}
          onConfirm={() => {
            onChange(withoutRow(rows, confirming.k));
            setConfirming(null);
          }}
        />
      )}
    </>
  );
}
