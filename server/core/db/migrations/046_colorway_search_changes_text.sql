-- The /Search text beside the change stamps (issue 31, ADR 038): colorway_search_changes keeps the text of
-- colorway_search (migration 044's expression) with its own trigram index.
--
-- A text sorted by the total volume, the change date or who changed it read the stamps here and the text
-- there: sorting every match probed this table by key for each match of the other's text index (25,000
-- probes, 82,000 pages, for a 2.5 % word), and a walk of this table's sort indexes probed colorway_search
-- by key for each row it read (about 4 pages a row). With the text here, every form reads one table: the
-- matches from this table's own text index (a bitmap heap scan of a narrow row), a walk tests the text on
-- the rows it reads.
--
-- The cost is on the write side and measured (bench/RESULTS.md): a stamp catch-up (migration 040) updates
-- these rows, which are never heap-only (the stamps are indexed), so each update adds the row's trigrams to
-- this index's pending list. The text itself changes only with a colorway's stock number, name, colour or
-- pattern name, which refresh both tables in the save's statement as before.
CREATE OR REPLACE VIEW colorway_search_source AS SELECT
  prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid,
  lineplanid, producttypeid, prototypeid, patternid, patternseasonalid, briefseasonalid, stocknum,
  prototypename, imagename, patternname, brandname, seasonname, statusname, division, gendername, colordesc,
  factnameky, factname, ctryoforig, producttypename, responsiblename, briefname, lineplanname, totalvolume,
  changedon, changedby,
  -- colorway_search.searchtext's expression (migration 044), the one definition this table's copy is kept from.
  lower(coalesce(stocknum, '') || E'\x1f' || coalesce(prototypename, '') || E'\x1f' || coalesce(colordesc, '') || E'\x1f'
    || coalesce(patternname, '')) AS searchtext
FROM colorway_view;

ALTER TABLE colorway_search_changes ADD COLUMN searchtext text;
UPDATE colorway_search_changes c SET searchtext = s.searchtext FROM colorway_search s WHERE s.prototypeseasonalid = c.prototypeseasonalid;
CREATE INDEX colorway_search_changes_text_trgm ON colorway_search_changes USING gin (searchtext gin_trgm_ops, brandid);
ALTER TABLE colorway_search_changes ALTER COLUMN searchtext SET STATISTICS 1000;
ANALYZE colorway_search_changes;

