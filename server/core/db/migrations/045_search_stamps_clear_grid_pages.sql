-- The search stamps a catch-up writes just after a save (migration 040) empty only the read caches' grid
-- pages (issue 31, ADR 037). The save's own commit said 'data' and emptied everything; about 100 ms later
-- the catch-up's UPDATE of colorway_search_changes said 'data' again, and dropped the record answers read
-- in between (the saving screen's read of the record, anyone's) for a table no record answer reads: only
-- grid pages read colorway_search_changes (no view does). It now says 'data grids'.
CREATE FUNCTION notify_grid_data_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('db_changes', 'data grids');
  RETURN NULL;
END $$ LANGUAGE plpgsql;

DROP TRIGGER colorway_search_changes_data_changed ON colorway_search_changes;
CREATE TRIGGER colorway_search_changes_data_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON colorway_search_changes
  FOR EACH STATEMENT EXECUTE FUNCTION notify_grid_data_change();
