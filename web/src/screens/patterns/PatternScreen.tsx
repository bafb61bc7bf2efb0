/**
 * /pattern/{patternSeasonalId} (PAT-001..007, PAT-025..027): the pattern in the shared
 * RecordEditor (header and seasonal sections of schemas/layouts/pattern-record.layout.json,
 * volumes with the totals the server computes), with its own panels: adoption and PTA toggles,
 * images (product and outsole, DOC-020), developers and development centers, the spec log and
 * the pattern's seasons.
 * An unknown pattern (or an id that is none) shows the shared not-found state with 'Pattern Invalid: …'; a deleted one shows its message and goes to
 * Search (use-hierarchy-record).
 */
import { useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { ImagePanel } from '../../components/record/ImagePanel';
import { isReadOnlyStatus, levelOf } from '../../components/record/hierarchy';
import { RecordEditor } from '../../components/record/RecordEditor';
import { RecordNotFound } from '../../components/record/RecordNotFound';
import { SpecLogPanel } from '../../components/record/SpecLogPanel';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { PatternActions } from './PatternActions';
import { PatternSeasonsPanel } from './PatternSeasonsPanel';
import { CriticalPathList } from '../critical-paths/CriticalPathList';
import { PatternTeamPanel } from './PatternTeamPanel';
import { PatternToggles } from './PatternToggles';
import { PATTERN_INVALID } from './pattern-form';
import './patterns.css';

const PATTERN = levelOf('pattern')!;
const IMAGE_TYPES = [1, 2] as const;

/** PAT-025: an id no pattern has (not a deleted one: that one has its own message). */
function useUnknownPattern(id: number | null) {
  const { error } = useSWR<RecordData>(id ? `${PATTERN.read}?${PATTERN.key}=${id}` : null, { revalidateOnFocus: false });
  const code = error instanceof ApiError ? (error.body as { Code?: string } | null)?.Code : undefined;
  return error instanceof ApiError && error.status === 404 && code !== 'record_deleted';
}

export function PatternScreen() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  const unknown = useUnknownPattern(valid ? Number(id) : null);
  const canEdit = useCan('pattern', 'edit');
  // Issue 27: the shared not-found state, with PAT-025's sentence (DECISIONS: '/pattern/N keeps Pattern Invalid').
  if (!valid || unknown) return <RecordNotFound level={PATTERN} text={PATTERN_INVALID} />;
  const editable = (r: RecordData) => canEdit && !isReadOnlyStatus(r.StatusId) && !r.IsDeleted;
  return (
    <RecordEditor
      key={id}
      level={PATTERN}
      id={Number(id)}
      layoutName="pattern-record"
      actions={(record, reload) => <PatternActions record={record} reload={reload} />}
    >
      {(record, reload) => (
        <div className="pattern-panels">
          <PatternToggles level={PATTERN} record={record} onSaved={reload} />
          <ImagePanel level={PATTERN} record={record} imageTypes={IMAGE_TYPES} canEdit={editable(record)} onChanged={reload} />
          <PatternTeamPanel patternSeasonalId={Number(id)} brandId={record.BrandId as number} canEdit={editable(record)} />
          <SpecLogPanel
            entriesUrl={`/api/Pattern/GetSpecLogData?PatternSeasonalId=${id}`}
            canEdit={editable(record)}
            save={(Description) => apiFetch('/api/Pattern/SaveSpecLogEntry', { method: 'POST', json: { PatternSeasonalId: Number(id), Description } })}
          />
          <PatternSeasonsPanel patternSeasonalId={Number(id)} />
          <CriticalPathList patternSeasonalId={Number(id)} pattern={{ id: Number(record.PatternId), name: String(record.PatternName ?? '') }} />
        </div>
      )}
    </RecordEditor>
  );
}
