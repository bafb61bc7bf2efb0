/**
 * The dev pattern edit screen of a pattern seasonal that has no dev pattern path yet: the user names
 * it and it is created with the default processes (DECISIONS CP-043).
 */
import { useState } from 'react';
import { apiFetch } from '../../api/http';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import { REVIEW_RED, SAVED } from './cp-rows';
import { DEV_PATTERN, type PathDetails } from './path-configs';
import { TextField, saveFailure } from './shared';

/** A pattern seasonal without a dev pattern path: the editor creates it (id 0, with the default processes, DECISIONS CP-043). */
export function CreateDevPattern({ patternSeasonalId, onCreated }: { patternSeasonalId: number; onCreated: (d: PathDetails) => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const create = async () => {
    if (!name.trim()) {
      setProblem(REVIEW_RED);
      return;
    }
    setBusy(true);
    try {
      const answer = await apiFetch<{ Data: PathDetails }>(DEV_PATTERN.saveUrl, {
        method: 'POST',
        json: { CriticalPathDevPatternId: 0, PatternSeasonalId: patternSeasonalId, CriticalPathName: name.trim() },
      });
      toast.success(SAVED);
      onCreated(answer.Data);
    } catch (e) {
      const failure = saveFailure(e);
      if (failure) setProblem(failure.text);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="cp-screen">
      <PageHeader title={DEV_PATTERN.title} />
      <section className="card cp-section" aria-label="Create critical path">
        <p>This pattern season has no dev pattern critical path yet.</p>
        {problem && (
          <div className="alert alert--error" role="alert">
            {problem}
          </div>
        )}
        <div className="cp-header__fields">
          <TextField label="Name" required value={name} onChange={setName} error={problem === REVIEW_RED ? 'Required.' : undefined} />
        </div>
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => void create()}>
          Create critical path
        </button>
      </section>
    </div>
  );
}
