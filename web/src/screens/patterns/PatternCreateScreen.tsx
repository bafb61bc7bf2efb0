/**
 * /patternCreate, /patternFromBrief/{briefSeasonalId} and /patternCopy/{parentPatternSeasonalId}
 * (PAT-001, PAT-008..011): brand and season, then a brief in status 2 or 3 of them (radio list
 * with a filter), then name, pattern key, gender, responsible and workflow group, as the shared
 * create form. Starting from a brief fixes brand, season and (when it is Released) the brief; a
 * copy fixes the brand. A duplicate name is only a note (CONST-031). On success the pattern
 * screen opens.
 */
import { useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { createdMessage, createRefusal } from '../../components/record/create-form';
import { CreateRecordForm } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { useCreateStart, type StartSource } from '../../components/record/use-create-start';
import { toast } from '../../shell/toast-store';
import {
  BRIEF_PARENTS,
  createPayload,
  invalidToast,
  PATTERN_DEPENDENTS,
  PATTERN_INVALID,
  REVIEW_FIELDS,
  SELECT_RELEASED_BRIEF,
  startFromBrief,
  startFromCopy,
} from './pattern-form';

type Row = Record<string, unknown>;

const NAME_CHECK = { url: '/api/Pattern/IsPatternNameExists', param: 'PatternName' };
const PARENT = { field: 'BriefSeasonalId', source: BRIEF_PARENTS };
const MESSAGES = { BriefSeasonalId: { required: SELECT_RELEASED_BRIEF } };
const FIELD_UI = { PatternNameKey: { widget: 'text' } };
/** A copy takes its gender from the parent (PAT-001 /patternCopy). */
const COPY_OPTIONAL = ['GenderKey'];

/** /patternFromBrief: brand and season fixed, and the brief itself when Released. */
const FROM_BRIEF: StartSource<Row> = {
  param: 'briefSeasonalId',
  url: (id) => `/api/Brief/GetBriefSeasonal?BriefSeasonalId=${id}`,
  start: startFromBrief,
  notFound: 'The brief was not found.',
};
/** /patternCopy: the parent's values, the brand fixed. */
const FROM_COPY: StartSource<Row> = {
  param: 'parentPatternSeasonalId',
  url: (id) => `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`,
  start: startFromCopy,
  notFound: PATTERN_INVALID,
};

export function PatternCreateScreen() {
  const navigate = useNavigate();
  const canCreate = useCan('pattern', 'create');
  const state = useCreateStart({ canCreate, fromParent: FROM_BRIEF, fromCopy: FROM_COPY, defaultBrand: 'defaultOrFirst' });
  if (!state.ready) return state.screen;
  const copy = state.from === 'copy';
  const create = async (data: Row) => {
    try {
      const answer = await apiFetch<{ Data: { PatternSeasonalId: number } }>('/api/Pattern/CreatePatternSeasonal', {
        method: 'POST',
        json: createPayload(data),
      });
      toast.success(createdMessage('Pattern', copy));
      void navigate(`/pattern/${answer.Data.PatternSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      const message = body?.Message ?? 'There was an error while saving the record. Please contact system administrator.';
      toast.error(message);
      return createRefusal(body, message);
    }
  };
  return (
    <CreateRecordForm
      key={JSON.stringify(state.start.values)}
      level={levelOf('pattern')!}
      title={copy ? 'Copy Pattern' : 'Create Pattern'}
      start={state.start}
      nameCheck={NAME_CHECK}
      parent={PARENT}
      dependents={PATTERN_DEPENDENTS}
      formErrorMessage={REVIEW_FIELDS}
      fieldMessages={MESSAGES}
      fieldUi={FIELD_UI}
      optional={copy ? COPY_OPTIONAL : undefined}
      onInvalid={(v) => toast.error(invalidToast(v))}
      create={create}
    />
  );
}
