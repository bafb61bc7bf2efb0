-- Issue 31, the write floor (ADR 046). Two costs of a bulk save that bought nothing a narrower
-- structure does not buy as well:
--
-- 1. The change stamps' foreign keys. `createdby` and `changedby` referenced users through a foreign
--    key, whose check runs once per written row (an SPI query and a FOR KEY SHARE lock of the same
--    user row, 1,000 times for a 1,000-row save that moves the stamp to its user: a quarter of the
--    save's statement on the embedded engine). Every row of a statement carries the same stamp, the
--    session's user. The check is now one query per statement over the distinct stamps of the
--    statement's rows (an AFTER trigger with a transition table, so a stamp no user has is refused
--    with the foreign key's SQLSTATE, 23503), and a user who stamped a row cannot be deleted (a
--    BEFORE DELETE trigger on users, the foreign key's other half; the product never deletes users:
--    they are deactivated).
-- 2. The audit log's lookup index was (entity, entityid, changedat): every reader filters one
--    record's rows by entity and id and orders by auditid, none by changedat, and a record's rows are
--    few, so the entity and the time in the key only widened each of the save's 2,000 index inserts.
--    It is now on entityid alone.

CREATE FUNCTION change_stamps_are_users() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  stranger integer;
BEGIN
  SELECT s.userid INTO stranger
    FROM (SELECT createdby AS userid FROM new_rows UNION SELECT changedby FROM new_rows) s
   WHERE s.userid IS NOT NULL AND NOT EXISTS (SELECT 1 FROM users u WHERE u.userid = s.userid)
   LIMIT 1;
  IF FOUND THEN
    RAISE EXCEPTION 'insert or update on table "%" violates its change stamps: user % does not exist', TG_TABLE_NAME, stranger
      USING ERRCODE = 'foreign_key_violation';
  END IF;
  RETURN NULL;
END $$;

DO $$
DECLARE
  t record;
BEGIN
  FOR t IN
    SELECT c.conrelid::regclass AS tbl, array_agg(c.conname) AS keys
      FROM pg_constraint c
      JOIN pg_attribute a ON a.attrelid = c.conrelid AND a.attnum = c.conkey[1]
     WHERE c.contype = 'f' AND c.confrelid = 'users'::regclass AND cardinality(c.conkey) = 1
       AND a.attname IN ('createdby', 'changedby')
     GROUP BY c.conrelid
    HAVING count(*) = 2
  LOOP
    EXECUTE format('ALTER TABLE %s DROP CONSTRAINT %I, DROP CONSTRAINT %I', t.tbl, t.keys[1], t.keys[2]);
    EXECUTE format('CREATE TRIGGER change_stamps_inserted AFTER INSERT ON %s REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION change_stamps_are_users()', t.tbl);
    EXECUTE format('CREATE TRIGGER change_stamps_updated AFTER UPDATE ON %s REFERENCING NEW TABLE AS new_rows
                      FOR EACH STATEMENT EXECUTE FUNCTION change_stamps_are_users()', t.tbl);
  END LOOP;
END $$;

-- The foreign keys' other half: a user whose id is a change stamp stays (tables found by their trigger).
CREATE FUNCTION users_keep_stamped() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  t regclass;
  stamped boolean;
BEGIN
  FOR t IN SELECT tgrelid::regclass FROM pg_trigger WHERE tgname = 'change_stamps_updated' LOOP
    EXECUTE format('SELECT EXISTS (SELECT 1 FROM %s WHERE createdby = $1 OR changedby = $1)', t) INTO stamped USING OLD.userid;
    IF stamped THEN
      RAISE EXCEPTION 'update or delete on table "users" violates the change stamps of table "%": user % stamped its rows', t, OLD.userid
        USING ERRCODE = 'foreign_key_violation';
    END IF;
  END LOOP;
  RETURN OLD;
END $$;
CREATE TRIGGER users_keep_stamped BEFORE DELETE ON users FOR EACH ROW EXECUTE FUNCTION users_keep_stamped();

DROP INDEX audit_log_entity;
CREATE INDEX audit_log_entity ON audit_log (entityid);
