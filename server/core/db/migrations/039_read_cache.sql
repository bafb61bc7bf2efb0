-- The per-process cache of read answers (issue 31, ADR 037): every committed change to a table an
-- answer may be read from NOTIFYs 'data' on db_changes at commit, to every server process (in process
-- on PGlite), whatever wrote it and whether or not it wrote audit rows (lookup names, images, size
-- ranges...). Statement-level and without transition tables: one call per statement, and
-- PostgreSQL sends one notification per transaction for identical payloads.
CREATE FUNCTION notify_data_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('db_changes', 'data');
  RETURN NULL;
END $$ LANGUAGE plpgsql;

-- Every table of the schema except those no cached answer reads and that change on paths that are no
-- record change (sign-in, tokens, logs, upload staging, preferences, recent lists): a change there
-- must not empty the caches. tests/api/read-cache.test.ts checks that every table carries the
-- trigger or is in this list, and that no view reads a table of the list: a new table needs one or the other.
DO $$
DECLARE
  t text;
BEGIN
  FOR t IN
    SELECT c.relname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
     WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')
       AND c.relname NOT IN ('sessions', 'refresh_tokens', 'login_failures', 'account_codes', 'audit_log', 'error_log', 'jobs',
                             'imports', 'import_rows', 'user_preferences', 'lookup_favorites', 'last_used_projects', 'schema_migrations')
  LOOP
    EXECUTE format('CREATE TRIGGER %I AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change()',
                   t || '_data_changed', t);
  END LOOP;
END $$;
