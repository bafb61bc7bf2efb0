/**
 * CW-052/053: apply an ECN to the colorway — a reason picked from the ECN reasons list or typed
 * freely, optional notes; the server writes the spec log entry 'ECN Process applied for reason: …'.
 */
import { useId, useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';

interface EcnReason {
  EcnReasonId: number;
  Reason: string;
}

export function EcnDialog({ prototypeSeasonalId, onDone, onClose }: { prototypeSeasonalId: number; onDone: () => void; onClose: () => void }) {
  const { data: reasons } = useSWR<EcnReason[]>('/api/Prototype/GetEcnReasons');
  const [reason, setReason] = useState('');
  const [notes, setNotes] = useState('');
  const [sending, setSending] = useState(false);
  const listId = useId();
  const apply = async () => {
    setSending(true);
    try {
      await apiFetch('/api/Prototype/ApplyEcn', {
        method: 'POST',
        json: { PrototypeSeasonalId: prototypeSeasonalId, Reason: reason.trim(), Notes: notes.trim() || null },
      });
      toast.success('Record Saved Successfully.');
      onDone();
      onClose();
    } catch (e) {
      toast.error(errorText(e, 'The ECN was not applied.'));
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal
      title="Apply ECN"
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn--primary" disabled={!reason.trim() || sending} onClick={() => void apply()}>
            Apply ECN
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor={`${listId}-reason`}>Reason</label>
        <input
          id={`${listId}-reason`}
          list={listId}
          data-autofocus
          maxLength={500}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          placeholder="Pick a reason or type one"
          autoComplete="off"
        />
        <datalist id={listId}>
          {reasons?.map((r) => (
            <option key={r.EcnReasonId} value={r.Reason} />
          ))}
        </datalist>
      </div>
      <div className="field">
        <label htmlFor={`${listId}-notes`}>Additional comments</label>
        <textarea id={`${listId}-notes`} rows={3} maxLength={3000} value={notes} onChange={(e) => setNotes(e.target.value)} />
      </div>
    </Modal>
  );
}
