/**
 * /transferChecklist (TC-001, TC-004): with ?prototypeId&fromFactoryKey&toFactoryKey (the colorway
 * screen's factory transfer) it finds the checklist of that colorway and factory pair and, when
 * none exists, creates it (5/2 edit), then opens it; without them it lists the checklists the
 * user may see (search by stock number, colorway or factory), each opening its checklist (./ChecklistList.tsx).
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import type { Checklist } from './checklist-state';
import { ChecklistList } from './ChecklistList';

export function TransferChecklistListScreen() {
  const [params] = useSearchParams();
  const prototypeId = params.get('prototypeId');
  const from = params.get('fromFactoryKey');
  const to = params.get('toFactoryKey');
  return prototypeId && from && to ? <FindOrCreate prototypeId={prototypeId} from={from} to={to} /> : <ChecklistList />;
}

/** TC-004: Find, then Create when none exists; opens the checklist. */
function FindOrCreate({ prototypeId, from, to }: { prototypeId: string; from: string; to: string }) {
  const navigate = useNavigate();
  const canEdit = useCan('colorway', 'edit');
  const [problem, setProblem] = useState<string | null>(null);
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const query = { prototypeId, fromFactoryKey: from, toFactoryKey: to };
    void (async () => {
      try {
        let found = await apiFetch<Checklist | null>('/api/TransferChecklist/Find', { query });
        if (!found && canEdit) found = await apiFetch<Checklist>('/api/TransferChecklist/Create', { method: 'POST', query });
        if (found) void navigate(`/transferChecklist/${found.TransferChecklistId}`, { replace: true });
        else setProblem('No transfer checklist exists yet for this colorway and factory pair.');
      } catch (e) {
        setProblem(errorText(e, 'The transfer checklist could not be opened.'));
      }
    })();
  }, [prototypeId, from, to, canEdit, navigate]);
  return problem ? (
    <div className="alert alert--error" role="alert">
      {problem} <Link to="/transferChecklist">Transfer checklists</Link>
    </div>
  ) : (
    <span className="spinner" role="status" aria-label="Loading" />
  );
}
