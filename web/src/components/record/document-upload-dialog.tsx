/**
 * The document upload dialog (DOC-004..007, DOC-016): category → approval question → factory →
 * files, then each file is sent in turn with its progress bar. The server checks everything again.
 */
import { useState } from 'react';
import { Modal } from '../../shell/Modal';
import { toast } from '../../shell/toast-store';
import { LookupDialog } from '../lookup/LookupDialog';
import { serverMessage, uploadDocument, type DocumentCategory, type Project } from './document-api';
import { DOCUMENT_EXTENSIONS, fileProblems, formatSize, stepsFor, UPLOAD_FAILURE, UPLOAD_SUCCESS } from './document-steps';

interface Props {
  project: Project;
  categories: DocumentCategory[];
  isFactoryUser: boolean;
  onClose: () => void;
  /** After the uploads (some may have failed): the list reloads. */
  onUploaded: () => void;
}

const ACCEPT = DOCUMENT_EXTENSIONS.map((e) => `.${e}`).join(',');

export function DocumentUploadDialog({ project, categories, isFactoryUser, onClose, onUploaded }: Props) {
  const [categoryId, setCategoryId] = useState<number | null>(null);
  const [stepIndex, setStepIndex] = useState(0);
  const [isApproved, setIsApproved] = useState<boolean | null>(null);
  const [factory, setFactory] = useState<{ key: string; name: string } | null>(null);
  const [picking, setPicking] = useState(false);
  const [files, setFiles] = useState<File[]>([]);
  const [progress, setProgress] = useState<Record<number, number>>({});
  const [failures, setFailures] = useState<Record<number, string>>({});
  const [sending, setSending] = useState(false);

  const category = categories.find((c) => c.ProjLevDocCategoryId === categoryId);
  const steps = stepsFor(category, isFactoryUser);
  const step = steps[stepIndex];
  const checked = fileProblems(files);
  const next = () => setStepIndex((i) => Math.min(i + 1, steps.length - 1));

  const send = async () => {
    if (!category) return;
    setSending(true);
    const failed: Record<number, string> = {};
    for (const [i, file] of files.entries()) {
      try {
        await uploadDocument(
          project,
          { categoryId: category.ProjLevDocCategoryId, isApproved: steps.includes('approval') ? isApproved : null, factoryKey: factory?.key ?? null },
          file,
          (share) => setProgress((p) => ({ ...p, [i]: share })),
        );
        setProgress((p) => ({ ...p, [i]: 1 }));
      } catch (e) {
        failed[i] = serverMessage(e) ?? UPLOAD_FAILURE;
        setFailures({ ...failed });
      }
    }
    setSending(false);
    onUploaded();
    if (Object.keys(failed).length) {
      toast.error(UPLOAD_FAILURE);
      return;
    }
    toast.success(UPLOAD_SUCCESS);
    onClose();
  };

  const actions = (
    <>
      <button type="button" className="btn" onClick={onClose} disabled={sending}>
        Cancel
      </button>
      {stepIndex > 0 && (
        <button type="button" className="btn" disabled={sending} onClick={() => setStepIndex((i) => i - 1)}>
          Back
        </button>
      )}
      {step === 'category' && (
        <button type="button" className="btn btn--primary" disabled={!category} onClick={next}>
          Next
        </button>
      )}
      {step === 'approval' && (
        <button type="button" className="btn btn--primary" disabled={isApproved === null} onClick={next}>
          Next
        </button>
      )}
      {step === 'factory' && (
        <button type="button" className="btn btn--primary" onClick={next}>
          {factory ? 'Next' : 'Skip'}
        </button>
      )}
      {step === 'files' && (
        <button type="button" className="btn btn--primary" disabled={sending || !files.length || checked.some((c) => c.problem)} onClick={() => void send()}>
          Upload
        </button>
      )}
    </>
  );

  return (
    <Modal title="Upload Documents" onCancel={sending ? undefined : onClose} actions={actions} className="document-upload">
      <ol className="document-upload__steps" aria-label="Steps">
        {steps.map((s, i) => (
          <li key={s} aria-current={i === stepIndex ? 'step' : undefined}>
            {STEP_TITLES[s]}
          </li>
        ))}
      </ol>
      {step === 'category' && (
        <label className="field">
          Category
          <select
            value={categoryId ?? ''}
            onChange={(e) => {
              setCategoryId(e.target.value ? Number(e.target.value) : null);
              setIsApproved(null);
              setFactory(null);
            }}
            data-autofocus
          >
            <option value="">Choose a category…</option>
            {categories.map((c) => (
              <option key={c.ProjLevDocCategoryId} value={c.ProjLevDocCategoryId}>
                {c.CategoryName}
              </option>
            ))}
          </select>
        </label>
      )}
      {step === 'approval' && (
        <fieldset className="field">
          <legend>Is this an approved document?</legend>
          <label>
            <input type="radio" name="doc-approved" checked={isApproved === true} onChange={() => setIsApproved(true)} /> Yes
          </label>
          <label>
            <input type="radio" name="doc-approved" checked={isApproved === false} onChange={() => setIsApproved(false)} /> No
          </label>
        </fieldset>
      )}
      {step === 'factory' && (
        <div className="field">
          <p>Give the document to a factory (optional).</p>
          <p>{factory ? `${factory.key} ${factory.name}` : 'No factory'}</p>
          <button type="button" className="btn" onClick={() => setPicking(true)}>
            Select Factory
          </button>
          {factory && (
            <button type="button" className="btn" onClick={() => setFactory(null)}>
              Clear
            </button>
          )}
        </div>
      )}
      {step === 'files' && (
        <>
          <label className="field">
            Files
            <input
              type="file"
              multiple
              accept={ACCEPT}
              aria-label="Document files"
              disabled={sending}
              onChange={(e) => {
                setFiles([...(e.currentTarget.files ?? [])]);
                setProgress({});
                setFailures({});
              }}
            />
          </label>
          <ul className="document-upload__files">
            {checked.map(({ file, problem }, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a pick replaces the whole list, which then stays as it is; progress and failures are kept by index
              <li key={`${file.name}-${i}`}>
                <span>
                  {file.name} ({formatSize(file.size)})
                </span>
                {problem && (
                  <span className="alert alert--error" role="alert">
                    {problem}
                  </span>
                )}
                {!problem && <progress max={1} value={progress[i] ?? 0} aria-label={`Upload progress of ${file.name}`} />}
                {failures[i] && (
                  <span className="alert alert--error" role="alert">
                    {failures[i]}
                  </span>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {picking && (
        <LookupDialog
          lookup="Factories"
          onClose={() => setPicking(false)}
          onPick={(row) => {
            setFactory({ key: String(row.FactoryKey), name: String(row.FactoryName ?? '') });
            setPicking(false);
          }}
        />
      )}
    </Modal>
  );
}

const STEP_TITLES = { category: 'Category', approval: 'Approval', factory: 'Factory', files: 'Files' } as const;
