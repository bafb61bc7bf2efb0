-- Excel imports (issue 13, ADR 018): one row per uploaded file and one per row of it. The dry run
-- (preview) fills import_rows with what each row would change; the commit job writes the 'changed'
-- rows in batches and records each row's outcome in the same transaction as its batch, so a crash
-- never leaves a batch half-written and Resume continues after the last committed row.
-- When a job last started running (the upload queue's "Started"; lockedat is cleared when it ends).
ALTER TABLE jobs ADD COLUMN startedat timestamptz;

CREATE TABLE imports (
  importid     serial PRIMARY KEY,
  kind         text NOT NULL,
  filename     text NOT NULL,
  filepath     text NOT NULL,
  params       jsonb NOT NULL DEFAULT '{}',
  createdby    integer NOT NULL REFERENCES users (userid),
  createdat    timestamptz NOT NULL DEFAULT now(),
  status       text NOT NULL DEFAULT 'Previewing'
               CHECK (status IN ('Previewing', 'Previewed', 'Refused', 'Committing', 'Committed', 'Discarded')),
  message      text,
  errors       jsonb,
  columns      jsonb,
  counts       jsonb NOT NULL DEFAULT '{}',
  previewjobid bigint REFERENCES jobs (jobid),
  commitjobid  bigint REFERENCES jobs (jobid)
);
CREATE INDEX imports_previewjob ON imports (previewjobid);
CREATE INDEX imports_commitjob ON imports (commitjobid);

CREATE TABLE import_rows (
  importid   integer NOT NULL REFERENCES imports (importid) ON DELETE CASCADE,
  rownumber  integer NOT NULL,
  recordkey  integer,
  label      text,
  rowversion integer,
  outcome    text NOT NULL CHECK (outcome IN ('changed', 'unchanged', 'refused', 'unknown', 'saved', 'failed')),
  cells      jsonb,
  changes    jsonb,
  errors     jsonb,
  raw        jsonb,
  PRIMARY KEY (importid, rownumber)
);
CREATE INDEX import_rows_outcome ON import_rows (importid, outcome, rownumber);

-- A file's rows find their colorways by stock number whatever its case (patterns and briefs by name have such indexes).
CREATE INDEX prototypes_stocknum_lower ON prototypes (lower(stocknum));
-- An expression index has statistics of its own only after ANALYZE (the embedded database has no autovacuum).
ANALYZE prototypes;
