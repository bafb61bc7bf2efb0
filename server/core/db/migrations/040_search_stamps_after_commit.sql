-- The write floor, second step (issue 31, ADR 036 "After commit"): a save's change stamps and volume reach
-- colorway_search_changes just after its commit instead of inside its statement.
--
-- Those three columns are sort keys (7 indexes besides the key), so writing them in the save's statement
-- cost 8 index entries per saved colorway: the largest part of a 1,000-row save's statement after
-- migration 034. The statement now only notes the colorways in colorway_search_pending (no index: a heap
-- insert per colorway) and says so (`search_pending` on db_changes). colorway_search_catch_up() applies the
-- notes from the records as they are at that moment, and is called
--  * by the server when it hears `search_pending` (core/search/catch-up.ts: just after the commit, in
--    every process; a catch-up finds nothing left by another);
--  * before every search read from colorway_search_changes (the entity's x-searchCatchUp), so a search
--    never sorts or filters by a stamp or volume older than the commits it can see;
--  * at the server's start (notes of writes made while no server listened).
-- Changes to the other searched values (status, names, links…) still refresh both tables in the statement.

CREATE TABLE colorway_search_pending (prototypeseasonalid integer NOT NULL);

CREATE FUNCTION colorway_search_catch_up() RETURNS integer AS $$
DECLARE n integer;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM colorway_search_pending) THEN RETURN 0; END IF;
  -- One catch-up at a time: two would update the same rows of colorway_search_changes in their own order.
  PERFORM pg_advisory_xact_lock(hashtext('colorway_search_catch_up'));
  WITH done AS (DELETE FROM colorway_search_pending RETURNING prototypeseasonalid),
       noted AS (SELECT ARRAY(SELECT DISTINCT prototypeseasonalid FROM done) AS keys)
  UPDATE colorway_search_changes c SET (totalvolume, changedon, changedby) = (v.totalvolume, v.changedon, v.changedby)
    FROM (SELECT ps.prototypeseasonalid, ps.totalvolume, greatest(p.changedon, ps.changedon) AS changedon,
                 CASE WHEN p.changedon > ps.changedon THEN p.changedby ELSE ps.changedby END AS changedby
            FROM noted, prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
           WHERE ps.prototypeseasonalid = ANY(noted.keys)) v, noted
   WHERE c.prototypeseasonalid = v.prototypeseasonalid AND c.prototypeseasonalid = ANY(noted.keys)
     AND (c.totalvolume, c.changedon, c.changedby) IS DISTINCT FROM (v.totalvolume, v.changedon, v.changedby);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION colorway_search_seasonal_updated() RETURNS trigger AS $$
DECLARE
  wide integer[];
  narrow integer[];
BEGIN
  SELECT coalesce(array_agg(k) FILTER (WHERE w), '{}'), coalesce(array_agg(k) FILTER (WHERE s AND NOT w), '{}')
    INTO wide, narrow
    FROM (SELECT n.prototypeseasonalid AS k,
            (n.prototypeid, n.patternseasonalid, n.isdeleted, n.seasonid, n.statusid, n.responsibleid, n.producttypeid,
             n.factnameky, n.factname, n.ctryoforig)
              IS DISTINCT FROM (o.prototypeid, o.patternseasonalid, o.isdeleted, o.seasonid, o.statusid, o.responsibleid, o.producttypeid,
             o.factnameky, o.factname, o.ctryoforig) AS w,
            (n.totalvolume, n.changedon, n.changedby) IS DISTINCT FROM (o.totalvolume, o.changedon, o.changedby) AS s
          FROM new_rows n JOIN old_rows o ON o.prototypeseasonalid = n.prototypeseasonalid) d;
  PERFORM colorway_search_refresh(wide);
  IF cardinality(narrow) = 0 THEN RETURN NULL; END IF;
  INSERT INTO colorway_search_pending SELECT unnest(narrow);
  PERFORM pg_notify('db_changes', 'search_pending');
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE OR REPLACE FUNCTION colorway_search_prototype_updated() RETURNS trigger AS $$
DECLARE
  wide integer[];
  stamped integer[];
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
  INSERT INTO colorway_search_pending SELECT prototypeseasonalid FROM prototype_seasonals WHERE prototypeid = ANY(stamped);
  PERFORM pg_notify('db_changes', 'search_pending');
  RETURN NULL;
END $$ LANGUAGE plpgsql;
