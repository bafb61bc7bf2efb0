/**
 * Adding a library entry: the type's fields; when the answer offers to extend an existing entry
 * to this brand (ADMIN-027/028), the user is asked and the call is repeated with the flag.
 */
import { useState } from 'react';
import { errorText } from '../../../api/error-text';
import { TextField } from '../../../forms/TextField';
import { Modal } from '../../../shell/Modal';
import { toast } from '../../../shell/toast-store';
import { postJson, type Answer } from '../common/api';
import { Check } from '../common/Check';
import { missing, type LibraryType } from './library-types';

/** ADMIN-036: failures show the server's Message for 10 s. */
export const FAILURE_MS = 10_000;
export const ITEM_ADDED = 'Item added successfully.';

export function AddEntryDialog({
  type,
  brandId,
  seasonId,
  onClose,
}: {
  type: LibraryType;
  brandId: number;
  seasonId: number;
  onClose: (added: boolean) => void;
}) {
  const [values, setValues] = useState<Record<string, string | boolean>>({});
  const [invalid, setInvalid] = useState<string[]>([]);
  const [offer, setOffer] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const send = async (extend: boolean) => {
    const bad = missing(type, values);
    setInvalid(bad);
    if (bad.length) return;
    if (type.brand && !brandId) {
      toast.error('Select a brand first.', FAILURE_MS);
      return;
    }
    setBusy(true);
    try {
      const req = type.request(values, brandId, seasonId);
      if (type.extendFlag) req[type.extendFlag] = extend;
      const a = await postJson<Answer<{ ExtendBrand?: boolean }>>(type.addPath, req);
      if (!a.IsSuccessful && a.Data?.ExtendBrand) {
        setOffer(a.Message);
        return;
      }
      if (!a.IsSuccessful) {
        toast.error(a.Message, FAILURE_MS);
        return;
      }
      toast.success(a.Message || ITEM_ADDED);
      onClose(true);
    } catch (x) {
      toast.error(errorText(x, 'The entry was not added.'), FAILURE_MS);
    } finally {
      setBusy(false);
    }
  };
  if (offer) {
    return (
      <Modal
        title="Extend to this brand?"
        alert
        onCancel={() => setOffer(null)}
        actions={
          <>
            <button type="button" className="btn" onClick={() => setOffer(null)}>
              No
            </button>
            <button
              type="button"
              className="btn btn--primary"
              data-autofocus
              disabled={busy}
              onClick={() => {
                setOffer(null);
                void send(true);
              }}
            >
              Extend
            </button>
          </>
        }
      >
        <p>{offer}</p>
      </Modal>
    );
  }
  return (
    <Modal
      title={`Add ${type.label}`}
      onCancel={() => onClose(false)}
      actions={
        <>
          <button type="button" className="btn" onClick={() => onClose(false)}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void send(false)}>
            Add
          </button>
        </>
      }
    >
      <form
        className="form--dense"
        onSubmit={(e) => {
          e.preventDefault();
          void send(false);
        }}
      >
        {type.addFields.map((f, i) =>
          f.kind === 'check' ? (
            <Check key={f.name} label={f.label} checked={values[f.name] !== false} onChange={(v) => setValues({ ...values, [f.name]: v })} />
          ) : (
            <TextField
              key={f.name}
              label={f.label}
              inputMode={f.kind === 'number' ? 'decimal' : undefined}
              data-autofocus={i === 0 || undefined}
              value={String(values[f.name] ?? '')}
              error={invalid.includes(f.name) ? 'Required.' : undefined}
              onChange={(e) => setValues({ ...values, [f.name]: e.target.value })}
            />
          ),
        )}
        <button type="submit" hidden />
      </form>
    </Modal>
  );
}
