/** The preset mode of the size range editor (CW-068): pick one of the user's presets to fill a colorway's rows. */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { Modal } from '../../shell/Modal';
import type { Preset } from './size-range-drafts';
import { PRESETS } from './size-ranges-api';

export function PresetPicker({ onApply, onCancel }: { onApply: (preset: Preset) => void; onCancel: () => void }) {
  const { data } = useSWR<Preset[]>(PRESETS);
  const [chosen, setChosen] = useState<number | null>(null);
  const preset = data?.find((p) => p.SizeRangePresetId === chosen);
  return (
    <Modal
      title="Apply size range preset"
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={!preset} onClick={() => preset && onApply(preset)}>
            Apply
          </button>
        </>
      }
    >
      {!data ? (
        <span className="spinner" role="status" aria-label="Loading" />
      ) : data.length === 0 ? (
        <p>
          You have no size range presets yet. <Link to="/sizeRangePresets">Manage presets</Link>
        </p>
      ) : (
        <>
          <label className="field">
            <span className="field__label">Preset</span>
            <select value={chosen ?? ''} onChange={(e) => setChosen(e.target.value ? Number(e.target.value) : null)} data-autofocus>
              <option value="">Select…</option>
              {data.map((p) => (
                <option key={p.SizeRangePresetId} value={p.SizeRangePresetId}>
                  {p.PresetName}
                </option>
              ))}
            </select>
          </label>
          {preset && (
            <ul className="size-ranges__preset-rows">
              {preset.SizeRanges.map((r) => (
                <li key={`${r.RegionId}/${r.WidthId}`}>
                  {r.RegionName} {r.WidthName}: {r.SizeRange}
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </Modal>
  );
}
