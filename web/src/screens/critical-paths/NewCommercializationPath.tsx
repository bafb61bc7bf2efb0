/**
 * CP-042/044: a new commercialization critical path of the pattern at a factory (search-help
 * Factories), named "<pattern> @ <factory>" unless the user names it; the server adds the default
 * processes (DECISIONS CP-043) and the screen opens it. Refusals show the server's messages.
 */
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../../api/http';
import { LookupDialog } from '../../components/lookup/LookupDialog';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';

interface Props {
  patternId: number;
  patternName: string;
  onClose: () => void;
}

export function NewCommercializationPath({ patternId, patternName, onClose }: Props) {
  const navigate = useNavigate();
  const [factory, setFactory] = useState<{ key: string; name: string }>({ key: '', name: '' });
  const [name, setName] = useState('');
  const [lookup, setLookup] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<string[]>([]);
  const shownName = name || (factory.key ? `${patternName} @ ${factory.key}` : '');

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!factory.key.trim()) return setErrors(['Choose the factory.']);
    setBusy(true);
    try {
      const out = await apiFetch<{ Data: { Header: { CriticalPathCommercializationId: number } }; Warning?: string | null }>(
        '/api/CriticalPath/CreateCriticalPathCommercialization',
        {
          json: { PatternId: patternId, FactoryKey: factory.key.trim(), CriticalPathName: shownName.trim() },
        },
      );
      toast.success('Record Saved Successfully.');
      if (out.Warning) toast.warning(out.Warning);
      navigate(`/criticalPathCommercializationEdit/${out.Data.Header.CriticalPathCommercializationId}`);
    } catch (err) {
      const body = err instanceof ApiError ? (err.body as { Message?: string; Errors?: { Message: string }[] } | null) : null;
      setErrors([body?.Message ?? 'The critical path could not be created.', ...(body?.Errors ?? []).map((x) => x.Message)]);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={`New commercialization critical path: ${patternName}`}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="submit" form="cp-new-comm" className="btn btn--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create'}
          </button>
        </>
      }
    >
      <form id="cp-new-comm" onSubmit={submit} className="cp-new-comm">
        {errors.length > 0 && (
          <div className="alert alert--error" role="alert">
            {errors.map((m, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: one refusal's messages, replaced as a whole (the server may repeat one)
              <div key={i}>{m}</div>
            ))}
          </div>
        )}
        <label className="field">
          <span className="field__label">Factory *</span>
          <span className="cp-orders__factory">
            <input
              className="input"
              data-autofocus
              value={factory.key}
              maxLength={20}
              aria-label="Factory key"
              onChange={(e) => setFactory({ key: e.target.value.toUpperCase(), name: '' })}
            />
            <button type="button" className="btn btn--small" aria-label="Find a factory" onClick={() => setLookup(true)}>
              …
            </button>
            <span className="muted">{factory.name}</span>
          </span>
        </label>
        <label className="field">
          <span className="field__label">Name</span>
          <input className="input" value={shownName} maxLength={200} onChange={(e) => setName(e.target.value)} />
        </label>
      </form>
      {lookup && (
        <LookupDialog
          lookup="Factories"
          onClose={() => setLookup(false)}
          onPick={(f) => {
            setFactory({ key: String(f.FactoryKey ?? ''), name: String(f.FactoryName ?? '') });
            setLookup(false);
          }}
        />
      )}
    </Modal>
  );
}
