/**
 * /briefCreate, /briefFromLinePlan/{linePlanId} and /briefCopy/{parentBriefSeasonalId}
 * (BRIEF-001..007): brand and season, then a Released or Completed line plan of them (radio
 * list), then name, responsible and workflow group, as the shared create form. A line plan start
 * fixes brand, season and line plan; a copy fixes the brand and keeps the parent link. A
 * duplicate name is only a note (CONST-031). On success the brief screen opens (BRIEF-006).
 */
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import { useSessionStore } from '../../auth/session-store';
import { createRefusal } from '../../components/record/create-form';
import { CreateRecordForm, type CreateStart } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { toast } from '../../shell/toast-store';
import {
  BRIEF_DEPENDENTS, createBody, CREATE_ERROR_TOAST_MS, invalidToast, LINE_PLAN_PARENTS, REVIEW_FIELDS, SELECT_RELEASED_LINE_PLAN,
  startFromCopy, startFromLinePlan, type StartLinePlan,
} from './brief-form';

type Mode = { kind: 'create' } | { kind: 'fromLinePlan'; linePlanId: number } | { kind: 'copy'; parentId: number };

const NAME_CHECK = { url: '/api/Brief/IsBriefNameExists', param: 'BriefName' };
const PARENT = { field: 'LinePlanId', source: LINE_PLAN_PARENTS };
const MESSAGES = { LinePlanId: { required: SELECT_RELEASED_LINE_PLAN } };

/** The form's starting values for the mode (null: the start record is not there; undefined: loading). */
function useStart(mode: Mode): CreateStart | null | undefined {
  const linePlan = useSWR<{ LinePlan: StartLinePlan | null }>(mode.kind === 'fromLinePlan' ? `/api/brief/create/${mode.linePlanId}` : null);
  const parent = useSWR<{ Record: Record<string, unknown> }>(mode.kind === 'copy' ? `/api/brief/view/${mode.parentId}` : null);
  if (mode.kind === 'create') return { values: {}, fixed: [] };
  if (mode.kind === 'fromLinePlan') {
    if (linePlan.error) return null;
    const lp = linePlan.data?.LinePlan;
    return lp ? startFromLinePlan(lp) : undefined;
  }
  if (parent.error) return null;
  return parent.data?.Record ? startFromCopy(parent.data.Record, mode.parentId) : undefined;
}

function modeOf(params: Record<string, string | undefined>): Mode | null {
  const id = (v: string | undefined) => (v && /^\d+$/.test(v) ? Number(v) : null);
  if (params.linePlanId !== undefined) return id(params.linePlanId) ? { kind: 'fromLinePlan', linePlanId: id(params.linePlanId)! } : null;
  if (params.parentBriefSeasonalId !== undefined) return id(params.parentBriefSeasonalId) ? { kind: 'copy', parentId: id(params.parentBriefSeasonalId)! } : null;
  return { kind: 'create' };
}

export function BriefCreateScreen() {
  const mode = modeOf(useParams());
  const navigate = useNavigate();
  const canCreate = useCan('brief', 'create');
  const session = useSessionStore((s) => s.session);
  const start = useStart(mode ?? { kind: 'create' });
  if (!mode) return <Navigate to="/errorPage" replace />;
  if (!canCreate) return <Navigate to="/permissionDenied" replace />;
  if (start === null) return <div className="alert alert--error" role="alert">No Line Plan Found</div>;
  if (!start) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;

  const defaultBrand = session?.defaultBrandId ?? session?.brandPermissions?.[0]?.BrandId ?? null;
  const withBrand = { ...start, values: { BrandId: defaultBrand, ...start.values } };
  const create = async (data: Record<string, unknown>) => {
    try {
      const answer = await apiFetch<{ briefSeasonalId: number }>('/api/Brief/CreateBriefSeasonal', { method: 'POST', json: createBody(data) });
      void navigate(`/brief/${answer.briefSeasonalId}`);
    } catch (e) {
      const body = e instanceof ApiError ? (e.body as { Message?: string; Errors?: { Field: string; Message: string }[] } | null) : null;
      const message = body?.Message ?? errorText(e, 'There was an error while saving the record. Please contact system administrator.');
      toast.error(message, CREATE_ERROR_TOAST_MS);
      return createRefusal(body, message);
    }
  };
  return (
    <CreateRecordForm key={JSON.stringify(withBrand.values)} level={levelOf('brief')!} title={mode.kind === 'copy' ? 'Copy Brief' : 'Create Brief'}
      start={withBrand} nameCheck={NAME_CHECK} parent={PARENT} dependents={BRIEF_DEPENDENTS} formErrorMessage={REVIEW_FIELDS} fieldMessages={MESSAGES}
      onInvalid={(v) => toast.error(invalidToast(v), CREATE_ERROR_TOAST_MS)} create={create} />
  );
}
