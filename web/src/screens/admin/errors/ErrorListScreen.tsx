/** /errors (ADMIN-037..040): the error log, filtered by id, user, dates, message and list size, in the 'errors' grid; a row opens /errors/{id}. */
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import useSWR from 'swr';
import { ApiError, withQuery } from '../../../api/http';
import { errorText } from '../../../api/error-text';
import { DataGrid } from '../../../components/data-grid/DataGrid';
import { FormAlert } from '../../../forms/FormAlert';
import { PageHeader } from '../../../shell/PageHeader';
import { ERROR_LIST_AMOUNTS, filterFromParams, filterQuery, type ErrorFilter } from './error-filter';
import '../common/admin.css';

export interface ErrorRow {
  Sequence: number;
  TimeUtc: string;
  User: string;
  Message: string;
}

const EMPTY_ANSWER = "Please contact your System Administrator (if you aren't already one)";
const LIST_FAILED = 'There was an issue retrieving the error list.';

const errorLink = (r: Record<string, unknown>) => `/errors/${String(r.Sequence)}`;

export function ErrorListScreen() {
  const [params, setParams] = useSearchParams();
  const applied = filterFromParams(params);
  const [f, setF] = useState<ErrorFilter>(applied);
  const { data, error, isLoading } = useSWR<ErrorRow[]>(withQuery('/api/User/GetErrors', filterQuery(applied)), { keepPreviousData: true });
  const set = <K extends keyof ErrorFilter>(k: K, v: ErrorFilter[K]) => setF((x) => ({ ...x, [k]: v }));
  const apply = (e: FormEvent) => {
    e.preventDefault();
    const q = filterQuery(f);
    setParams(
      Object.fromEntries(
        Object.entries({ ...q, StartDate: f.StartDate, EndDate: f.EndDate })
          .filter(([, v]) => v !== '')
          .map(([k, v]) => [k, String(v)]),
      ),
    );
  };
  const failure = error ? (error instanceof ApiError && error.status === 404 ? errorText(error, LIST_FAILED) : LIST_FAILED) : null;
  return (
    <>
      <PageHeader title="Error Log" subtitle="Server errors, newest first. Ctrl+Shift+E opens this page." />
      <form className="toolbar" onSubmit={apply} aria-label="Error filter">
        <div className="field" style={{ minWidth: 90, width: 90 }}>
          <label htmlFor="e-id">Error id</label>
          <input id="e-id" inputMode="numeric" value={f.ErrorId} onChange={(e) => set('ErrorId', e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor="e-user">User</label>
          <input id="e-user" value={f.User} onChange={(e) => set('User', e.target.value)} />
        </div>
        <div className="field" style={{ minWidth: 120, width: 120 }}>
          <label htmlFor="e-start">Start date</label>
          <input id="e-start" placeholder="MM/DD/YYYY" value={f.StartDate} onChange={(e) => set('StartDate', e.target.value)} />
        </div>
        <div className="field" style={{ minWidth: 120, width: 120 }}>
          <label htmlFor="e-end">End date</label>
          <input id="e-end" placeholder="MM/DD/YYYY" value={f.EndDate} onChange={(e) => set('EndDate', e.target.value)} />
        </div>
        <div className="field" style={{ minWidth: 220 }}>
          <label htmlFor="e-msg">Message</label>
          <input id="e-msg" value={f.Message} onChange={(e) => set('Message', e.target.value)} />
        </div>
        <div className="field" style={{ minWidth: 90, width: 90 }}>
          <label htmlFor="e-n">Show</label>
          <select id="e-n" value={f.ErrorListAmount} onChange={(e) => set('ErrorListAmount', Number(e.target.value))}>
            {ERROR_LIST_AMOUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn--primary btn--small" style={{ height: 34 }}>
          Search
        </button>
        <span className="spacer" />
        {isLoading && (
          <span className="with-spinner">
            <span className="spinner" aria-hidden="true" /> Loading…
          </span>
        )}
        {data && <span className="muted">{data.length} errors</span>}
      </form>
      {failure && <FormAlert messages={[failure]} />}
      {data && !data.length && !failure && <p className="muted">{applied.ErrorId ? 'Error not found, please check your id.' : EMPTY_ANSWER}</p>}
      {data && data.length > 0 && (
        <DataGrid
          gridId="errors"
          source={{ rows: data, loading: isLoading }}
          keyField="Sequence"
          linkField="Sequence"
          recordLink={errorLink}
          reportName="Error Log"
          pageSize={100}
          height="calc(100vh - 330px)"
        />
      )}
    </>
  );
}
