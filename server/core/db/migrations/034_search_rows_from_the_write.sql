-- The write floor (issue 31, ADR 036): a save of colorways keeps the colorway search tables (migration 020)
-- from what its statement wrote, instead of recomputing every written colorway's two search rows from
-- colorway_search_source (a 17-join view) and upserting both tables on every statement.
--
-- An UPDATE of prototype_seasonals or prototypes now compares old and new rows (transition tables) and
--  * recomputes from the view, as before, only the colorways whose searched values other than the change
--    stamps and the volume changed (a status, a season, a factory, a name, a link: their lookup names come
--    from other tables), and
--  * writes for the others only the narrow table's volume and change stamps, from the new rows (the same
--    expressions as colorway_view), and only where they differ from what the table holds;
--  * writes nothing for a statement that changed no searched value (a version bump of a record's other
--    seasons, a price without stamps).
-- The columns listed here are the ones colorway_search_source reads from each table; a column added to the
-- view must be added here too (tests/api/colorway-search-writes.test.ts changes every column of both tables
-- and holds the search tables to the view after each).

-- The keys go through arrays, so each table is read by its key index (`= ANY(keys)`): joined to the
-- transition tables directly, the planner hashes whole tables for a 1,000-row statement.
CREATE FUNCTION colorway_search_seasonal_updated() RETURNS trigger AS $$
DECLARE
  wide integer[];
  narrow integer[];
  colorways integer[];
BEGIN
  SELECT coalesce(array_agg(k) FILTER (WHERE w), '{}'), coalesce(array_agg(k) FILTER (WHERE s AND NOT w), '{}'),
         coalesce(array_agg(DISTINCT p) FILTER (WHERE s AND NOT w), '{}')
    INTO wide, narrow, colorways
    FROM (SELECT n.prototypeseasonalid AS k, n.prototypeid AS p,
            (n.prototypeid, n.patternseasonalid, n.isdeleted, n.seasonid, n.statusid, n.responsibleid, n.producttypeid,
             n.factnameky, n.factname, n.ctryoforig)
              IS DISTINCT FROM (o.prototypeid, o.patternseasonalid, o.isdeleted, o.seasonid, o.statusid, o.responsibleid, o.producttypeid,
             o.factnameky, o.factname, o.ctryoforig) AS w,
            (n.totalvolume, n.changedon, n.changedby) IS DISTINCT FROM (o.totalvolume, o.changedon, o.changedby) AS s
          FROM new_rows n JOIN old_rows o ON o.prototypeseasonalid = n.prototypeseasonalid) d;
  PERFORM colorway_search_refresh(wide);
  IF cardinality(narrow) = 0 THEN RETURN NULL; END IF;
  UPDATE colorway_search_changes c SET (totalvolume, changedon, changedby) = (v.totalvolume, v.changedon, v.changedby)
    FROM (SELECT n.prototypeseasonalid, n.totalvolume, greatest(p.changedon, n.changedon) AS changedon,
                 CASE WHEN p.changedon > n.changedon THEN p.changedby ELSE n.changedby END AS changedby
            FROM new_rows n JOIN prototypes p ON p.prototypeid = n.prototypeid
           WHERE n.prototypeseasonalid = ANY(narrow) AND p.prototypeid = ANY(colorways)) v
   WHERE c.prototypeseasonalid = v.prototypeseasonalid AND c.prototypeseasonalid = ANY(narrow)
     AND (c.totalvolume, c.changedon, c.changedby) IS DISTINCT FROM (v.totalvolume, v.changedon, v.changedby);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE FUNCTION colorway_search_prototype_updated() RETURNS trigger AS $$
DECLARE
  wide integer[];
  stamped integer[];
  keys integer[];
