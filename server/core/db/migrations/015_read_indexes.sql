-- Reads at the speed of the database (issue 10).
--
-- 1. Change notifications for the per-process session cache (server/core/auth/session-cache.ts): any
--    change that can end a session or change what its user may do NOTIFYs 'sessions' on
--    db_changes at commit, to every server process. Statement-level: one notification per statement.
CREATE FUNCTION notify_session_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('db_changes', 'sessions');
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER sessions_changed AFTER UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
-- Only the columns a session carries or is checked by: sign-in bookkeeping does not empty the caches.
CREATE TRIGGER users_access_changed AFTER UPDATE OF username, firstname, lastname, isfactoryuser, roleid, isactive ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER users_deleted AFTER DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER roles_changed AFTER INSERT OR UPDATE OR DELETE ON roles
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER role_permissions_changed AFTER INSERT OR UPDATE OR DELETE ON role_permissions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER user_brands_changed AFTER INSERT OR UPDATE OR DELETE ON user_brands
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
CREATE TRIGGER user_factories_changed AFTER INSERT OR UPDATE OR DELETE ON user_factories
  FOR EACH STATEMENT EXECUTE FUNCTION notify_session_change();
