/**
 * /prototypeCreate, /prototypeFromPattern/{patternSeasonalId} and /prototypeCopy/{parentPrototypeSeasonalId}
 * (CW-001..008): brand and season, then a pattern in status 2 or 3 of them (paged radio list with a
 * name filter), then name, division, responsible, product type and workflow group, as the shared
 * create form. Starting from a pattern fixes brand, season and (when in status 2 or 3) the pattern;
 * a copy fixes the brand (CW-003). A duplicate name is only a note (CW-047). The server checks
 * everything again; its message is shown as given. On success the colorway screen opens.
 */
import { useMemo } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { CreateRecordForm } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { toast } from '../../shell/toast-store';
import {
  COLORWAY_DEPENDENTS, colorwayRefusal, CREATED, createPayload, divisionName, invalidMessage, listOptions, PATTERN_PARENTS, REVIEW_FIELDS, SAVE_FAILED,
  SELECT_RELEASED_PATTERN, startFromCopy, startFromPattern, type CreateLists, type CreateStart, type Values,
} from './colorway-create';

const numericParam = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
const NAME_CHECK = { url: '/api/Prototype/IsPrototypeNameExists', param: 'PrototypeName' };
const PARENT = { field: 'PatternSeasonalId', source: PATTERN_PARENTS };
const MESSAGES = { PatternSeasonalId: { required: SELECT_RELEASED_PATTERN } };
const FIELD_UI = { DivisionKey: { widget: 'enum' }, ProductTypeId: { widget: 'enum' } };
const NO_LISTS: CreateLists = { ProductTypes: [], Divisions: [] };

/** Where the form starts: empty, from a pattern, or from a colorway to copy (null: the start record is not there). */
function useStart(patternId: number | null, copyId: number | null): CreateStart | null | undefined {
  const pattern = useSWR<Values>(patternId ? `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${patternId}` : null, { shouldRetryOnError: false });
  const source = useSWR<Values>(copyId ? `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${copyId}` : null, { shouldRetryOnError: false });
  if (patternId) return pattern.error ? null : pattern.data && startFromPattern(pattern.data, patternId);
  if (copyId) return source.error ? null : source.data && startFromCopy(source.data, copyId);
  return { values: {}, fixed: [] };
}

export function ColorwayCreateScreen() {
  const params = useParams();
  const navigate = useNavigate();
  const canCreate = useCan('colorway', 'create');
  const session = useSessionStore((s) => s.session);
  const patternId = numericParam(params.patternSeasonalId);
  const copyId = numericParam(params.parentPrototypeSeasonalId);
  const bad = (params.patternSeasonalId !== undefined && !patternId) || (params.parentPrototypeSeasonalId !== undefined && !copyId);
  const start = useStart(patternId, copyId);
  const { data: lists } = useSWR<CreateLists>('/api/Prototype/GetCreateLists');
  const options = useMemo(() => listOptions(lists ?? NO_LISTS), [lists]);
  if (bad) return <Navigate to="/errorPage" replace />;
  if (!canCreate) return <Navigate to="/permissionDenied" replace />;
  if (start === null) return <div className="alert alert--error" role="alert">{copyId ? 'The colorway was not found.' : 'The pattern was not found.'}</div>;
  if (!start) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;

  const withBrand = { ...start, values: { BrandId: session?.defaultBrandId ?? null, ...start.values } };
  const create = async (data: Values) => {
    try {
      const answer = await apiFetch<{ Message: string; Warning?: string | null; Data: { PrototypeSeasonalId: number } }>(
        '/api/Prototype/CreatePrototypeSeasonal', { method: 'POST', json: createPayload(data, divisionName(lists, data.DivisionKey)) });
      toast.success(answer.Message || CREATED);
      if (answer.Warning) toast.warning(answer.Warning);
      void navigate(`/colorway/${answer.Data.PrototypeSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      const message = body?.Message ?? SAVE_FAILED;
      toast.error(message);
      return colorwayRefusal(body, message);
    }
  };
  return (
    <CreateRecordForm key={JSON.stringify(withBrand.values)} level={levelOf('colorway')!} title={copyId ? 'Copy Colorway' : 'Create Colorway'}
      start={withBrand} nameCheck={NAME_CHECK} parent={PARENT} dependents={COLORWAY_DEPENDENTS} formErrorMessage={REVIEW_FIELDS} fieldMessages={MESSAGES}
      fieldUi={FIELD_UI} options={options} onInvalid={(v) => toast.error(invalidMessage(v) ?? REVIEW_FIELDS)} create={create} />
  );
}
