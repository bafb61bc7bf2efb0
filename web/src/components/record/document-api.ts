/**
 * The document calls from the browser (DOC-013/014): list, categories, upload with progress
 * (XMLHttpRequest: fetch has no upload progress; the bearer token comes from the session store
 * like every other call), download as a file, delete, change or remove the factory.
 */
import { ApiError, apiBlob, apiFetch, saveFile } from '../../api/http';
import { useSessionStore } from '../../auth/session-store';

export interface DocumentRow {
  DocumentId: number;
  DisplayFileName: string;
  FileSize: number;
  CreatedById: number;
  CreatedByName: string;
  CreatedOn: string;
  ProjectId: number;
  ProjectLevel: number;
  ProjLevDocCategoryId: number;
  CategoryName: string;
  AllowFactorySelection: boolean;
  AllowChildSelection: boolean;
  FactoryKey: string | null;
  FactoryName: string | null;
  FactoryGroupKey: string | null;
  FactoryGroupName: string | null;
  IsApproved: boolean | null;
  AssociatedPrototypeCount: number;
  CanDelete: boolean;
}
export interface DocumentCategory {
  ProjLevDocCategoryId: number;
  CategoryName: string;
  IsApprovalDocument: boolean;
  AllowFactorySelection: boolean;
  AllowChildSelection: boolean;
}
export interface Project {
  projectLevel: number;
  projectId: number;
}
export interface UploadChoice {
  categoryId: number;
  isApproved: boolean | null;
  factoryKey: string | null;
}
interface Answer {
  IsSuccessful: boolean;
  Message: string;
}

export const documentsKey = (p: Project) => `/api/Document/DocumentsList?ProjectId=${p.projectId}&ProjectLevel=${p.projectLevel}`;
export const categoriesKey = (level: number) => `/api/Document/DocumentCategoryList?ProjectLevel=${level}`;

/** One file (DOC-007); `onProgress` gets the share sent, 0..1. The fields go first so the server checks them before storing a byte. */
export function uploadDocument(p: Project, choice: UploadChoice, file: File, onProgress: (share: number) => void): Promise<Answer> {
  const form = new FormData();
  form.append('ProjectId', String(p.projectId));
  form.append('ProjectLevel', String(p.projectLevel));
  form.append('ProjLevDocCategoryId', String(choice.categoryId));
  if (choice.isApproved !== null) form.append('IsApproved', String(choice.isApproved));
  if (choice.factoryKey) form.append('FactoryKey', choice.factoryKey);
  form.append('file', file, file.name);
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/Document/UploadDocument');
    const token = useSessionStore.getState().session?.accessToken;
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as Answer);
      else reject(new ApiError(xhr.status, body, false));
    };
    xhr.onerror = () => reject(new ApiError(0, null, true));
    xhr.send(form);
  });
}

export async function downloadDocument(doc: DocumentRow) {
  const blob = await apiBlob(`/api/Document/DownloadFile?documentId=${doc.DocumentId}`, { handleAuthErrors: false });
  if (blob) saveFile(blob, doc.DisplayFileName);
}

export const deleteDocuments = (ids: number[]) =>
  apiFetch<Answer>('/api/Document/DeleteDocument', { query: { documentIds: ids.join(',') }, handleAuthErrors: false });

export const changeFactory = (documentId: number, factoryKey: string) =>
  apiFetch<Answer>('/api/Document/ChangeDocumentFactory', { json: { DocumentId: documentId, FactoryKey: factoryKey }, handleAuthErrors: false });

export const removeFactory = (documentId: number) =>
  apiFetch<Answer>('/api/Document/RemoveDocumentFactory', { json: { DocumentId: documentId }, handleAuthErrors: false });

/** The server's message of a failed call, when it gave one. */
export const serverMessage = (e: unknown): string | undefined => (e instanceof ApiError ? (e.body as { Message?: string } | null)?.Message : undefined);

export interface AssociatedPrototype {
  PrototypeSeasonalId: number;
  PrototypeName: string;
  StockNum: string | null;
  IsAssociated: boolean;
}

export const associatedPrototypesKey = (documentId: number) => `/api/Document/AssociatedPrototypes?documentId=${documentId}`;

export const savePrototypeAssociations = (documentId: number, prototypeSeasonalIds: number[]) =>
  apiFetch<Answer>('/api/Document/SavePrototypeAssociations', {
    json: { DocumentId: documentId, PrototypeSeasonalIds: prototypeSeasonalIds },
    handleAuthErrors: false,
  });
