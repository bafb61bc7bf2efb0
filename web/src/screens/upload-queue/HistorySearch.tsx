/**
 * The upload queue's history search (UQ-007..009): job id, queue name, status, user (only for
 * module 18 read, who sees everyone's jobs: PERM-026), start and end dates (MM/DD/YYYY, start
 * 00:00:00 .. end 23:59:59 by the server; a start after the end is refused here first), result
 * counts 25/50/100/250 (default 50), paged.
 */
import { useState, type FormEvent } from 'react';
import useSWR from 'swr';
import { errorText } from '../../api/error-text';
import { normaliseTypedDate } from '../../components/fields/dates';
import { historyPath, type HistoryQuery, type Paged, type QueueItem } from '../../components/upload/upload-api';
import { FormAlert } from '../../forms/FormAlert';
import { JobsTable } from './JobsTable';
import { DEFAULT_RESULT_COUNT, historyDates, JOB_STATUSES, RESULT_COUNTS } from './queue-helpers';
import { countOf } from '../../format/count';

interface Form {
  jobGuid: string;
  queueName: string;
  jobStatus: string;
  userId: string;
  start: string;
  end: string;
  pageSize: number;
}
const EMPTY: Form = { jobGuid: '', queueName: '', jobStatus: '', userId: '', start: '', end: '', pageSize: DEFAULT_RESULT_COUNT };

export interface HistorySearchProps {
  /** Queue names and users seen in the current list, offered as choices. */
  queueNames: readonly string[];
  users: readonly { id: string; name: string }[] | null;
}

export function HistorySearch({ queueNames, users }: HistorySearchProps) {
  const [form, setForm] = useState<Form>(EMPTY);
  const [query, setQuery] = useState<HistoryQuery | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useSWR<Paged<QueueItem>>(query ? historyPath(query) : null, { keepPreviousData: true });
  const set = <K extends keyof Form>(k: K, v: Form[K]) => setForm((f) => ({ ...f, [k]: v }));
  const run = (pageNumber: number, f = form) => {
    const dates = historyDates(f.start, f.end);
    if ('error' in dates) {
      setProblem(dates.error);
      return;
    }
    setProblem(null);
    const pick = (v: string) => v.trim() || undefined;
    setQuery({
      jobGuid: pick(f.jobGuid),
      queueName: pick(f.queueName),
      jobStatus: pick(f.jobStatus),
      userId: users ? pick(f.userId) : undefined,
      ...dates.range,
      pageNumber,
      pageSize: f.pageSize,
    });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    run(1);
  };
  const pages = Math.max(1, data?.TotalPages ?? 1);
  const page = query?.pageNumber ?? 1;
  const dateInvalid = !!problem;
  return (
    <section className="upload-section" aria-labelledby="uq-history">
      <h2 id="uq-history">History</h2>
      <form className="history-form" onSubmit={submit} aria-label="History search" noValidate>
        <div className="field">
          <label htmlFor="uq-job">Job id</label>
          <input id="uq-job" inputMode="numeric" value={form.jobGuid} onChange={(e) => set('jobGuid', e.target.value.replace(/\D+/g, ''))} />
        </div>
        <div className="field">
          <label htmlFor="uq-queue">Queue name</label>
          <input id="uq-queue" list="uq-queue-names" value={form.queueName} onChange={(e) => set('queueName', e.target.value)} />
          <datalist id="uq-queue-names">
            {queueNames.map((q) => (
              <option key={q} value={q} />
            ))}
          </datalist>
        </div>
        <div className="field">
          <label htmlFor="uq-status">Job status</label>
          <select id="uq-status" value={form.jobStatus} onChange={(e) => set('jobStatus', e.target.value)}>
            <option value="">Any</option>
            {JOB_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </div>
        {users && (
          <div className="field">
            <label htmlFor="uq-user">User</label>
            <select id="uq-user" value={form.userId} onChange={(e) => set('userId', e.target.value)}>
              <option value="">Anyone</option>
              {users.map((u) => (
                <option key={u.id} value={u.id}>
                  {u.name}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="field">
          <label htmlFor="uq-start">Start date</label>
          <input
            id="uq-start"
            placeholder="MM/DD/YYYY"
            value={form.start}
            aria-invalid={dateInvalid || undefined}
            aria-describedby={problem ? 'uq-date-error' : undefined}
            onChange={(e) => set('start', e.target.value)}
            onBlur={(e) => set('start', normaliseTypedDate(e.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="uq-end">End date</label>
          <input
            id="uq-end"
            placeholder="MM/DD/YYYY"
            value={form.end}
            aria-invalid={dateInvalid || undefined}
            aria-describedby={problem ? 'uq-date-error' : undefined}
            onChange={(e) => set('end', e.target.value)}
            onBlur={(e) => set('end', normaliseTypedDate(e.target.value))}
          />
        </div>
        <div className="field">
          <label htmlFor="uq-count">Results</label>
          <select id="uq-count" value={form.pageSize} onChange={(e) => set('pageSize', Number(e.target.value))}>
            {RESULT_COUNTS.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <div className="actions">
          <button type="submit" className="btn btn--primary">
            Search
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => {
              setForm(EMPTY);
              setQuery(null);
              setProblem(null);
            }}
          >
            Clear
          </button>
        </div>
      </form>
      {problem && (
        <p id="uq-date-error" className="field__error" role="alert">
          {problem}
        </p>
      )}
      {error && <FormAlert messages={[errorText(error, 'The history could not be loaded.')]} />}
      {isLoading && (
        <p className="with-spinner">
          <span className="spinner" aria-hidden="true" /> Searching…
        </p>
      )}
      {query &&
        data &&
        (data.Results.length ? (
          <>
            <JobsTable jobs={data.Results} label="History results" onChanged={() => void mutate()} />
            <div className="data-grid__pager" role="group" aria-label="History pages">
              <button
                type="button"
                className="btn btn--small"
                disabled={page <= 1}
                onClick={() => run(page - 1, { ...form, pageSize: query.pageSize })}
                aria-label="Previous page"
              >
                ‹
              </button>
              <span>
                Page {page} of {pages}
              </span>
              <button
                type="button"
                className="btn btn--small"
                disabled={page >= pages}
                onClick={() => run(page + 1, { ...form, pageSize: query.pageSize })}
                aria-label="Next page"
              >
                ›
              </button>
              <span className="muted">{countOf(data.TotalRecords ?? data.Results.length, 'job')}</span>
            </div>
          </>
        ) : (
          <p className="muted">No jobs match this search.</p>
        ))}
    </section>
  );
}
