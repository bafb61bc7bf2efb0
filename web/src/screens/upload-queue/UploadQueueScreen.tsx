/**
 * /upload-queue (UQ-001..003, UQ-007..009): the current jobs (own; everyone's with module 18
 * read, PERM-026), polled every 5 seconds (UQ-002), each with its status, creator, dates, file,
 * counts, progress and Resume/Cancel (UQ-004/005); a row opens the job. Below, the history search.
 */
import { useMemo } from 'react';
import useSWR from 'swr';
import { can } from '../../auth/permissions';
import { useSessionStore } from '../../auth/session-store';
import { errorText } from '../../api/error-text';
import { QUEUE_PATH, type Paged, type QueueItem } from '../../components/upload/upload-api';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { HistorySearch } from './HistorySearch';
import { JobsTable } from './JobsTable';
import { QUEUE_POLL_MS } from './queue-helpers';
import { useFeedEvent, useFeedLive } from '../../feed/use-feed';

export function UploadQueueScreen() {
  const everyone = useSessionStore((s) => can(s.session?.userPermissions, 'systemMessages', 'read'));
  // Issue 30: the change feed tells of every job change; the 5-second poll runs only while the feed is down.
  const live = useFeedLive();
  const { data, error, mutate } = useSWR<Paged<QueueItem>>(QUEUE_PATH, { refreshInterval: live ? 0 : QUEUE_POLL_MS });
  useFeedEvent('jobs', () => void mutate());
  useFeedEvent('reload', () => void mutate());
  const jobs = useMemo(() => data?.Results ?? [], [data]);
  const queueNames = useMemo(() => [...new Set(jobs.map((j) => j.QueueName).filter(Boolean))].sort(), [jobs]);
  const users = useMemo(() => {
    if (!everyone) return null;
    const seen = new Map<string, string>();
    for (const j of jobs) if (j.CreatedBy !== null && j.CreatedBy !== undefined) seen.set(String(j.CreatedBy), j.CreatedByName ?? String(j.CreatedBy));
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [jobs, everyone]);
  return (
    <>
      <PageHeader
        title="Upload Queue"
        subtitle={
          everyone
            ? "Everyone's uploads of the last 7 days and every unfinished one; this list refreshes every 5 seconds."
            : 'Your uploads of the last 7 days and every unfinished one; this list refreshes every 5 seconds.'
        }
      />
      <section aria-labelledby="uq-current">
        <h2 id="uq-current" className="visually-hidden">
          Current jobs
        </h2>
        {error && <FormAlert messages={[errorText(error, 'The upload queue could not be loaded.')]} />}
        {!data && !error && (
          <div className="page-fallback">
            <span className="spinner spinner--lg" role="status" aria-label="Loading" />
          </div>
        )}
        {data &&
          (jobs.length ? (
            <JobsTable jobs={jobs} label="Current jobs" onChanged={() => void mutate()} />
          ) : (
            <p className="muted">No uploads in the last 7 days. An upload from a flash edit grid, /home or Search shows here.</p>
          ))}
      </section>
      <HistorySearch queueNames={queueNames} users={users} />
    </>
  );
}
