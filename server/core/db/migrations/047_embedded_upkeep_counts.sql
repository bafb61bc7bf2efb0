-- The embedded database's upkeep (ADR 044): PGlite has no autovacuum, so the server vacuums and analyses a
-- table when its dead rows or its rows changed since the last ANALYZE pass PostgreSQL's thresholds. The
-- engine's own counters (pg_stat_user_tables) start again from zero at every start of PGlite; these are the
-- counts carried from the server's earlier runs, written while it runs and at its stop. Unused on PostgreSQL.
CREATE TABLE db_upkeep_counts (
  -- schema.table as quote_ident writes it: a name, not an oid, so a restored copy keeps its counts on its tables.
  name text PRIMARY KEY,
  dead bigint NOT NULL DEFAULT 0,
  modified bigint NOT NULL DEFAULT 0
);
