/**
 * /systemMessageEdit?id (SYSMSG-001..016) through the shared SchemaForm: the system-message entity
 * schema with schemas/layouts/system-message.layout.json. Start and expiry are one moment each,
 * typed as separate date and time inputs (SYSMSG-010, the form's moment widget); a new message
 * starts from the SYSMSG-011 defaults; the expiry must follow the start (SYSMSG-012).
 */
import { useCallback, useMemo } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import type { CustomValidator } from '@rjsf/utils';
import { ApiError } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { useEntitySchema, useLayout } from '../../../components/fields/schema-docs';
import { SchemaForm, type SaveOutcome } from '../../../components/schema-form/SchemaForm';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { postJson, type Answer } from '../common/api';
import { expiryError, LOAD_FAILED, newMessageRecord, NOT_FOUND, SAVE_ERRORS, SAVE_FAILED, SAVED, saveBody } from './message-form';
import type { SystemMessage } from './SystemMessageListScreen';
import '../common/admin.css';

const checkExpiry: CustomValidator = (data, errors) => {
  const e = expiryError((data ?? {}) as Record<string, unknown>);
  if (e) (errors as unknown as Record<string, { addError(m: string): void }>).ExpireTime.addError(e);
  return errors;
};

export function SystemMessageEditScreen() {
  const id = Number(useSearchParams()[0].get('id') ?? 0);
  const add = !(id > 0);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error } = useSWR<SystemMessage>(add ? null : `/api/SystemMessage/GetMessage?id=${id}`);
  const { data: schema, error: schemaError } = useEntitySchema('system-message');
  const { data: layout, error: layoutError } = useLayout('system-message');
  const record = useMemo<Record<string, unknown> | undefined>(
    () => (add ? newMessageRecord() : (data as unknown as Record<string, unknown> | undefined)),
    [add, data],
  );

  const save = useCallback(
    async (_changes: Record<string, unknown>, d: Record<string, unknown>): Promise<SaveOutcome> => {
      try {
        await postJson<Answer>('/api/SystemMessage/UpdateMessage', { ...saveBody(d), ...(add ? {} : { ChangedOn: record?.ChangedOn }) }, { id: add ? 0 : id });
      } catch (x) {
        if (x instanceof ApiError && x.status === 400) return { IsSuccessful: false, Errors: (x.body as Answer | null)?.Errors ?? [] };
        if (x instanceof ApiError && x.status === 409) return { IsSuccessful: false, FormMessage: errorText(x, SAVE_FAILED) };
        toast.error(SAVE_FAILED);
        return { IsSuccessful: false, FormMessage: SAVE_FAILED };
      }
      await mutate('/api/SystemMessage/GetMessages');
      if (!add) await mutate(`/api/SystemMessage/GetMessage?id=${id}`);
      toast.success(SAVED);
      void navigate('/systemMessageList');
      return { IsSuccessful: true };
    },
    [add, id, mutate, navigate, record],
  );

  if (error) return <FormAlert messages={[error instanceof ApiError && error.status === 404 ? NOT_FOUND : LOAD_FAILED]} />;
  if (schemaError || layoutError) return <FormAlert messages={[LOAD_FAILED]} />;
  if (!record || !schema || !layout)
    return (
      <div className="page-fallback">
        <span className="spinner spinner--lg" role="status" aria-label="Loading" />
      </div>
    );
  return (
    <>
      <PageHeader
        title={add ? 'New System Message' : 'Edit System Message'}
        actions={
          <Link className="btn btn--small" to="/systemMessageList">
            Back to messages
          </Link>
        }
      />
      <section style={{ maxWidth: 720 }} aria-label="System message editor">
        <SchemaForm
          schema={schema}
          layout={layout}
          formData={record}
          onSave={save}
          formErrorMessage={SAVE_ERRORS}
          customValidate={checkExpiry}
          dirtyKey="system-message-edit"
          actions={
            <button type="button" className="btn" onClick={() => void navigate('/systemMessageList')}>
              Cancel
            </button>
          }
        />
      </section>
    </>
  );
}
