/**
 * /migrations (ADMIN-041/042, DECISIONS PERM-026: module users edit): applied and pending
 * migrations, and a button that applies the pending ones.
 */
import { useState } from 'react';
import { errorText } from '../../api/error-text';
import { runMigrations, useMigrations } from '../../api/migrations';
import { FormAlert } from '../../forms/FormAlert';
import { PageHeader } from '../../shell/PageHeader';
import { DEFAULT_ERROR_TEXT, toast } from '../../shell/toast-store';
import { CompletedTable } from './CompletedTable';
import { PendingList } from './PendingList';

export function MigrationsScreen() {
  const { data, error, isLoading, mutate } = useMigrations();
  const [running, setRunning] = useState(false);
  const [applied, setApplied] = useState<string[] | null>(null);

  async function run() {
    setRunning(true);
    try {
      const answer = await runMigrations();
      setApplied(answer.Applied ?? []);
      if (answer.IsSuccessful) toast.success(answer.Message || 'Migrations applied.');
      else toast.error(answer.Message || DEFAULT_ERROR_TEXT);
    } catch (err) {
      toast.error(errorText(err, DEFAULT_ERROR_TEXT));
    } finally {
      setRunning(false);
      void mutate();
    }
  }

  const pending = data?.Pending ?? [];
  return (
    <>
      <PageHeader
        title="Migrations"
        subtitle="Database migrations of this installation. Each pending migration is applied in its own transaction."
        actions={
          <button type="button" className="btn btn--primary" onClick={run} disabled={running || isLoading || !!error} aria-busy={running || undefined}>
            {running && <span className="spinner" aria-hidden="true" />}
            Run pending migrations
          </button>
        }
      />
      {error && <FormAlert messages={[errorText(error, DEFAULT_ERROR_TEXT)]} />}
      {applied && (
        <FormAlert
          kind={applied.length ? 'success' : 'info'}
          messages={[applied.length ? `Applied: ${applied.join(', ')}` : 'No pending migrations were applied.']}
        />
      )}
      {isLoading && (
        <p className="with-spinner" role="status">
          <span className="spinner" aria-hidden="true" /> Loading migrations…
        </p>
      )}
      {data && (
        <div className="split">
          <PendingList pending={pending} />
          <CompletedTable completed={data.Completed} />
        </div>
      )}
    </>
  );
}
