/**
 * /prototypeCreate, /prototypeFromPattern/{patternSeasonalId} and /prototypeCopy/{parentPrototypeSeasonalId}
 * (CW-001..008): brand and season, then a pattern in status 2 or 3 of them (paged radio list with a
 * name filter), then name, division, responsible, product type and workflow group, as the shared
 * create form. Starting from a pattern fixes brand, season and (when in status 2 or 3) the pattern;
 * a copy fixes the brand (CW-003). A duplicate name is only a note (CW-047). The server checks
 * everything again; its message is shown as given. On success the colorway screen opens.
 */
import { useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, apiFetch } from '../../api/http';
import { useCan } from '../../auth/useCan';
import { CreateRecordForm } from '../../components/record/CreateRecordForm';
import { levelOf } from '../../components/record/hierarchy';
import { useCreateStart, type StartSource } from '../../components/record/use-create-start';
import { toast } from '../../shell/toast-store';
import {
  COLORWAY_DEPENDENTS,
  colorwayRefusal,
  CREATED,
  createPayload,
  divisionName,
  invalidMessage,
  PATTERN_PARENTS,
  REVIEW_FIELDS,
  SAVE_FAILED,
  SELECT_RELEASED_PATTERN,
  startFromCopy,
  startFromPattern,
  type CreateLists,
  type Values,
} from './colorway-create';

const NAME_CHECK = { url: '/api/Prototype/IsPrototypeNameExists', param: 'PrototypeName' };
const PARENT = { field: 'PatternSeasonalId', source: PATTERN_PARENTS };
const MESSAGES = { PatternSeasonalId: { required: SELECT_RELEASED_PATTERN } };

/** /prototypeFromPattern: brand and season fixed, and the pattern itself when in status 2 or 3. */
const FROM_PATTERN: StartSource<Values> = {
  param: 'patternSeasonalId',
  url: (id) => `/api/Pattern/GetPatternSeasonalDetails?PatternSeasonalId=${id}`,
  start: startFromPattern,
  notFound: 'The pattern was not found.',
};
/** /prototypeCopy (CW-003): the source's values, the brand fixed. */
const FROM_COPY: StartSource<Values> = {
  param: 'parentPrototypeSeasonalId',
  url: (id) => `/api/Prototype/GetPrototypeSeasonalDetails?PrototypeSeasonalId=${id}`,
  start: startFromCopy,
  notFound: 'The colorway was not found.',
};

export function ColorwayCreateScreen() {
  const navigate = useNavigate();
  const canCreate = useCan('colorway', 'create');
  const state = useCreateStart({ canCreate, fromParent: FROM_PATTERN, fromCopy: FROM_COPY, defaultBrand: 'default' });
  const { data: lists } = useSWR<CreateLists>('/api/Prototype/GetCreateLists');
  if (!state.ready) return state.screen;

  const create = async (data: Values) => {
    try {
      const answer = await apiFetch<{ Message: string; Warning?: string | null; Data: { PrototypeSeasonalId: number } }>(
        '/api/Prototype/CreatePrototypeSeasonal',
        { method: 'POST', json: createPayload(data, divisionName(lists, data.DivisionKey)) },
      );
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
    <CreateRecordForm
      key={JSON.stringify(state.start.values)}
      level={levelOf('colorway')!}
      title={state.from === 'copy' ? 'Copy Colorway' : 'Create Colorway'}
      start={state.start}
      nameCheck={NAME_CHECK}
      parent={PARENT}
      dependents={COLORWAY_DEPENDENTS}
      formErrorMessage={REVIEW_FIELDS}
      fieldMessages={MESSAGES}
      onInvalid={(v) => toast.error(invalidMessage(v) ?? REVIEW_FIELDS)}
      create={create}
    />
  );
}
