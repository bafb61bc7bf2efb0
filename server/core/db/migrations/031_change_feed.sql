-- The change feed (issue 30, ADR 035): every committed change to a record, whatever wrote it,
-- NOTIFYs on db_changes at commit, to every server process (in process on PGlite).
--
-- 1. Records: every write path writes audit rows (server/core/records/audit.ts), so one
--    statement-level trigger on audit_log catches them all. The payload is compact whatever the
--    statement's size (NOTIFY payloads stop at 8000 bytes): per entity, the runs of consecutive
--    audit ids the statement inserted, 'records <entity> <first> <last>'. The ids of a run are
--    all this statement's, so the server reads exactly its rows (entity ids and fields) back.
CREATE FUNCTION notify_record_changes() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT entity, min(auditid) AS first, max(auditid) AS last
      FROM (SELECT entity, auditid, auditid - row_number() OVER (PARTITION BY entity ORDER BY auditid) AS run FROM new_rows) t
     GROUP BY entity, run ORDER BY min(auditid)
  LOOP
    PERFORM pg_notify('db_changes', 'records ' || r.entity || ' ' || r.first || ' ' || r.last);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER audit_log_feed AFTER INSERT ON audit_log REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_record_changes();

-- 2. Jobs (the upload queue and job pages): a job's status and progress, 'jobs <first> <last> <xid>'
--    per run of job ids a statement inserted or updated (one row per statement, as a rule). The
--    transaction id tells two updates of one job apart from one notification heard twice (on
--    PostgreSQL every listening connection of a process hears it).
CREATE FUNCTION notify_job_changes() RETURNS trigger AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT min(jobid) AS first, max(jobid) AS last
      FROM (SELECT jobid, jobid - row_number() OVER (ORDER BY jobid) AS run FROM new_rows) t
     GROUP BY run ORDER BY min(jobid)
  LOOP
    PERFORM pg_notify('db_changes', 'jobs ' || r.first || ' ' || r.last || ' ' || txid_current());
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER jobs_feed_inserted AFTER INSERT ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_job_changes();
CREATE TRIGGER jobs_feed_updated AFTER UPDATE ON jobs REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION notify_job_changes();

-- 3. The path of each audit row (the cell history, issue 30): a transaction names it in 'plm.via'
--    (server/core/db/write-path.ts); NULL is a screen's. Added without a default first, so the
--    existing rows are not rewritten.
ALTER TABLE audit_log ADD COLUMN via text;
ALTER TABLE audit_log ALTER COLUMN via SET DEFAULT nullif(current_setting('plm.via', true), '');
