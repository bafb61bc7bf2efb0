/** The colorways a pattern document is associated with (DOC-001, DOC-014 AssociatedPrototypes / SavePrototypeAssociations). */
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';
import { associatedPrototypesKey, savePrototypeAssociations, serverMessage, type AssociatedPrototype, type DocumentRow } from './document-api';

interface Props {
  doc: DocumentRow;
  onClose: () => void;
  onSaved: () => void;
}

export function DocumentColorwaysDialog({ doc, onClose, onSaved }: Props) {
  const colorways = useSWR<AssociatedPrototype[]>(associatedPrototypesKey(doc.DocumentId), (url: string) =>
    apiFetch<AssociatedPrototype[]>(url, { handleAuthErrors: false }),
  );
  const [chosen, setChosen] = useState<Set<number> | null>(null);
  const selected = chosen ?? new Set((colorways.data ?? []).filter((c) => c.IsAssociated).map((c) => c.PrototypeSeasonalId));
  const [saving, setSaving] = useState(false);

  const toggle = (id: number) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setChosen(next);
  };
  const save = async () => {
    setSaving(true);
    try {
      const answer = await savePrototypeAssociations(doc.DocumentId, [...selected]);
      toast.success(answer.Message);
      onSaved();
      onClose();
    } catch (e) {
      toast.error(serverMessage(e) ?? 'The colorways could not be saved.');
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={`Colorways of ${doc.DisplayFileName}`}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={saving || !colorways.data} onClick={() => void save()}>
            Save
          </button>
        </>
      }
    >
      {colorways.error && (
        <div className="alert alert--error" role="alert">
          {serverMessage(colorways.error) ?? 'The colorways could not be loaded.'}
        </div>
      )}
      {colorways.data && !colorways.data.length && <p>This pattern season has no colorways.</p>}
      <ul className="document-colorways">
        {(colorways.data ?? []).map((c) => (
          <li key={c.PrototypeSeasonalId}>
            <label>
              <input type="checkbox" checked={selected.has(c.PrototypeSeasonalId)} onChange={() => toggle(c.PrototypeSeasonalId)} /> {c.PrototypeName}
              {c.StockNum ? ` (${c.StockNum})` : ''}
            </label>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
