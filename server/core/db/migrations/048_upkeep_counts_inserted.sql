-- The embedded database's upkeep (ADR 044) also vacuums tables that only grow, as PostgreSQL's autovacuum
-- has since version 13 (autovacuum_vacuum_insert_threshold 1000, _scale_factor 0.2): the audit log, for one,
-- is never updated nor deleted from, so without this its pages would never be marked all-visible (no
-- index-only scans, and every first reader sets the rows' hint bits) nor frozen. Rows inserted since the last
-- VACUUM, carried across starts like the other counts.
ALTER TABLE db_upkeep_counts ADD COLUMN inserted bigint NOT NULL DEFAULT 0;
