-- Deactivating a user or changing a user's role ends their sessions at once, whatever path
-- (screen, import, SQL) made the change.
CREATE FUNCTION end_sessions_on_access_change() RETURNS trigger AS $$
BEGIN
  IF (NEW.isactive IS DISTINCT FROM OLD.isactive AND NOT NEW.isactive)
     OR NEW.roleid IS DISTINCT FROM OLD.roleid
     OR NEW.isfactoryuser IS DISTINCT FROM OLD.isfactoryuser THEN
    UPDATE sessions SET revokedat = now(),
           revokereason = CASE WHEN NOT NEW.isactive THEN 'user deactivated' ELSE 'access changed' END
     WHERE userid = NEW.userid AND revokedat IS NULL;
  END IF;
  RETURN NEW;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER users_end_sessions AFTER UPDATE ON users
  FOR EACH ROW EXECUTE FUNCTION end_sessions_on_access_change();
