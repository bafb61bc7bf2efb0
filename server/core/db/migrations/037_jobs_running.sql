-- Issue 29: every idle poll of the job queue gives Running jobs of dead processes (lockedat stale) back to the queue;
-- this index keeps that check to the few Running rows.
CREATE INDEX jobs_running ON jobs (lockedat) WHERE status = 'Running';
