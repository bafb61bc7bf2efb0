/**
 * /patternCreate, /patternFromBrief/{briefSeasonalId} and /patternCopy/{parentPatternSeasonalId}
 * (PAT-001, PAT-008..011): brand and season, then a brief in status 2 or 3 of them (radio list
 * with a filter), then name, pattern key, gender, responsible and workflow group, as the shared
 * create form. Starting from a brief fixes brand, season and (when it is Released) the brief; a
 * copy fixes the brand. A duplicate name is only a note (CONST-031). On success the pattern
 * screen opens.
 */
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { createRefusal } from '../../components/record/create-form';
import { CreateRecordForm, type CreateStart } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { toast } from '../../shell/toast-store';
import { BRIEF_PARENTS, createPayload, invalidToast, PATTERN_DEPENDENTS, PATTERN_INVALID, REVIEW_FIELDS, SELECT_RELEASED_BRIEF, startFromBrief, startFromCopy } from './pattern-form';

type Row = Record<string, unknown>;

const numericParam = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
const NAME_CHECK = { url: '/api/Pattern/IsPatternNameExists', param: 'PatternName' };
const PARENT = { field: 'BriefSeasonalId', source: BRIEF_PARENTS };
const MESSAGES = { BriefSeasonalId: { required: SELECT_RELEASED_BRIEF } };
const FIELD_UI = { PatternNameKey: { widget: 'text' }, GenderKey: { widget: 'enum' } };
/** A copy takes its gender from the parent (PAT-001 /patternCopy). */
const COPY_OPTIONAL = ['GenderKey'];

/** Where the form starts: empty, from a brief, or from a parent pattern (null: the start record is not there). */
function useStart(briefId: number | null, parentId: number | null): CreateStart | null | undefined {
  const brief = useSWR<Row>(briefId ? `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${briefId}` : null, { shouldRetryOnError: false });
  const parent = useSWR<Row>(parentId ? `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${parentId}` : null, { shouldRetryOnError: false });
  if (briefId) return brief.error ? null : brief.data && startFromBrief(brief.data, briefId);
  if (parentId) return parent.error ? null : parent.data && startFromCopy(parent.data, parentId);
  return { values: {}, fixed: [] };
}

export function PatternCreateScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const canCreate = useCan('pattern', 'create');
  const session = useSessionStore((s) => s.session);
  const briefId = numericParam(params.briefSeasonalId);
  const parentId = numericParam(params.parentPatternSeasonalId);
  const bad = (params.briefSeasonalId !== undefined && !briefId) || (params.parentPatternSeasonalId !== undefined && !parentId);
  const start = useStart(briefId, parentId);
  if (bad) return <Navigate to="/errorPage" replace />;
  if (!canCreate) return <Navigate to="/permissionDenied" replace />;
  if (start === null) return <div className="alert alert--error" role="alert">{parentId ? PATTERN_INVALID : 'The brief was not found.'}</div>;
  if (!start) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;

  const defaultBrand = session?.defaultBrandId ?? session?.brandPermissions?.[0]?.BrandId ?? null;
  const withBrand = { ...start, values: { BrandId: defaultBrand, ...start.values } };
  const create = async (data: Row) => {
    try {
      const answer = await apiFetch<{ Data: { PatternSeasonalId: number } }>('/api/Pattern/CreatePatternSeasonal', { method: 'POST', json: createPayload(data) });
      toast.success('Record Saved Successfully.');
      void navigate(`/pattern/${answer.Data.PatternSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      const message = body?.Message ?? 'There was an error while saving the record. Please contact system administrator.';
      toast.error(message);
      return createRefusal(body, message);
    }
  };
  return (
    <CreateRecordForm key={JSON.stringify(withBrand.values)} level={levelOf('pattern')!} title={parentId ? 'Copy Pattern' : 'Create Pattern'}
      start={withBrand} nameCheck={NAME_CHECK} parent={PARENT} dependents={PATTERN_DEPENDENTS} formErrorMessage={REVIEW_FIELDS} fieldMessages={MESSAGES}
      fieldUi={FIELD_UI} optional={parentId ? COPY_OPTIONAL : undefined} onInvalid={(v) => toast.error(invalidToast(v))} create={create} />
  );
}
