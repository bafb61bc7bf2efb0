/** /systemMessageList (SYSMSG-001/002/009/015/016): every message, newest first, with edit and delete. */
import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../../api/http';
import { useCan } from '../../../auth/useCan';
import { formatDateTime } from '../../../format/date';
import { FormAlert } from '../../../forms/FormAlert';
import { ConfirmDialog } from '../../../shell/ConfirmDialog';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { DELETE_FAILED, DELETED, LIST_FAILED, NONE_FOUND } from './message-form';
import '../common/admin.css';

export interface SystemMessage { SystemMessageId: number; Title: string; Message: string; StartTime: string; ExpireTime: string;
  ShowUnauthenticatedUsers: boolean; ShowFactoryUsers: boolean; ChangedOn: string | null }

export function SystemMessageListScreen() {
  const navigate = useNavigate();
  const canEdit = useCan('systemMessages', 'edit');
  const { data, error, mutate } = useSWR<SystemMessage[]>('/api/SystemMessage/GetMessages');
  const [deleting, setDeleting] = useState<SystemMessage | null>(null);
  const now = Date.now();
  const remove = async (m: SystemMessage) => {
    setDeleting(null);
    try {
      await apiFetch('/api/SystemMessage/DeleteMessage', { method: 'POST', query: { id: m.SystemMessageId } });
      toast.success(DELETED);
      await mutate();
    } catch {
      toast.error(DELETE_FAILED);
    }
  };
  return (
    <>
      <PageHeader title="System Messages" subtitle="Banners shown to signed-in users and on the sign-in page."
        actions={canEdit && <Link className="btn btn--small btn--primary" to="/systemMessageEdit">New message</Link>} />
      {error && <FormAlert messages={[LIST_FAILED]} />}
      {data && !data.length && <p className="muted">{NONE_FOUND}</p>}
      {data && data.length > 0 && (
        <div className="table-scroll">
          <table className="table table--dense" aria-label="System messages">
            <thead><tr><th>Title</th><th>Start</th><th>Expire</th><th>Status</th><th>Sign-in page</th><th>Factory users</th><th>Changed</th><th className="num" /></tr></thead>
            <tbody>
              {data.map((m) => {
                const status = Date.parse(m.ExpireTime) <= now ? 'Expired' : Date.parse(m.StartTime) > now ? 'Scheduled' : 'Active';
                return (
                  <tr key={m.SystemMessageId} className="clickable" onClick={() => canEdit && void navigate(`/systemMessageEdit?id=${m.SystemMessageId}`)}>
                    <td title={m.Message} style={{ whiteSpace: 'normal' }}>{m.Title}</td><td>{formatDateTime(m.StartTime)}</td><td>{formatDateTime(m.ExpireTime)}</td>
                    <td><span className={`badge${status === 'Active' ? ' badge--ok' : ''}`}>{status}</span></td>
                    <td>{m.ShowUnauthenticatedUsers ? 'Yes' : 'No'}</td><td>{m.ShowFactoryUsers ? 'Yes' : 'No'}</td>
                    <td>{formatDateTime(m.ChangedOn)}</td>
                    <td className="num">{canEdit && <button type="button" className="btn btn--small btn--ghost" onClick={(e) => { e.stopPropagation(); setDeleting(m); }}>Delete</button>}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {deleting && <ConfirmDialog title="Delete message" message={`Delete "${deleting.Title}"?`} confirmLabel="Delete" danger
        onConfirm={() => void remove(deleting)} onCancel={() => setDeleting(null)} />}
    </>
  );
}
