/**
 * RelinkDialog: moves a record under another parent (brief → line plan BRIEF-019, pattern →
 * brief PAT-019, colorway → pattern CW-055/056). It loads the targets the server allows, offers
 * them as a radio list, posts the relink for the chosen one and toasts the server's answer. The
 * server decides again; a record it will not relink shows its reason and no Relink button.
 *
 * @example
 * <RelinkDialog title="Relink to another Line Plan" listUrl={`/api/Brief/RelinkList?BriefSeasonalId=${id}`}
 *   items={{ key: 'LinePlanId', name: 'LinePlanName' }} relinkUrl="/api/Brief/RelinkBrief"
 *   relinkBody={(LinePlanId) => ({ BriefId: id, LinePlanId })} emptyText="No available line plans were found."
 *   onDone={reload} onCancel={close} />
 */
import { useId, useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';
import { relinkFailure, relinkOffer, type RelinkItems } from './relink';

export interface RelinkDialogProps {
  title: string;
  /** The GET call answering the targets. */
  listUrl: string;
  /** How to read its answer. */
  items: RelinkItems;
  /** The POST call of the relink, and its body for the chosen target's key. */
  relinkUrl: string;
  relinkBody: (key: number) => Record<string, unknown>;
  /** A line above the targets (e.g. the current parent). */
  current?: string;
  /** Shown when the record may be relinked but no target is there. */
  emptyText: string;
  /** The toast of a refused relink; by default 'Re-link failed.' plus the server's reason. */
  failure?: (error: unknown) => string;
  onDone: () => void;
  onCancel: () => void;
}

const defaultFailure = (error: unknown) => relinkFailure(errorText(error, ''));

export function RelinkDialog({
  title,
  listUrl,
  items,
  relinkUrl,
  relinkBody,
  current,
  emptyText,
  failure = defaultFailure,
  onDone,
  onCancel,
}: RelinkDialogProps) {
  const name = useId();
  const { data } = useSWR<unknown>(listUrl);
  const [target, setTarget] = useState<number | null>(null);
  const offer = data === undefined ? null : relinkOffer(data, items);
  const relink = async () => {
    if (target === null) return;
    try {
      const answer = await apiFetch<{ Message: string }>(relinkUrl, { method: 'POST', json: relinkBody(target) });
      toast.success(answer.Message);
      onDone();
    } catch (e) {
      toast.error(failure(e));
    }
  };
  return (
    <Modal
      title={title}
      onCancel={onCancel}
      actions={
        <>
          <button type="button" className="btn" onClick={onCancel}>
            Cancel
          </button>
          {offer?.canRelink && (
            <button type="button" className="btn btn--primary" disabled={target === null} onClick={() => void relink()}>
              Relink
            </button>
          )}
        </>
      }
    >
      {current && <p>{current}</p>}
      {!offer && <span className="spinner" role="status" aria-label="Loading" />}
      {offer && !offer.canRelink && <p className="alert alert--warning">{offer.message}</p>}
      {offer?.canRelink && !offer.choices.length && <p className="field__hint">{emptyText}</p>}
      {!!offer?.choices.length && (
        <div role="radiogroup" aria-label={title}>
          {offer.choices.map((c) => (
            <label key={c.key} className="field field--check">
              <input type="radio" name={name} checked={target === c.key} onChange={() => setTarget(c.key)} />
              {c.label}
            </label>
          ))}
        </div>
      )}
    </Modal>
  );
}
