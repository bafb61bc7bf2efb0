/** Choosing and ordering the dashboard's widgets (PREF-002): saved with UpdateDashboardPreferences. */
import { useState } from 'react';
import { errorText } from '../../../api/error-text';
import { Modal } from '../../../shell/Modal';
import { toast } from '../../../shell/toast-store';
import { postJson } from '../common/api';
import type { Widget } from './Widgets';

export function CustomizeDialog({ available, chosen, onClose }: { available: Widget[]; chosen: number[]; onClose: (saved?: number[]) => void }) {
  const [ids, setIds] = useState(chosen);
  const [busy, setBusy] = useState(false);
  const move = (i: number, d: number) =>
    setIds((xs) => {
      const n = [...xs];
      [n[i], n[i + d]] = [n[i + d], n[i]];
      return n;
    });
  const name = (id: number) => available.find((w) => w.WidgetId === id)?.WidgetName ?? `#${id}`;
  const save = async () => {
    setBusy(true);
    try {
      await postJson('/api/UserPreference/UpdateDashboardPreferences', { Widgets: ids });
      onClose(ids);
    } catch (x) {
      toast.error(errorText(x, 'The dashboard was not saved.'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      title="Customize dashboard"
      onCancel={() => onClose()}
      actions={
        <>
          <button type="button" className="btn" onClick={() => onClose()}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void save()} data-autofocus>
            Save
          </button>
        </>
      }
    >
      <h3 className="section-title">Shown, in this order</h3>
      <table className="table table--dense">
        <tbody>
          {ids.map((id, i) => (
            <tr key={id}>
              <td>{name(id)}</td>
              <td className="num" style={{ whiteSpace: 'nowrap' }}>
                <button type="button" className="btn btn--small btn--ghost" disabled={i === 0} aria-label={`Move ${name(id)} up`} onClick={() => move(i, -1)}>
                  ↑
                </button>
                <button
                  type="button"
                  className="btn btn--small btn--ghost"
                  disabled={i === ids.length - 1}
                  aria-label={`Move ${name(id)} down`}
                  onClick={() => move(i, 1)}
                >
                  ↓
                </button>
                <button type="button" className="btn btn--small btn--ghost" onClick={() => setIds(ids.filter((x) => x !== id))}>
                  Remove
                </button>
              </td>
            </tr>
          ))}
          {!ids.length && (
            <tr>
              <td className="muted">No widgets.</td>
            </tr>
          )}
        </tbody>
      </table>
      <h3 className="section-title">Available</h3>
      <div className="check-list" style={{ gridTemplateColumns: '1fr' }}>
        {available
          .filter((w) => !ids.includes(w.WidgetId))
          .map((w) => (
            <label key={w.WidgetId} title={w.Description}>
              <input type="checkbox" checked={false} onChange={() => setIds([...ids, w.WidgetId])} /> {w.WidgetName}
            </label>
          ))}
      </div>
    </Modal>
  );
}
