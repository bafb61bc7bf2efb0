/**
 * /brief/{briefSeasonalId} (BRIEF-008..013, BRIEF-022): the brief in the shared RecordEditor with
 * every edit section of schemas/layouts/brief.layout.json (header, dates, factories, retail
 * channels, regions, competitive info, notes), the brief actions, its image and its patterns.
 */
import { Navigate, useParams } from 'react-router-dom';
import { useCan } from '../../auth/useCan';
import { levelOf, isReadOnlyStatus } from '../../components/record/hierarchy';
import { ImagePanel } from '../../components/record/ImagePanel';
import { RecordEditor } from '../../components/record/RecordEditor';
import { RecordNotFound } from '../../components/record/RecordNotFound';
import { BriefActions } from './BriefActions';
import { BriefPatternsPanel } from './BriefPatternsPanel';
import './briefs.css';

const BRIEF = levelOf('brief')!;

export function BriefScreen() {
  const { id = '' } = useParams();
  const canEdit = useCan('brief', 'edit');
  if (!/^\d+$/.test(id)) return <RecordNotFound level={BRIEF} />;
  return (
    <RecordEditor key={id} level={BRIEF} id={Number(id)} actions={(record, reload) => <BriefActions record={record} reload={reload} />}>
      {(record, reload) => (
        <>
          <ImagePanel level={BRIEF} record={record} canEdit={canEdit && !isReadOnlyStatus(record.StatusId) && !record.IsDeleted} onChanged={reload} />
          <BriefPatternsPanel briefSeasonalId={record.BriefSeasonalId as number} />
        </>
      )}
    </RecordEditor>
  );
}

/** /briefEdit/{id} (BRIEF-002): the same screen at /brief/{id}. */
export function BriefEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/brief/${id}`} replace />;
}
