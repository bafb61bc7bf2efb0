-- A sign-in no longer empties every process's read cache (issue 31, ADR 037 amended).
--
-- The sign-in stamps users.lastlogin, and migration 039's statement-level trigger on users sent 'data'
-- for it, which empties every kept answer of every process: with many people signing in, the cache
-- was emptied all morning. Only the users grid shows LastLogin. A change of users now says which it is,
-- per row: 'data' when anything but lastlogin changed (names, rights, activity: answers carry users'
-- names), 'data user' when only lastlogin did (core/records/read-cache.ts then drops the answers of the
-- user entity alone). Inserts, deletes and truncates still send 'data' from 039's trigger, kept for them.
DROP TRIGGER users_data_changed ON users;
CREATE TRIGGER users_data_changed AFTER INSERT OR DELETE OR TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_data_change();

CREATE FUNCTION notify_user_change() RETURNS trigger AS $$
BEGIN
  IF (to_jsonb(OLD) - 'lastlogin') IS DISTINCT FROM (to_jsonb(NEW) - 'lastlogin') THEN
    PERFORM pg_notify('db_changes', 'data');
  ELSIF OLD.lastlogin IS DISTINCT FROM NEW.lastlogin THEN
    PERFORM pg_notify('db_changes', 'data user');
  END IF;
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER users_row_changed AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_change();
