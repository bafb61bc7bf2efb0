/**
 * The size range editor (CW-068) in its three modes:
 * - prototype: a colorway's rows (add, edit, delete with confirmation, 'Apply preset', Save through
 *   SaveSizeRanges at the colorway's RowVersion); mounted as <SizeRangePanel> on the colorway screen;
 * - preset: choosing one of the user's presets to fill the colorway's rows;
 * - manage: the user's presets (PresetManager, on /sizeRangePresets).
 * The rules show before sending (CW-069, CW-071) and the server's refusal marks the same cells.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { toast } from '../../shell/toast-store';
import { SizeRangeRows } from './SizeRangeRows';
import { PresetManager } from './PresetManager';
import { PresetPicker } from './PresetPicker';
import { checkRows, draftOf, saveItems, serverCells, withPreset, type CellErrors, type Preset, type RowDraft, type SavedRow } from './size-range-drafts';
import { saveSizeRanges, sizeRangesKey, useSizeLookups } from './size-ranges-api';
import { savePanelInTurn, useRecordSaves } from '../record/record-saves';
import { useUnsavedChanges } from '../../shell/useUnsavedChanges';
import './size-ranges.css';

export interface SizeRangePanelProps {
  prototypeSeasonalId: number;
  /** The colorway's RowVersion as the screen holds it: the save goes at it (a save moves it). */
  rowVersion: number;
  canEdit: boolean;
  /** After a save, with the colorway's new RowVersion (the size range save moves it). */
  onSaved?: (rowVersion: number) => void;
}

export type SizeRangeEditorProps =
  | ({ mode: 'prototype' } & SizeRangePanelProps)
  | { mode: 'preset'; onApply: (preset: Preset) => void; onCancel: () => void }
  | { mode: 'manage' };

export function SizeRangeEditor(props: SizeRangeEditorProps) {
  if (props.mode === 'preset') return <PresetPicker onApply={props.onApply} onCancel={props.onCancel} />;
  if (props.mode === 'manage') return <PresetManager />;
  return <ColorwaySizeRanges {...props} />;
}

/** The colorway screen's panel: the prototype mode of the editor. */
export function SizeRangePanel(props: SizeRangePanelProps) {
  return <SizeRangeEditor mode="prototype" {...props} />;
}

function ColorwaySizeRanges({ prototypeSeasonalId, rowVersion, canEdit, onSaved }: SizeRangePanelProps) {
  const { data, mutate } = useSWR<SavedRow[]>(sizeRangesKey(prototypeSeasonalId));
  const { regions, widths } = useSizeLookups();
  const [rows, setRows] = useState<RowDraft[]>([]);
  const [cells, setCells] = useState<CellErrors>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [edited, setEdited] = useState(false);
  // SHELL-021: leaving the colorway with the size ranges edited and not saved asks first.
  useUnsavedChanges(canEdit && edited && !busy, `size-ranges:${prototypeSeasonalId}`);

  useEffect(() => {
    setRows((data ?? []).map(draftOf));
    setEdited(false);
  }, [data]);
  const edit = (next: RowDraft[]) => {
    setRows(next);
    setEdited(true);
    setCells(new Map());
    setMessage(null);
  };
  // After the screen's earlier saves of the colorway answered, at the version they gave (record-saves.ts).
  const saves = useRecordSaves();

  const refuse = (text: string, marked: CellErrors) => {
    setCells(marked);
    setMessage(text);
    toast.error(text);
  };
  const save = async () => {
    const check = checkRows(rows);
    if (check.message) {
      refuse(check.message, check.cells);
      return;
    }
    setBusy(true);
    const answer = await savePanelInTurn(saves, (v) => saveSizeRanges(prototypeSeasonalId, v, saveItems(data ?? [], rows)), rowVersion).finally(() =>
      setBusy(false),
    );
    if (!answer.ok) {
      if (answer.conflict) {
        setConflict(answer.Message);
        toast.error(answer.Message);
        return;
      }
      refuse(answer.Message, serverCells(answer.Errors, rows));
      return;
    }
    setCells(new Map());
    setMessage(null);
    setConflict(null);
    await mutate(answer.SizeRanges, { revalidate: false });
    setEdited(false);
    toast.success('Record Saved Successfully.');
    onSaved?.(answer.RowVersion);
  };

  const ready = data && regions && widths;
  // The editor's buttons sit in the grid's toolbar, after Add row and Remove row (which a save hides while it runs).
  const buttons = canEdit && (
    <>
      <span className="spacer" />
      <button type="button" className="btn btn--small" disabled={busy} onClick={() => setPicking(true)}>
        Apply preset
      </button>
      <button type="button" className="btn btn--small btn--primary" disabled={busy} aria-busy={busy || undefined} onClick={() => void save()}>
        {busy ? 'Saving…' : 'Save size ranges'}
      </button>
    </>
  );
  return (
    <section className="card size-ranges" aria-label="Size Ranges" data-testid="size-ranges">
      <h3 className="card__title">Size Ranges</h3>
      {conflict && (
        <div className="alert alert--warning" role="alert">
          {conflict}
        </div>
      )}
      {message && (
        <div className="alert alert--error" role="alert">
          {message}
        </div>
      )}
      {!ready ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : (
        // While a save runs (or waits its turn) the rows hold still: its answer replaces them.
        <SizeRangeRows rows={rows} onChange={edit} regions={regions} widths={widths} cells={cells} readOnly={!canEdit || busy} toolbar={buttons} />
      )}
      {picking && (
        <SizeRangeEditor
          mode="preset"
          onCancel={() => setPicking(false)}
          onApply={(p) => {
            edit(withPreset(rows, p));
            setPicking(false);
          }}
        />
      )}
    </section>
  );
}
