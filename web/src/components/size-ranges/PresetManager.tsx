/**
 * The manage-presets mode of the size range editor (CW-068, CW-070, CW-072, CW-073): the user's
 * presets, each with its name and rows; add a preset, rename it, edit its rows, delete it (asks
 * first, deleted at once on the server); Save sends the new and changed presets together.
 */
import { useEffect, useState } from 'react';
import useSWR from 'swr';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import { SizeRangeRows } from './SizeRangeRows';
import {
  blankPreset,
  changedPresets,
  checkPresets,
  presetBody,
  serverPresetCells,
  withFreshPresets,
  withPresetChange,
  type CellErrors,
  type Preset,
  type PresetDraft,
} from './size-range-drafts';
import { deletePreset, PRESETS, savePresets, useSizeLookups } from './size-ranges-api';

export function PresetManager() {
  const { data, mutate } = useSWR<Preset[]>(PRESETS);
  const { regions, widths } = useSizeLookups();
  const [presets, setPresets] = useState<PresetDraft[]>([]);
  const [cells, setCells] = useState<CellErrors>(new Map());
  const [message, setMessage] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<PresetDraft | null>(null);
  const [busy, setBusy] = useState(false);

  // Presets read again keep what the user changed and has not saved (a delete or a save reads them again).
  useEffect(() => {
    setPresets((drafts) => withFreshPresets(drafts, data ?? []));
  }, [data]);
  const edit = (next: PresetDraft[]) => {
    setPresets(next);
    setCells(new Map());
    setMessage(null);
  };
  const change = (k: number, c: Partial<PresetDraft>) => edit(withPresetChange(presets, k, c));
  const refuse = (text: string, marked: CellErrors) => {
    setCells(marked);
    setMessage(text);
    toast.error(text);
  };

  const save = async () => {
    const check = checkPresets(presets);
    if (check.message) {
      refuse(check.message, check.cells);
      return;
    }
    const sent = changedPresets(presets);
    if (!sent.length) return;
    setBusy(true);
    const answer = await savePresets(presetBody(sent)).finally(() => setBusy(false));
    if (!answer.ok) {
      refuse(answer.Message, serverPresetCells(answer.Errors, sent));
      return;
    }
    setCells(new Map());
    setMessage(null);
    // The presets sent are stored now; the others keep their edits.
    setPresets((drafts) => withFreshPresets(drafts, answer.Data, new Set(sent)));
    await mutate(answer.Data, { revalidate: false });
    toast.success(answer.Message);
  };

  const remove = async (p: PresetDraft) => {
    setDeleting(null);
    if (!p.SizeRangePresetId) {
      edit(presets.filter((x) => x.k !== p.k));
      return;
    }
    const answer = await deletePreset(p.SizeRangePresetId);
    if (!answer.ok) {
      toast.error(answer.Message);
      return;
    }
    // Other presets keep their unsaved edits, also those typed while the delete ran (the list as it is now, not as
    // it was when Delete was confirmed; the read below merges, withFreshPresets).
    setPresets((now) => now.filter((x) => x.k !== p.k));
    setCells(new Map());
    setMessage(null);
    await mutate((all) => all?.filter((x) => x.SizeRangePresetId !== p.SizeRangePresetId), { revalidate: false });
    toast.success('Preset deleted.');
  };

  const ready = data && regions && widths;
  const dirty = presets.some((p) => p.dirty);
  return (
    <section className="size-ranges" aria-label="Size Range Presets" data-testid="size-range-presets">
      <div className="toolbar size-ranges__toolbar">
        <button type="button" className="btn" disabled={!ready} onClick={() => edit([...presets, blankPreset()])}>
          Add preset
        </button>
        <span className="spacer" />
        <button type="button" className="btn btn--primary" disabled={!ready || !dirty || busy} onClick={() => void save()}>
          Save
        </button>
      </div>
      {message && (
        <div className="alert alert--error" role="alert">
          {message}
        </div>
      )}
      {!ready ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : presets.length === 0 ? (
        <p className="muted">No presets yet.</p>
      ) : (
        presets.map((p, i) => {
          const label = `Preset ${i + 1}`;
          const nameProblem = cells.get(`${p.k}/PresetName`);
          const rowsProblem = cells.get(`${p.k}/rows`);
          return (
            <div key={p.k} className="card size-ranges__preset" data-testid="size-range-preset">
              <div className="size-ranges__preset-name">
                <label className="field">
                  <span className="field__label">Preset name</span>
                  <input
                    type="text"
                    maxLength={100}
                    aria-label={`${label} name`}
                    aria-invalid={!!nameProblem || undefined}
                    value={p.PresetName}
                    // The save's answer replaces the presets: a name typed while it runs would be lost.
                    readOnly={busy}
                    onChange={(e) => change(p.k, { PresetName: e.target.value })}
                  />
                  {nameProblem && <span className="field__error">{nameProblem}</span>}
                </label>
                <span className="spacer" />
                <button type="button" className="btn btn--small btn--ghost" aria-label={`Delete ${label}`} disabled={busy} onClick={() => setDeleting(p)}>
                  Delete preset
                </button>
              </div>
              {rowsProblem && (
                <div className="field__error" role="alert">
                  {rowsProblem}
                </div>
              )}
              <SizeRangeRows
                gridId="size-range-presets"
                rows={p.rows}
                onChange={(rows) => change(p.k, { rows })}
                regions={regions}
                widths={widths}
                cells={cells}
                cellPrefix={`${p.k}/`}
                label={label}
                // The save's answer replaces the presets: the rows hold still while it runs.
                readOnly={busy}
              />
            </div>
          );
        })
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete preset"
          message={`Are you sure you want to delete the preset ${deleting.PresetName || 'without a name'}?`}
          confirmLabel="Delete"
          danger
          onCancel={() => setDeleting(null)}
          onConfirm={() => void remove(deleting)}
        />
      )}
    </section>
  );
}
