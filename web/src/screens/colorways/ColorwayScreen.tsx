/**
 * /colorway/:id (CW-009): the colorway as an accordion — the sections of
 * schemas/layouts/colorway.layout.json (header, details, image, milestones, costing, volumes, HTS,
 * factory, spec log and ECN, size ranges, briefs and line plans, patterns) with the panels they
 * name, the header actions of CW-010, and the derived prices and volume totals shown as the user
 * types. What a user may not see (a factory user's costing and factory fields) never reaches the
 * browser: the sections holding only such fields are absent.
 */
import { useCallback, useRef } from 'react';
import { todayIso } from '../../format/business-date';
import type { RecordData } from '../../components/record/use-hierarchy-record';
import { Navigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ImagePanel } from '../../components/record/ImagePanel';
import { levelOf } from '../../components/record/hierarchy';
import { RecordEditor } from '../../components/record/RecordEditor';
import { RecordNotFound } from '../../components/record/RecordNotFound';
import { SizeRangePanel } from '../../components/size-ranges/SizeRangeEditor';
import { ColorwayActions } from './ColorwayActions';
import { ColorwayBriefLinks, ColorwayPatternLink, ColorwaySpecLog } from './ColorwayPanels';
import { CriticalPathList } from '../critical-paths/CriticalPathList';
import { withDerivedValues } from './colorway-derived';
import './colorways.css';

const COLORWAY = levelOf('colorway')!;

/**
 * The form's onChange: derived values from the change since the previous data (the saved record
 * after a load or a save), with the brand's PDM flag (CW-031).
 */
function useDerivedValues(id: string) {
  const { data: record } = useSWR<RecordData>(/^\d+$/.test(id) ? `${COLORWAY.read}?${COLORWAY.key}=${id}` : null);
  const { data: pdmReady } = useSWR<boolean>(record?.BrandId ? `/api/Brand/isBrandPDMReady?BrandId=${String(record.BrandId)}` : null);
  const last = useRef<{ saved: RecordData; data: RecordData } | null>(null);
  return useCallback(
    (data: RecordData, saved: RecordData) => {
      const previous = last.current?.saved === saved ? last.current.data : saved;
      const next = withDerivedValues(data, { previous, today: todayIso(), pdmReady: pdmReady === true });
      last.current = { saved, data: next ?? data };
      return next;
    },
    [pdmReady],
  );
}

export function ColorwayScreen() {
  const { id = '' } = useParams();
  const derived = useDerivedValues(id);
  if (!/^\d+$/.test(id)) return <RecordNotFound level={COLORWAY} />;
  return (
    <RecordEditor
      key={id}
      level={COLORWAY}
      id={Number(id)}
      onChange={derived}
      actions={(record, reload) => <ColorwayActions record={record} reload={reload} />}
      panels={(record, reload, editable) => ({
        image: <ImagePanel level={COLORWAY} record={record} canEdit={editable} onChanged={reload} />,
        specLog: <ColorwaySpecLog record={record} canEdit={editable} />,
        sizeRanges: (
          <SizeRangePanel
            prototypeSeasonalId={Number(id)}
            rowVersion={Number(record.RowVersion)}
            canEdit={editable}
            onSaved={(RowVersion) => reload({ RowVersion })}
          />
        ),
        briefsLinePlans: <ColorwayBriefLinks record={record} />,
        patterns: (
          <>
            <ColorwayPatternLink record={record} />
            <CriticalPathList devPrototypeId={record.CriticalPathDevPrototypeId as number | null} />
          </>
        ),
      })}
    />
  );
}

/** /prototypeEdit/:id redirects to /colorway/:id (CW-001), which shows an id that is none as not found. */
export function ColorwayEditRedirect() {
  const { id = '' } = useParams();
  return <Navigate to={`/colorway/${id}`} replace />;
}