-- Migration 020's refresh, with the text written into colorway_search_changes.
CREATE OR REPLACE FUNCTION colorway_search_refresh(keys integer[]) RETURNS void AS $$
BEGIN
  IF cardinality(keys) = 0 THEN RETURN; END IF;
  INSERT INTO colorway_search SELECT prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid,
    lineplanid, producttypeid, prototypeid, patternid, patternseasonalid, briefseasonalid, stocknum,
    prototypename, imagename, patternname, brandname, seasonname, statusname, division, gendername, colordesc,
    factnameky, factname, ctryoforig, producttypename, responsiblename, briefname, lineplanname
    FROM colorway_search_source WHERE prototypeseasonalid = ANY(keys)
  ON CONFLICT (prototypeseasonalid) DO UPDATE SET
    (brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid, lineplanid, producttypeid,
    prototypeid, patternid, patternseasonalid, briefseasonalid, stocknum, prototypename, imagename,
    patternname, brandname, seasonname, statusname, division, gendername, colordesc, factnameky, factname,
    ctryoforig, producttypename, responsiblename, briefname, lineplanname)
    = ROW(EXCLUDED.brandid, EXCLUDED.isdeleted, EXCLUDED.seasonid, EXCLUDED.statusid, EXCLUDED.divisionkey,
    EXCLUDED.genderkey, EXCLUDED.responsibleid, EXCLUDED.lineplanid, EXCLUDED.producttypeid,
    EXCLUDED.prototypeid, EXCLUDED.patternid, EXCLUDED.patternseasonalid, EXCLUDED.briefseasonalid,
    EXCLUDED.stocknum, EXCLUDED.prototypename, EXCLUDED.imagename, EXCLUDED.patternname, EXCLUDED.brandname,
    EXCLUDED.seasonname, EXCLUDED.statusname, EXCLUDED.division, EXCLUDED.gendername, EXCLUDED.colordesc,
    EXCLUDED.factnameky, EXCLUDED.factname, EXCLUDED.ctryoforig, EXCLUDED.producttypename,
    EXCLUDED.responsiblename, EXCLUDED.briefname, EXCLUDED.lineplanname)
    WHERE (colorway_search.brandid, colorway_search.isdeleted, colorway_search.seasonid, colorway_search.statusid,
    colorway_search.divisionkey, colorway_search.genderkey, colorway_search.responsibleid,
    colorway_search.lineplanid, colorway_search.producttypeid, colorway_search.prototypeid,
    colorway_search.patternid, colorway_search.patternseasonalid, colorway_search.briefseasonalid,
    colorway_search.stocknum, colorway_search.prototypename, colorway_search.imagename,
    colorway_search.patternname, colorway_search.brandname, colorway_search.seasonname,
    colorway_search.statusname, colorway_search.division, colorway_search.gendername,
    colorway_search.colordesc, colorway_search.factnameky, colorway_search.factname,
    colorway_search.ctryoforig, colorway_search.producttypename, colorway_search.responsiblename,
    colorway_search.briefname, colorway_search.lineplanname)
      IS DISTINCT FROM ROW(EXCLUDED.brandid, EXCLUDED.isdeleted, EXCLUDED.seasonid, EXCLUDED.statusid, EXCLUDED.divisionkey,
      EXCLUDED.genderkey, EXCLUDED.responsibleid, EXCLUDED.lineplanid, EXCLUDED.producttypeid,
      EXCLUDED.prototypeid, EXCLUDED.patternid, EXCLUDED.patternseasonalid, EXCLUDED.briefseasonalid,
      EXCLUDED.stocknum, EXCLUDED.prototypename, EXCLUDED.imagename, EXCLUDED.patternname, EXCLUDED.brandname,
      EXCLUDED.seasonname, EXCLUDED.statusname, EXCLUDED.division, EXCLUDED.gendername, EXCLUDED.colordesc,
      EXCLUDED.factnameky, EXCLUDED.factname, EXCLUDED.ctryoforig, EXCLUDED.producttypename,
      EXCLUDED.responsiblename, EXCLUDED.briefname, EXCLUDED.lineplanname);
  INSERT INTO colorway_search_changes SELECT prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid,
    lineplanid, producttypeid, patternseasonalid, factnameky, totalvolume, changedon, changedby, searchtext
    FROM colorway_search_source WHERE prototypeseasonalid = ANY(keys)
  ON CONFLICT (prototypeseasonalid) DO UPDATE SET
    (brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid, lineplanid, producttypeid,
    patternseasonalid, factnameky, totalvolume, changedon, changedby, searchtext)
    = ROW(EXCLUDED.brandid, EXCLUDED.isdeleted, EXCLUDED.seasonid, EXCLUDED.statusid, EXCLUDED.divisionkey,
    EXCLUDED.genderkey, EXCLUDED.responsibleid, EXCLUDED.lineplanid, EXCLUDED.producttypeid,
    EXCLUDED.patternseasonalid, EXCLUDED.factnameky, EXCLUDED.totalvolume, EXCLUDED.changedon,
    EXCLUDED.changedby, EXCLUDED.searchtext)
    WHERE (colorway_search_changes.brandid, colorway_search_changes.isdeleted, colorway_search_changes.seasonid,
    colorway_search_changes.statusid, colorway_search_changes.divisionkey, colorway_search_changes.genderkey,
    colorway_search_changes.responsibleid, colorway_search_changes.lineplanid,
    colorway_search_changes.producttypeid, colorway_search_changes.patternseasonalid,
    colorway_search_changes.factnameky, colorway_search_changes.totalvolume,
    colorway_search_changes.changedon, colorway_search_changes.changedby, colorway_search_changes.searchtext)
      IS DISTINCT FROM ROW(EXCLUDED.brandid, EXCLUDED.isdeleted, EXCLUDED.seasonid, EXCLUDED.statusid, EXCLUDED.divisionkey,
      EXCLUDED.genderkey, EXCLUDED.responsibleid, EXCLUDED.lineplanid, EXCLUDED.producttypeid,
      EXCLUDED.patternseasonalid, EXCLUDED.factnameky, EXCLUDED.totalvolume, EXCLUDED.changedon,
      EXCLUDED.changedby, EXCLUDED.searchtext);
END $$ LANGUAGE plpgsql;
