/**
 * /briefCreate, /briefFromLinePlan/{linePlanId} and /briefCopy/{parentBriefSeasonalId}
 * (BRIEF-001..007): brand and season, then a Released or Completed line plan of them (radio
 * list), then name, responsible and workflow group, as the shared create form. A line plan start
 * fixes brand, season and line plan; a copy fixes the brand and keeps the parent link. A
 * duplicate name is only a note (CONST-031). On success a toast says so and the brief screen opens
 * (BRIEF-006).
 */
import { useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { createdMessage, createRefusal } from '../../components/record/create-form';
import { CreateRecordForm } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { useCreateStart, type StartSource } from '../../components/record/use-create-start';
import { toast } from '../../shell/toast-store';
import {
  BRIEF_DEPENDENTS,
  createBody,
  CREATE_ERROR_TOAST_MS,
  invalidToast,
  LINE_PLAN_PARENTS,
  REVIEW_FIELDS,
  SELECT_RELEASED_LINE_PLAN,
  startFromCopy,
  startFromLinePlan,
  type StartLinePlan,
} from './brief-form';

const NAME_CHECK = { url: '/api/Brief/IsBriefNameExists', param: 'BriefName' };
const PARENT = { field: 'LinePlanId', source: LINE_PLAN_PARENTS };
const MESSAGES = { LinePlanId: { required: SELECT_RELEASED_LINE_PLAN } };
const NOT_FOUND = 'No Line Plan Found';

/** /briefFromLinePlan: brand, season and the line plan itself when it takes briefs (BRIEF-001/003). */
const FROM_LINE_PLAN: StartSource<{ LinePlan: StartLinePlan | null }> = {
  param: 'linePlanId',
  url: (id) => `/api/brief/create/${id}`,
  start: (answer) => answer.LinePlan && startFromLinePlan(answer.LinePlan),
  notFound: NOT_FOUND,
};
/** /briefCopy: the parent's values, the brand fixed. */
const FROM_COPY: StartSource<{ Record?: Record<string, unknown> }> = {
  param: 'parentBriefSeasonalId',
  url: (id) => `/api/brief/view/${id}`,
  start: (answer, id) => (answer.Record ? startFromCopy(answer.Record, id) : null),
  notFound: NOT_FOUND,
};

export function BriefCreateScreen() {
  const navigate = useNavigate();
  const canCreate = useCan('brief', 'create');
  const state = useCreateStart({ canCreate, fromParent: FROM_LINE_PLAN, fromCopy: FROM_COPY, defaultBrand: 'defaultOrFirst' });
  if (!state.ready) return state.screen;

  const create = async (data: Record<string, unknown>) => {
    try {
      const answer = await apiFetch<{ briefSeasonalId: number }>('/api/Brief/CreateBriefSeasonal', { method: 'POST', json: createBody(data) });
      toast.success(createdMessage('Brief', state.from === 'copy'));
      void navigate(`/brief/${answer.briefSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      const message = body?.Message ?? errorText(e, 'There was an error while saving the record. Please contact system administrator.');
      toast.error(message, CREATE_ERROR_TOAST_MS);
      return createRefusal(body, message);
    }
  };
  return (
    <CreateRecordForm
      key={JSON.stringify(state.start.values)}
      level={levelOf('brief')!}
      title={state.from === 'copy' ? 'Copy Brief' : 'Create Brief'}
      start={state.start}
      nameCheck={NAME_CHECK}
      parent={PARENT}
      dependents={BRIEF_DEPENDENTS}
      formErrorMessage={REVIEW_FIELDS}
      fieldMessages={MESSAGES}
      onInvalid={(v) => toast.error(invalidToast(v), CREATE_ERROR_TOAST_MS)}
      create={create}
    />
  );
}
