-- Undo an upload (issue 28, ADR 033). The commit records, per written row, each cell of the upload's
-- columns as [stored value before, value written] (import_rows.undo), so an undo can restore the
-- value before and leave alone a cell changed again since. An undo is an import of the same kind
-- without a file (imports.undoof names the upload it takes back). The preview names the sheet it
-- read (a workbook of several sheets).
ALTER TABLE import_rows ADD COLUMN undo jsonb;
ALTER TABLE imports ADD COLUMN undoof integer REFERENCES imports (importid);
ALTER TABLE imports ADD COLUMN sheet text;
CREATE INDEX imports_undoof ON imports (undoof) WHERE undoof IS NOT NULL;
