/**
 * Header actions of the colorway screen (CW-010): list, copy (/prototypeCopy), delete (CW-059),
 * relink to another pattern (CW-055/056), factory transfer (CW-024/057) and dual source
 * (CW-025/058), shift season (CARRY-018/019). Transfer, dual source and shift are never shown to factory users. Transfer Checklist
 * (TC-001/004) opens the checklist of the last factory transfer, or from the transfer dialog the one
 * of the chosen factory.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { levelOf, searchPathOf } from '../../components/record/hierarchy';
import { RelinkDialog } from '../../components/record/RelinkDialog';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';
import { MESSAGES, offeredActions } from './colorway-actions';
import { SeasonShiftDialog } from '../carryover/SeasonShiftDialog';

interface Factory {
  FactoryKey: string;
  FactoryName: string;
  CountryCode: string;
  FactoryGroupKey: string;
  FactoryGroupName: string;
}
const SEARCH = searchPathOf(levelOf('colorway')!);
type Dialog = 'relink' | 'transfer' | 'dualSource' | 'shiftSeason' | null;
const RELINK_ITEMS = { list: 'Patterns', key: 'PatternId', name: 'PatternName' };

/** Factory transfer and dual source: choose the new factory; transfer also asks for tariff mitigation and copying buy ready. */
function FactoryDialog({
  kind,
  record,
  onDone,
  onClose,
}: {
  kind: 'transfer' | 'dualSource';
  record: RecordData;
  onDone: (id: number) => void;
  onClose: () => void;
}) {
  const [key, setKey] = useState('');
  const [mitigation, setMitigation] = useState(false);
  const [copyBuyReady, setCopyBuyReady] = useState(false);
  const userId = useSessionStore((s) => s.session?.userId);
  const navigate = useNavigate();
  const { data } = useSWR<{ Results: Factory[] }>(['colorway-factories'], () =>
    apiFetch('/api/SearchHelp/SearchFactories', { method: 'POST', json: { pageNumber: 1, pageSize: 999 } }),
  );
  const factories = (data?.Results ?? []).filter((f) => f.FactoryKey !== record.FactNameKy);
  const title = kind === 'transfer' ? 'Factory Transfer' : 'Dual Source';
  const run = async () => {
    const f = factories.find((x) => x.FactoryKey === key)!;
    const json = {
      PrototypeSeasonalId: record.PrototypeSeasonalId,
      FactoryKey: f.FactoryKey,
      CountryKey: f.CountryCode,
      FactoryName: f.FactoryName,
      FactoryGroupKey: f.FactoryGroupKey,
      FactoryGroupName: f.FactoryGroupName,
      IsTariffMitigation: mitigation,
      CopyBuyReady: copyBuyReady,
      ...(kind === 'dualSource' && Number(userId) > 0 ? { UserId: Number(userId) } : {}),
    };
    try {
      if (kind === 'transfer') {
        const answer = await apiFetch<{ TransferChecklistId?: number }>('/api/Prototype/FactoryTransferUpdate', { method: 'POST', json });
        // TC-004: the move's transfer checklist (created with the tariff-mitigation flag) is one click away.
        toast.success(
          MESSAGES.transferred,
          undefined,
          answer.TransferChecklistId ? { to: `/transferChecklist/${answer.TransferChecklistId}`, label: 'Open the transfer checklist' } : undefined,
        );
        onDone(record.PrototypeSeasonalId as number);
      } else {
        const answer = await apiFetch<{ Data: { PrototypeSeasonalId: number } }>('/api/Prototype/DualSourceUpdate', { method: 'POST', json });
        toast.success(MESSAGES.dualSourced);
        onDone(answer.Data.PrototypeSeasonalId);
      }
    } catch (e) {
      toast.error(errorText(e, 'There was an error while saving the record. Please contact system administrator'));
    }
  };
  return (
    <Modal
      title={title}
      onCancel={onClose}
      actions={
        <>
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          {/* TC-001/004: the checklist of this colorway and factory pair (found or created) before the move. */}
          {kind === 'transfer' && (
            <button
              type="button"
              className="btn"
              disabled={!key || !record.FactNameKy}
              onClick={() =>
                void navigate(
                  `/transferChecklist?${new URLSearchParams({ prototypeId: String(record.PrototypeId), fromFactoryKey: String(record.FactNameKy), toFactoryKey: key })}`,
                )
              }
            >
              Transfer Checklist
            </button>
          )}
          <button type="button" className="btn btn--primary" disabled={!key} onClick={() => void run()}>
            {title}
          </button>
        </>
      }
    >
      <div className="field">
        <label htmlFor="colorway-new-factory">{kind === 'transfer' ? 'Transfer to factory' : 'Dual source factory'}</label>
        <select id="colorway-new-factory" value={key} onChange={(e) => setKey(e.target.value)}>
          <option value="">Select…</option>
          {factories.map((f) => (
            <option key={f.FactoryKey} value={f.FactoryKey}>
              {f.FactoryKey} {f.FactoryName}
            </option>
          ))}
        </select>
      </div>
      <label className="field--inline">
        <input type="checkbox" checked={mitigation} onChange={(e) => setMitigation(e.target.checked)} /> Tariff mitigation transfer
      </label>
      {kind === 'transfer' && (
        <label className="field--inline">
          <input type="checkbox" checked={copyBuyReady} onChange={(e) => setCopyBuyReady(e.target.checked)} /> Copy buy ready
        </label>
      )}
    </Modal>
  );
}

