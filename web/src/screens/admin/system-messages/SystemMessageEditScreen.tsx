/**
 * /systemMessageEdit?id (SYSMSG-001..016): title, body, start and expiry (date and time inputs
 * combined, SYSMSG-010), audience flags; a new message starts from the SYSMSG-011 defaults.
 * A plain form for now: SchemaForm cannot validate under the app's CSP (ajv compiles with
 * `new Function`, refused by script-src 'self'), see the issue note.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR, { useSWRConfig } from 'swr';
import { ApiError } from '../../../api/http';
import { FormAlert } from '../../../forms/FormAlert';
import { SubmitButton } from '../../../forms/SubmitButton';
import { TextField } from '../../../forms/TextField';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { useUnsavedChanges } from '../../../shell/useUnsavedChanges';
import { postJson, type Answer } from '../common/api';
import { Check } from '../common/Check';
import { combine, LOAD_FAILED, newMessage, NOT_FOUND, SAVE_ERRORS, SAVE_FAILED, SAVED, split, validateMessage, type MessageForm } from './message-form';
import type { SystemMessage } from './SystemMessageListScreen';
import '../common/admin.css';

const formOf = (m: SystemMessage): MessageForm => {
  const s = split(m.StartTime);
  const e = split(m.ExpireTime);
  return { Title: m.Title, Message: m.Message, StartDate: s.date, StartTime: s.time, ExpireDate: e.date, ExpireTime: e.time,
    ShowUnauthenticatedUsers: m.ShowUnauthenticatedUsers, ShowFactoryUsers: m.ShowFactoryUsers };
};

export function SystemMessageEditScreen() {
  const id = Number(useSearchParams()[0].get('id') ?? 0);
  const add = !(id > 0);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const { data, error } = useSWR<SystemMessage>(add ? null : `/api/SystemMessage/GetMessage?id=${id}`);
  const [form, setForm] = useState<MessageForm>(() => newMessage());
  const [base, setBase] = useState<MessageForm>(form);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [general, setGeneral] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  useEffect(() => { if (data) { setForm(formOf(data)); setBase(formOf(data)); } }, [data]);
  useUnsavedChanges(JSON.stringify(form) !== JSON.stringify(base) && !busy, 'system-message-edit');
  const set = <K extends keyof MessageForm>(k: K, v: MessageForm[K]) => setForm((f) => ({ ...f, [k]: v }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found = validateMessage(form);
    setErrors(found);
    if (Object.keys(found).length) { setGeneral([SAVE_ERRORS]); return; }
    setGeneral([]);
    setBusy(true);
    try {
      await postJson<Answer>('/api/SystemMessage/UpdateMessage', {
        Title: form.Title.trim(), Message: form.Message.trim(), StartTime: combine(form.StartDate, form.StartTime),
        ExpireTime: combine(form.ExpireDate, form.ExpireTime), ShowUnauthenticatedUsers: form.ShowUnauthenticatedUsers, ShowFactoryUsers: form.ShowFactoryUsers,
      }, { id: add ? 0 : id });
      setBase(form);
      await mutate('/api/SystemMessage/GetMessages');
      if (!add) await mutate(`/api/SystemMessage/GetMessage?id=${id}`);
      toast.success(SAVED);
      void navigate('/systemMessageList');
    } catch (x) {
      if (x instanceof ApiError && x.status === 400) setGeneral([SAVE_ERRORS]);
      else toast.error(SAVE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  if (error) return <FormAlert messages={[error instanceof ApiError && error.status === 404 ? NOT_FOUND : LOAD_FAILED]} />;
  if (!add && !data) return <div className="page-fallback"><span className="spinner spinner--lg" aria-label="Loading" /></div>;
  return (
    <>
      <PageHeader title={add ? 'New System Message' : 'Edit System Message'}
        actions={<Link className="btn btn--small" to="/systemMessageList">Back to messages</Link>} />
      <form className="card card--form form--dense" style={{ maxWidth: 720 }} onSubmit={(e) => void submit(e)} noValidate aria-label="System message editor">
        <FormAlert messages={general} />
        <TextField label="Title" value={form.Title} error={errors.Title} maxLength={200} onChange={(e) => set('Title', e.target.value)} />
        <div className={`field${errors.Message ? ' field--invalid' : ''}`}>
          <label htmlFor="msg-body">Message</label>
          <textarea id="msg-body" rows={4} value={form.Message} maxLength={4000} style={{ height: 'auto', padding: 8 }} onChange={(e) => set('Message', e.target.value)} />
          {errors.Message && <div className="field__error" role="alert">{errors.Message}</div>}
        </div>
        <div className="form__grid-2">
          <TextField label="Start date" placeholder="MM/DD/YYYY" value={form.StartDate} error={errors.StartDate} onChange={(e) => set('StartDate', e.target.value)} />
          <TextField label="Start time" type="time" value={form.StartTime} onChange={(e) => set('StartTime', e.target.value)} />
          <TextField label="Expire date" placeholder="MM/DD/YYYY" value={form.ExpireDate} error={errors.ExpireDate} onChange={(e) => set('ExpireDate', e.target.value)} />
          <TextField label="Expire time" type="time" value={form.ExpireTime} onChange={(e) => set('ExpireTime', e.target.value)} />
        </div>
        <Check label="Show on the sign-in page (unauthenticated users)" checked={form.ShowUnauthenticatedUsers} onChange={(v) => set('ShowUnauthenticatedUsers', v)} />
        <Check label="Show to factory users" checked={form.ShowFactoryUsers} onChange={(v) => set('ShowFactoryUsers', v)} />
        <div className="form__actions">
          <SubmitButton busy={busy}>Save</SubmitButton>
          <button type="button" className="btn" onClick={() => void navigate('/systemMessageList')}>Cancel</button>
        </div>
      </form>
    </>
  );
}
