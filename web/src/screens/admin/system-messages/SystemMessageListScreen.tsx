/**
 * /systemMessageList (SYSMSG-001/002/009/015/016): every message, newest first, in the
 * 'system-messages' grid (rows of GET /api/SystemMessage/GetMessages) with a status column;
 * the title link (or Enter / double-click) opens the editor, Delete removes the selected message.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../../api/http';
import { useCan } from '../../../auth/useCan';
import type { GridColumn } from '../../../components/data-grid/columns';
import { DataGrid } from '../../../components/data-grid/DataGrid';
import { FormAlert } from '../../../forms/FormAlert';
import { ConfirmDialog } from '../../../shell/ConfirmDialog';
import { PageHeader } from '../../../shell/PageHeader';
import { toast } from '../../../shell/toast-store';
import { DELETE_FAILED, DELETED, LIST_FAILED, NONE_FOUND } from './message-form';
import '../common/admin.css';

export interface SystemMessage {
  SystemMessageId: number;
  Title: string;
  Message: string;
  StartTime: string;
  ExpireTime: string;
  ShowUnauthenticatedUsers: boolean;
  ShowFactoryUsers: boolean;
  ChangedOn: string | null;
}

/** Active, Scheduled or Expired at `now`. */
export function messageStatus(m: Pick<SystemMessage, 'StartTime' | 'ExpireTime'>, now: number): string {
  return Date.parse(m.ExpireTime) <= now ? 'Expired' : Date.parse(m.StartTime) > now ? 'Scheduled' : 'Active';
}

const STATUS_COLUMN: GridColumn[] = [{ field: 'Status', title: 'Status', width: 100, kind: 'text', readOnly: true, nullable: false }];
const editLink = (m: Record<string, unknown>) => `/systemMessageEdit?id=${String(m.SystemMessageId)}`;

export function SystemMessageListScreen() {
  const canEdit = useCan('systemMessages', 'edit');
  const { data, error, isLoading, mutate } = useSWR<SystemMessage[]>('/api/SystemMessage/GetMessages');
  const [deleting, setDeleting] = useState<SystemMessage | null>(null);
  const [selected, setSelected] = useState<SystemMessage[]>([]);
  const rows = useMemo(() => {
    const now = Date.now();
    return data?.map((m) => ({ ...m, Status: messageStatus(m, now) }));
  }, [data]);
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
      <PageHeader
        title="System Messages"
        subtitle="Banners shown to signed-in users and on the sign-in page."
        actions={
          canEdit && (
            <Link className="btn btn--small btn--primary" to="/systemMessageEdit">
              New message
            </Link>
          )
        }
      />
      {error && <FormAlert messages={[LIST_FAILED]} />}
      {!error && (
        <>
          {canEdit && (
            <div className="toolbar">
              <button type="button" className="btn btn--small btn--danger" disabled={selected.length !== 1} onClick={() => setDeleting(selected[0])}>
                Delete
              </button>
              <span className="muted">Select a message to delete it.</span>
            </div>
          )}
          <DataGrid
            gridId="system-messages"
            source={{ rows, loading: isLoading }}
            keyField="SystemMessageId"
            extraColumns={STATUS_COLUMN}
            linkField={canEdit ? 'Title' : undefined}
            recordLink={canEdit ? editLink : undefined}
            emptyText={NONE_FOUND}
            reportName="System Messages"
            onSelectionChange={(r) => setSelected(r as unknown as SystemMessage[])}
            height="calc(100vh - 300px)"
          />
        </>
      )}
      {deleting && (
        <ConfirmDialog
          title="Delete message"
          message={`Delete "${deleting.Title}"?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
