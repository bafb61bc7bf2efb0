/**
 * The documents of a hierarchy record (DOC-001..017), on every record screen: the list, upload
 * (document-upload-dialog), download, delete of the checked documents after a confirmation (a
 * factory user only their own: DOC-012), and change or remove a document's factory (not for
 * factory users: DOC-011), and the colorways a pattern document is associated with. What the list holds is the server's choice (a factory user gets only
 * documents of their factory and their own uploads).
 */
import { useState } from 'react';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import { LookupDialog } from '../lookup/LookupDialog';
import type { HierarchyLevel } from './hierarchy';
import type { RecordData } from './use-hierarchy-record';
import {
  categoriesKey,
  changeFactory,
  deleteDocuments,
  documentsKey,
  downloadDocument,
  removeFactory,
  serverMessage,
  type DocumentCategory,
  type DocumentRow,
} from './document-api';
import { formatSize, notDeletedMessage } from './document-steps';
import { DocumentColorwaysDialog } from './document-colorways-dialog';
import { DocumentUploadDialog } from './document-upload-dialog';
import './document-panel.css';

export interface DocumentsPanelProps {
  level: HierarchyLevel;
  record: RecordData;
  /** Upload, delete and factory changes allowed (the module's edit right and an editable status). */
  canEdit: boolean;
}

const fetcher = <T,>(url: string) => apiFetch<T>(url, { handleAuthErrors: false });

export function DocumentsPanel({ level, record, canEdit }: DocumentsPanelProps) {
  const project = { projectLevel: level.level, projectId: Number(record[level.key]) };
  const isFactoryUser = useSessionStore((s) => !!s.session?.isFactoryUser);
  const list = useSWR<DocumentRow[]>(documentsKey(project), fetcher);
  const categories = useSWR<DocumentCategory[]>(canEdit ? categoriesKey(level.level) : null, fetcher);
  const [checked, setChecked] = useState<Set<number>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [factoryFor, setFactoryFor] = useState<DocumentRow | null>(null);
  const [colorwaysFor, setColorwaysFor] = useState<DocumentRow | null>(null);
  const rows = list.data ?? [];

  const toggle = (id: number) =>
    setChecked((s) => {
      const next = new Set(s);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const run = async (call: () => Promise<{ IsSuccessful: boolean; Message: string }>, failure: string) => {
    try {
      const answer = await call();
      if (answer.IsSuccessful) toast.success(answer.Message);
      else toast.error(answer.Message);
    } catch (e) {
      toast.error(serverMessage(e) ?? failure);
    }
    await list.mutate();
  };

  const remove = async () => {
    setConfirming(false);
    const ids = [...checked];
    await run(() => deleteDocuments(ids), notDeletedMessage(ids.length, ids.length));
    setChecked(new Set());
  };

  const download = async (doc: DocumentRow) => {
    try {
      await downloadDocument(doc);
    } catch (e) {
      toast.error(serverMessage(e) ?? 'The document could not be downloaded.');
    }
  };

  return (
    <section className="record-panel documents-panel" aria-label="Documents">
      <div className="documents-panel__header">
        <h2>Documents</h2>
        {canEdit && (
          <div className="documents-panel__actions">
            <button type="button" className="btn btn--primary" disabled={!categories.data} onClick={() => setUploading(true)}>
              Upload Documents
            </button>
            {checked.size > 0 && (
              <button type="button" className="btn btn--danger" onClick={() => setConfirming(true)}>
                Delete Selected ({checked.size})
              </button>
            )}
          </div>
        )}
      </div>
      {list.error && (
        <div className="alert alert--error" role="alert">
          {serverMessage(list.error) ?? 'The documents could not be loaded.'}
        </div>
      )}
      {!list.error && !rows.length && <p className="documents-panel__empty">{list.isLoading ? 'Loading…' : 'No documents'}</p>}
      {rows.length > 0 && (
        <table className="documents-table">
          <thead>
            <tr>
              {canEdit && <th aria-label="Select" />}
              <th>File Name</th>
              <th>Category</th>
              <th>Size</th>
              <th>Factory</th>
              <th>Approved</th>
              <th>Uploaded By</th>
              <th>Uploaded On</th>
              {canEdit && !isFactoryUser && <th>Actions</th>}
            </tr>
          </thead>
          <tbody>
            {rows.map((doc) => (
              <tr key={doc.DocumentId}>
                {canEdit && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${doc.DisplayFileName}`}
                      disabled={!doc.CanDelete}
                      checked={checked.has(doc.DocumentId)}
                      onChange={() => toggle(doc.DocumentId)}
                    />
                  </td>
                )}
                <td>
                  <button type="button" className="link-btn" title="Download" onClick={() => void download(doc)}>
                    {doc.DisplayFileName}
                  </button>
                </td>
                <td>{doc.CategoryName}</td>
                <td>{formatSize(doc.FileSize)}</td>
                <td>{doc.FactoryKey ? `${doc.FactoryKey} ${doc.FactoryName ?? ''}` : ''}</td>
                <td>{doc.IsApproved === null ? '' : doc.IsApproved ? 'Yes' : 'No'}</td>
                <td>{doc.CreatedByName}</td>
                <td>{new Date(doc.CreatedOn).toLocaleString()}</td>
                {canEdit && !isFactoryUser && (
                  <td>
                    {doc.AllowFactorySelection && (
                      <button type="button" className="btn btn--small" onClick={() => setFactoryFor(doc)}>
                        Change Factory
                      </button>
                    )}
                    {doc.FactoryKey && (
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => void run(() => removeFactory(doc.DocumentId), 'The factory could not be removed.')}
                      >
                        Remove Factory
                      </button>
                    )}
                    {doc.AllowChildSelection && (
                      <button type="button" className="btn btn--small" onClick={() => setColorwaysFor(doc)}>
                        Colorways ({doc.AssociatedPrototypeCount})
                      </button>
                    )}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {uploading && categories.data && (
        <DocumentUploadDialog
          project={project}
          categories={categories.data}
          isFactoryUser={isFactoryUser}
          onClose={() => setUploading(false)}
          onUploaded={() => void list.mutate()}
        />
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete documents"
          message={`Delete ${checked.size} document(s)?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
      {colorwaysFor && <DocumentColorwaysDialog doc={colorwaysFor} onClose={() => setColorwaysFor(null)} onSaved={() => void list.mutate()} />}
      {factoryFor && (
        <LookupDialog
          lookup="Factories"
          onClose={() => setFactoryFor(null)}
          onPick={(row) => {
            const doc = factoryFor;
            setFactoryFor(null);
            void run(() => changeFactory(doc.DocumentId, String(row.FactoryKey)), 'The factory could not be changed.');
          }}
        />
      )}
    </section>
  );
}
