/**
 * /linePlanCreate (LP-001, LP-015..018): brand, season, name (a duplicate only warns, LP-016),
 * responsible (a known user of the brand, LP-017), workflow group (level 1) and sub-seasons, as
 * the shared create form. Errors: 'Please review all fields indicated in red' with the fields
 * marked (LP-015).
 */
import { useNavigate } from 'react-router-dom';
import { ApiError, apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { createdMessage, createRefusal } from '../../components/record/create-form';
import { CreateRecordForm, type CreateStart } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { useCreateStart } from '../../components/record/use-create-start';
import { toast } from '../../shell/toast-store';
import { createBody, LINE_PLAN_DEPENDENTS, REVIEW_FIELDS } from './create-form';

const START: CreateStart = { values: { SubSeasonIds: [] }, fixed: [] };
const FIELD_UI = { SubSeasonIds: { options: { emptyText: 'Select a season first.' } } };
const NAME_CHECK = { url: '/api/LinePlan/IsLinePlanNameExists', param: 'LinePlanName' };

export function LinePlanCreateScreen() {
  const navigate = useNavigate();
  const canCreate = useCan('linePlan', 'create');
  // Issue 27: the brand of the user's profile (the Responsible then defaults to the user, ReferenceWidget).
  const state = useCreateStart({ canCreate, empty: START, defaultBrand: 'defaultOrFirst' });
  if (!state.ready) return state.screen;
  const create = async (data: Record<string, unknown>) => {
    try {
      const answer = await apiFetch<{ ResponseMessage: string; LinePlanId: number }>('/api/LinePlan/CreateLinePlan', {
        method: 'POST',
        json: createBody(data),
      });
      toast.success(createdMessage('Line Plan'));
      void navigate(`/linePlan/${answer.LinePlanId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      return createRefusal(body, errorText(e, 'There was an error while saving the record. Please contact system administrator.'));
    }
  };
  return (
    <CreateRecordForm
      level={levelOf('line-plan')!}
      title="Create Line Plan"
      start={state.start}
      nameCheck={NAME_CHECK}
      fieldUi={FIELD_UI}
      dependents={LINE_PLAN_DEPENDENTS}
      formErrorMessage={REVIEW_FIELDS}
      create={create}
    />
  );
}
