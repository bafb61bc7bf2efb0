-- A search catch-up that finds no notes left writes nothing (issue 31, ADR 037).
--
-- Two catch-ups can start together (the timer after a commit and a search applying the notes before it
-- reads): both see notes, one waits for the other's lock and then finds them taken. It still ran its
-- UPDATE of colorway_search_changes, over no row, and the table's statement trigger (migration 039) sent
-- 'data', which empties every process's read cache for nothing.
CREATE OR REPLACE FUNCTION colorway_search_catch_up() RETURNS integer AS $$
DECLARE
  n integer;
  keys integer[];
BEGIN
  IF NOT EXISTS (SELECT 1 FROM colorway_search_pending) THEN RETURN 0; END IF;
  -- One catch-up at a time: two would update the same rows of colorway_search_changes in their own order.
  PERFORM pg_advisory_xact_lock(hashtext('colorway_search_catch_up'));
  WITH done AS (DELETE FROM colorway_search_pending RETURNING prototypeseasonalid)
  SELECT ARRAY(SELECT DISTINCT prototypeseasonalid FROM done) INTO keys;
  IF cardinality(keys) = 0 THEN RETURN 0; END IF;
  UPDATE colorway_search_changes c SET (totalvolume, changedon, changedby) = (v.totalvolume, v.changedon, v.changedby)
    FROM (SELECT ps.prototypeseasonalid, ps.totalvolume, greatest(p.changedon, ps.changedon) AS changedon,
                 CASE WHEN p.changedon > ps.changedon THEN p.changedby ELSE ps.changedby END AS changedby
            FROM prototype_seasonals ps JOIN prototypes p ON p.prototypeid = ps.prototypeid
           WHERE ps.prototypeseasonalid = ANY(keys)) v
   WHERE c.prototypeseasonalid = v.prototypeseasonalid AND c.prototypeseasonalid = ANY(keys)
     AND (c.totalvolume, c.changedon, c.changedby) IS DISTINCT FROM (v.totalvolume, v.changedon, v.changedby);
  GET DIAGNOSTICS n = ROW_COUNT;
  RETURN n;
END $$ LANGUAGE plpgsql;
