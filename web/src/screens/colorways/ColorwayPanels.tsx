/**
 * The panels of the colorway accordion (CW-009) that are more than fields: the spec log with the
 * ECN (CW-052..054) and the colorway's place in the hierarchy (its pattern, brief and line plan).
 * The image and size range panels are shared components mounted by ColorwayScreen.
 */
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { apiFetch } from '../../api/http';
import { canEcn } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { SpecLogPanel } from '../../components/record/SpecLogPanel';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { EcnDialog } from './EcnDialog';

/** CW-054: the spec log of the colorway's project (this season only, or every season), with the ECN button. */
export function ColorwaySpecLog({ record, canEdit }: { record: RecordData; canEdit: boolean }) {
  const id = Number(record.PrototypeSeasonalId);
  const ecn = canEcn(useSessionStore((s) => s.session?.userPermissions)) && !record.IsDeleted;
  const [sameSeason, setSameSeason] = useState(true);
  const [ecnOpen, setEcnOpen] = useState(false);
  return (
    <SpecLogPanel
      embedded
      canEdit={canEdit}
      entriesUrl={`/api/Prototype/GetSpecLogData?PrototypeSeasonalId=${id}&SameSeason=${sameSeason}`}
      save={(Description) => apiFetch('/api/Prototype/SaveSpecLogEntry', { method: 'POST', json: { PrototypeSeasonalId: id, Description } })}
      tools={(refresh) => (
        <div className="spec-log__tools">
          <label className="checkbox">
            <input type="checkbox" checked={sameSeason} onChange={(e) => setSameSeason(e.target.checked)} /> This season only
          </label>
          {ecn && (
            <button type="button" className="btn btn--small" onClick={() => setEcnOpen(true)}>
              Apply ECN
            </button>
          )}
          {ecnOpen && <EcnDialog prototypeSeasonalId={id} onDone={refresh} onClose={() => setEcnOpen(false)} />}
        </div>
      )}
    />
  );
}

const link = (to: string, label: unknown) => (label ? <Link to={to}>{String(label)}</Link> : <span className="field__hint">None</span>);

/** The line plan and brief above the colorway. */
export function ColorwayBriefLinks({ record }: { record: RecordData }) {
  return (
    <dl className="colorway-links" aria-label="Briefs and line plans">
      <div>
        <dt>Brief</dt>
        <dd>{link(`/brief/${String(record.BriefSeasonalId)}`, record.BriefName)}</dd>
      </div>
      <div>
        <dt>Line Plan</dt>
        <dd>{link(`/linePlan/${String(record.LinePlanId)}`, record.LinePlanName)}</dd>
      </div>
    </dl>
  );
}

/** The pattern the colorway belongs to. */
export function ColorwayPatternLink({ record }: { record: RecordData }) {
  return (
    <dl className="colorway-links" aria-label="Pattern">
      <div>
        <dt>Pattern</dt>
        <dd>{link(`/pattern/${String(record.PatternSeasonalId)}`, record.PatternName)}</dd>
      </div>
      <div>
        <dt>Gender</dt>
        <dd>{String(record.GenderName ?? '')}</dd>
      </div>
    </dl>
  );
}