export function ColorwayActions({ record, reload }: { record: RecordData; reload: () => void }) {
  const navigate = useNavigate();
  const id = record.PrototypeSeasonalId as number;
  const isFactoryUser = useSessionStore((s) => !!s.session?.isFactoryUser);
  const rights = { create: useCan('colorway', 'create'), edit: useCan('colorway', 'edit'), delete: useCan('colorway', 'delete') };
  const offered = offeredActions(record.StatusId, { isFactoryUser, can: (a) => rights[a] });
  // CW-010 / CARRY-018: Shift Season with the carryover permission (PERM-015); never for factory users.
  const canShift = useCan('carryover', 'edit') && !isFactoryUser;
  const [dialog, setDialog] = useState<Dialog>(null);
  const toggle = (d: Dialog) => setDialog((open) => (open === d ? null : d));

  const [confirming, setConfirming] = useState(false);
  const remove = async () => {
    setConfirming(false);
    try {
      await apiFetch('/api/Prototype/DeletePrototypeSeasonal', { method: 'POST', json: { PrototypeSeasonalId: id } });
      toast.success(MESSAGES.deleted);
      void navigate(SEARCH);
    } catch (e) {
      toast.error(errorText(e, MESSAGES.deleteFailed));
    }
  };
  const done = (target: number) => {
    setDialog(null);
    if (target === id) reload();
    else void navigate(`/colorway/${target}`);
  };
  return (
    <>
      <button type="button" className="btn" onClick={() => void navigate(SEARCH)}>
        List
      </button>
      {offered.copy && (
        <button type="button" className="btn" onClick={() => void navigate(`/prototypeCopy/${id}`)}>
          Copy
        </button>
      )}
      {offered.relink && (
        <button type="button" className="btn" onClick={() => toggle('relink')}>
          Relink Pattern
        </button>
      )}
      {offered.transfer && (
        <button type="button" className="btn" onClick={() => toggle('transfer')}>
          Factory Transfer
        </button>
      )}
      {offered.dualSource && (
        <button type="button" className="btn" onClick={() => toggle('dualSource')}>
          Dual Source
        </button>
      )}
      {canShift && (
        <button type="button" className="btn" onClick={() => toggle('shiftSeason')}>
          Shift Season
        </button>
      )}
      {!isFactoryUser && !!record.TransferFactoryKy && !!record.FactNameKy && (
        <button
          type="button"
          className="btn"
          onClick={() =>
            void navigate(
              `/transferChecklist?${new URLSearchParams({
                prototypeId: String(record.PrototypeId),
                fromFactoryKey: String(record.TransferFactoryKy),
                toFactoryKey: String(record.FactNameKy),
              })}`,
            )
          }
        >
          Transfer Checklist
        </button>
      )}
      {offered.delete && (
        <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
          Delete
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete Colorway"
          message={`Delete the colorway ${String(record.PrototypeName)}?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
      {/* CW-055/056: a pattern in status 2 or 3 of the colorway's brand and season. */}
      {dialog === 'relink' && (
        <RelinkDialog
          title="Relink to another Pattern"
          listUrl={`/api/Prototype/GetRelinkList?PrototypeSeasonalId=${id}`}
          items={RELINK_ITEMS}
          relinkUrl="/api/Prototype/RelinkPrototype"
          relinkBody={(NewPatternId) => ({ PrototypeSeasonalId: id, NewPatternId, OldPatternId: record.PatternId })}
          emptyText="No other released patterns in this season."
          onDone={() => done(id)}
          onCancel={() => setDialog(null)}
        />
      )}
      {dialog === 'shiftSeason' && (
        <SeasonShiftDialog
          move="shiftColorway"
          id={id}
          brandId={record.BrandId as number}
          seasonId={record.SeasonId as number}
          onDone={() => done(id)}
          onClose={() => setDialog(null)}
        />
      )}
      {(dialog === 'transfer' || dialog === 'dualSource') && <FactoryDialog kind={dialog} record={record} onDone={done} onClose={() => setDialog(null)} />}
    </>
  );
}
