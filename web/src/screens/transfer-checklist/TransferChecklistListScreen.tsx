/**
 * /transferChecklist (TC-001, TC-004): with ?prototypeId&fromFactoryKey&toFactoryKey (the colorway
 * screen's factory transfer) it finds the checklist of that colorway and factory pair and, when
 * none exists, creates it (5/2 edit), then opens it; without them it lists the checklists the
 * user may see (search by stock number, colorway or factory), each opening its checklist.
 */
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { apiFetch } from '../../api/http';
import { errorText } from '../../api/error-text';
import { useCan } from '../../auth/useCan';
import type { Paged } from '@domain/paged';
import { formatIsoDate } from '../../format/date';
import { PageHeader } from '../../shell/PageHeader';
import { toast } from '../../shell/toast-store';
import type { Checklist } from './checklist-state';
import './transfer-checklist.css';

interface Row extends Omit<Checklist, 'Items'> {
  EnabledCount: number;
  CompleteCount: number;
}

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

function ChecklistList() {
  const [text, setText] = useState('');
  const [search, setSearch] = useState('');
  const [pageNumber, setPageNumber] = useState(1);
  const { data, error } = useSWR<Paged<Row>>(
    `/api/TransferChecklist/GetTransferChecklists?searchText=${encodeURIComponent(search)}&pageNumber=${pageNumber}&pageSize=50`,
  );
  useEffect(() => {
    if (error) toast.error(errorText(error, 'The transfer checklists could not be loaded.'));
  }, [error]);
  const showsMitigation = data?.Results.some((r) => 'IsTariffMitigationTransfer' in r);
  return (
    <>
      <PageHeader title="Transfer Checklists" subtitle="Open a colorway's factory transfer checklist; a factory transfer on the colorway screen creates one." />
      <form
        className="toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          setPageNumber(1);
          setSearch(text.trim());
        }}
      >
        <input
          className="input tc-search"
          type="search"
          aria-label="Search transfer checklists"
          placeholder="Stock number, colorway or factory"
          value={text}
          maxLength={100}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn">
          Search
        </button>
      </form>
      {!data && !error && <span className="spinner" role="status" aria-label="Loading" />}
      {data && (
        <section className="card card--flush table-wrap">
          <table className="table table--dense tc-list">
            <thead>
              <tr>
                <th>Stock Number</th>
                <th>Colorway</th>
                {data.Results.some((r) => r.FromFactoryName) && <th>From Factory</th>}
                <th>To Factory</th>
                <th>Product Type</th>
                {showsMitigation && <th>Tariff Mitigation</th>}
                <th>Progress</th>
                <th>Completion Date</th>
              </tr>
            </thead>
            <tbody>
              {data.Results.map((r) => (
                <tr key={r.TransferChecklistId}>
                  <td>
                    <Link to={`/transferChecklist/${r.TransferChecklistId}`}>{r.StockNumber ?? '(no stock number)'}</Link>
                  </td>
                  <td>{r.PrototypeName}</td>
                  {data.Results.some((x) => x.FromFactoryName) && <td>{r.FromFactoryName}</td>}
                  <td>{r.ToFactoryName}</td>
                  <td>{r.TransferProductTypeName ?? ''}</td>
                  {showsMitigation && <td>{r.IsTariffMitigationTransfer ? 'Yes' : 'No'}</td>}
                  <td className="num">
                    {r.CompleteCount} / {r.EnabledCount}
                  </td>
                  <td>{formatIsoDate(r.CompletionDate)}</td>
                </tr>
              ))}
              {!data.Results.length && (
                <tr>
                  <td colSpan={8} className="muted">
                    No transfer checklists found.
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </section>
      )}
      {data && data.TotalPageCount > 1 && (
        <div className="toolbar">
          <button type="button" className="btn btn--small" disabled={pageNumber <= 1} onClick={() => setPageNumber(pageNumber - 1)}>
            Previous
          </button>
          <span className="muted">
            Page {data.CurrentPageNumber} of {data.TotalPageCount} ({data.TotalRecords})
          </span>
          <button type="button" className="btn btn--small" disabled={pageNumber >= data.TotalPageCount} onClick={() => setPageNumber(pageNumber + 1)}>
            Next
          </button>
        </div>
      )}
    </>
  );
}
