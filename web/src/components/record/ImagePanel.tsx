/**
 * The image of a hierarchy record (DOC-018..023): shows the 600 px image (or a placeholder),
 * uploads a new one from the file picker or the drop area after the early checks (extension, name
 * length; the server checks again, and the content), lets a pattern choose product or outsole,
 * and deletes after a confirmation. The toasts are the spec's (DOC-023).
 */
import { useRef, useState, type DragEvent } from 'react';
import { ConfirmDialog } from '../../shell/ConfirmDialog';
import { toast } from '../../shell/toast-store';
import type { HierarchyLevel } from './hierarchy';
import type { RecordData } from './use-hierarchy-record';
import { deleteImage, failureDetail, uploadImage, type ImageTarget } from './image-api';
import {
  DELETE_FAILED,
  IMAGE_DELETED,
  OUTSOLE_IMAGE,
  IMAGE_TYPE_LABELS,
  IMAGE_UPLOADED,
  imageFileProblem,
  imageUrl,
  PICKER_ACCEPT,
  uploadFailed,
  type ImageSource,
  type ImageType,
} from './image-checks';
import { useImageView } from './image-view';
import './image-panel.css';

export interface ImagePanelProps {
  level: HierarchyLevel;
  /** The record; its key field gives the ProjectId. */
  record: RecordData;
  /** Image types offered (DOC-020: 1 product, 2 outsole); a pattern asks which. Default [1]. */
  imageTypes?: readonly (1 | 2)[];
  /** Upload and delete allowed. */
  canEdit: boolean;
  /** Called after an upload or delete (the screen reloads the record). */
  onChanged?: () => void;
}

const DEFAULT_TYPES: readonly ImageType[] = [1];

export function ImagePanel({ level, record, imageTypes = DEFAULT_TYPES, canEdit, onChanged }: ImagePanelProps) {
  const [imageType, setImageType] = useState<ImageType>(imageTypes[0] ?? 1);
  const [stamp, setStamp] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [dragOver, setDragOver] = useState(false);
  const picker = useRef<HTMLInputElement>(null);

  const target: ImageTarget = { projectLevel: level.level, projectId: Number(record[level.key]), imageType };
  // The record names its image where its schema has the field (not yet a line plan's): no name, nothing to fetch.
  const nameField = imageType === OUTSOLE_IMAGE ? 'OutsoleImageName' : 'ImageName';
  const hasNoImage = nameField in record && !record[nameField];
  const view = useImageView(hasNoImage ? null : imageUrl(target.projectLevel, target.projectId, imageType, 600, `${String(record.RowVersion ?? 0)}.${stamp}`));
  const label = IMAGE_TYPE_LABELS[imageType];

  const changed = () => {
    setStamp((s) => s + 1);
    onChanged?.();
  };

  const send = async (file: File, source: ImageSource) => {
    const found = imageFileProblem(file.name, source);
    setProblem(found ?? null);
    if (found) {
      toast.error(found);
      return;
    }
    setBusy(true);
    try {
      await uploadImage(target, file);
      toast.success(IMAGE_UPLOADED);
      changed();
    } catch (e) {
      toast.error(uploadFailed(failureDetail(e)));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setConfirming(false);
    setBusy(true);
    try {
      await deleteImage(target);
      toast.success(IMAGE_DELETED);
      changed();
    } catch {
      toast.error(DELETE_FAILED);
    } finally {
      setBusy(false);
    }
  };

  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragOver(false);
    const file = e.dataTransfer.files[0];
    if (canEdit && !busy && file) void send(file, 'drop');
  };
  const onDragOver = (e: DragEvent) => {
    if (!canEdit) return;
    e.preventDefault();
    setDragOver(true);
  };

  return (
    <section className="record-panel image-panel" aria-label="Image">
      <h2 className="image-panel__title">Image</h2>
      {imageTypes.length > 1 && (
        <fieldset className="image-panel__types">
          <legend>Image type</legend>
          {imageTypes.map((t) => (
            <label key={t}>
              <input type="radio" name={`image-type-${level.entity}`} value={t} checked={imageType === t} onChange={() => setImageType(t)} />{' '}
              {IMAGE_TYPE_LABELS[t]}
            </label>
          ))}
        </fieldset>
      )}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a drop target for a dragged file; the keyboard way is the Upload Image button below */}
      <div
        className={`image-panel__drop${dragOver ? ' image-panel__drop--over' : ''}`}
        data-testid="image-drop"
        onDragOver={onDragOver}
        onDragLeave={() => setDragOver(false)}
        onDrop={onDrop}
      >
        {view.state === 'shown' && (
          <img className="image-panel__image" src={view.src} alt={`${String(record[level.name] ?? level.title)}, ${label.toLowerCase()} view`} />
        )}
        {view.state === 'loading' && <span className="spinner" role="status" aria-label="Loading image" />}
        {view.state === 'none' && <span className="image-panel__placeholder">No {label.toLowerCase()} image</span>}
        {view.state === 'failed' && <span className="image-panel__placeholder">The image could not be loaded.</span>}
        {canEdit && <span className="image-panel__hint">Drop an image here (jpg, jpeg, gif, png, bmp)</span>}
      </div>
      {problem && (
        <div className="alert alert--error" role="alert">
          {problem}
        </div>
      )}
      {canEdit && (
        <div className="image-panel__actions">
          <input
            ref={picker}
            type="file"
            accept={PICKER_ACCEPT}
            hidden
            aria-label="Image file"
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = '';
              if (file) void send(file, 'picker');
            }}
          />
          <button type="button" className="btn btn--primary" disabled={busy} onClick={() => picker.current?.click()}>
            Upload Image
          </button>
          {view.state === 'shown' && (
            <button type="button" className="btn btn--danger" disabled={busy} onClick={() => setConfirming(true)}>
              Delete Image
            </button>
          )}
          {busy && <span className="spinner" role="status" aria-label="Working" />}
        </div>
      )}
      {confirming && (
        <ConfirmDialog
          title="Delete image"
          message={`Delete the ${label.toLowerCase()} image?`}
          confirmLabel="Delete"
          danger
          onConfirm={() => void remove()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </section>
  );
}