BEGIN
  SELECT coalesce(array_agg(k) FILTER (WHERE w), '{}'), coalesce(array_agg(k) FILTER (WHERE s AND NOT w), '{}')
    INTO wide, stamped
    FROM (SELECT n.prototypeid AS k,
            (n.brandid, n.divisionkey, n.patternid, n.stocknum, n.prototypename, n.imagename, n.colordesc)
              IS DISTINCT FROM (o.brandid, o.divisionkey, o.patternid, o.stocknum, o.prototypename, o.imagename, o.colordesc) AS w,
            (n.changedon, n.changedby) IS DISTINCT FROM (o.changedon, o.changedby) AS s
          FROM new_rows n JOIN old_rows o ON o.prototypeid = n.prototypeid) d;
  IF cardinality(wide) > 0 THEN
    PERFORM colorway_search_refresh(ARRAY(SELECT prototypeseasonalid FROM prototype_seasonals WHERE prototypeid = ANY(wide)));
  END IF;
  IF cardinality(stamped) = 0 THEN RETURN NULL; END IF;
  keys := ARRAY(SELECT prototypeseasonalid FROM prototype_seasonals WHERE prototypeid = ANY(stamped));
  UPDATE colorway_search_changes c SET (changedon, changedby) = (v.changedon, v.changedby)
    FROM (SELECT ps.prototypeseasonalid, greatest(n.changedon, ps.changedon) AS changedon,
                 CASE WHEN n.changedon > ps.changedon THEN n.changedby ELSE ps.changedby END AS changedby
            FROM prototype_seasonals ps JOIN new_rows n ON n.prototypeid = ps.prototypeid
           WHERE ps.prototypeseasonalid = ANY(keys)) v
   WHERE c.prototypeseasonalid = v.prototypeseasonalid AND c.prototypeseasonalid = ANY(keys)
     AND (c.changedon, c.changedby) IS DISTINCT FROM (v.changedon, v.changedby);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

DROP TRIGGER colorway_search_seasonal ON prototype_seasonals;
DROP TRIGGER colorway_search_prototype ON prototypes;
CREATE TRIGGER colorway_search_seasonal AFTER UPDATE ON prototype_seasonals REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_seasonal_updated();
CREATE TRIGGER colorway_search_prototype AFTER UPDATE ON prototypes REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_prototype_updated();

-- The colorway seasonal is the row every grid save rewrites (costing, forecast, volumes, milestones), and none
-- of those saves changes an indexed column: with room left on its page, the new version is a HOT update and
-- none of the table's 11 indexes is written. At 573 bytes a row (100,000-colorway fixture) a full page holds
-- ~14 rows and leaves no room: 96 % of a 1,000-row save's updates wrote every index. Half a page free lets each
-- row of a page take one new version in place; pruning frees the old one for the next save. The heap takes
-- twice the pages (55 → 110 MB per 100,000 colorways); reads by key touch as many pages as before. Pages
-- written from now on keep the room (existing rows move to such pages on their next non-HOT update).
ALTER TABLE prototype_seasonals SET (fillfactor = 50);

-- The change feed's audit trigger (migration 031) sorted every audit row of a statement to find its runs of
-- consecutive ids. Most statements write one entity's rows with consecutive ids: one run, found in one pass.
CREATE OR REPLACE FUNCTION notify_record_changes() RETURNS trigger AS $$
DECLARE
  r record;
  one record;
BEGIN
  SELECT min(entity) AS entity, max(entity) AS other, min(auditid) AS first, max(auditid) AS last, count(*) AS n INTO one FROM new_rows;
  IF one.entity = one.other AND one.last - one.first + 1 = one.n THEN
    PERFORM pg_notify('db_changes', 'records ' || one.entity || ' ' || one.first || ' ' || one.last);
    RETURN NULL;
  END IF;
  FOR r IN
    SELECT entity, min(auditid) AS first, max(auditid) AS last
      FROM (SELECT entity, auditid, auditid - row_number() OVER (PARTITION BY entity ORDER BY auditid) AS run FROM new_rows) t
     GROUP BY entity, run ORDER BY min(auditid)
  LOOP
    PERFORM pg_notify('db_changes', 'records ' || r.entity || ' ' || r.first || ' ' || r.last);
  END LOOP;
  RETURN NULL;
END $$ LANGUAGE plpgsql;
