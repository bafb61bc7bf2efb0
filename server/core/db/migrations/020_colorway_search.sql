-- /Search over a million colorways (issue 14, ADR 020): a page of 50 sorted by any column of the colorway
-- search grid, under any criteria, read in sort order from an index instead of sorting every match.
--
-- The grid's sort values come from up to eight tables (pattern, brief and line plan names, lookup
-- names, the colorway's two change stamps), so no index of a base table orders the colorways by them.
-- Two search tables keep, per colorway seasonal, the values the colorway search filters and sorts by,
-- named as in colorway_view (records/read.ts reads one in the view's place when it has every column a
-- search needs: `FROM colorway_search AS colorway_view`), with one index per sort column and direction
-- behind the brand: a page is each of the user's brands' first rows in sort order, merged (the brand
-- walk). colorway_search holds the values a save rarely changes; colorway_search_changes the ones most
-- saves change (the change stamps, the total volume) with the filter columns, so a costing or forecast
-- save rewrites a narrow row with 7 indexes, not a row with 40 (an update that changes nothing writes
-- nothing). Kept by statement triggers: any change to a source row refreshes the colorways it feeds from
-- colorway_search_source (the one column list), set-based per statement. The shown fields are still
-- read from colorway_view for the page's keys only.
CREATE VIEW colorway_search_source AS SELECT
  prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid,
  lineplanid, producttypeid, prototypeid, patternid, patternseasonalid, briefseasonalid, stocknum,
  prototypename, imagename, patternname, brandname, seasonname, statusname, division, gendername, colordesc,
  factnameky, factname, ctryoforig, producttypename, responsiblename, briefname, lineplanname, totalvolume,
  changedon, changedby
FROM colorway_view;

CREATE TABLE colorway_search WITH (fillfactor = 90) AS SELECT
  prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid,
  lineplanid, producttypeid, prototypeid, patternid, patternseasonalid, briefseasonalid, stocknum,
  prototypename, imagename, patternname, brandname, seasonname, statusname, division, gendername, colordesc,
  factnameky, factname, ctryoforig, producttypename, responsiblename, briefname, lineplanname
FROM colorway_search_source;
ALTER TABLE colorway_search ADD PRIMARY KEY (prototypeseasonalid),
  ADD FOREIGN KEY (prototypeseasonalid) REFERENCES prototype_seasonals ON DELETE CASCADE;
CREATE INDEX colorway_search_stocknum ON colorway_search (brandid, stocknum, prototypeseasonalid);
CREATE INDEX colorway_search_stocknum_desc ON colorway_search (brandid, stocknum DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_prototypename ON colorway_search (brandid, prototypename, prototypeseasonalid);
CREATE INDEX colorway_search_prototypename_desc ON colorway_search (brandid, prototypename DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_imagename ON colorway_search (brandid, imagename, prototypeseasonalid);
CREATE INDEX colorway_search_imagename_desc ON colorway_search (brandid, imagename DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_patternname ON colorway_search (brandid, patternname, prototypeseasonalid);
CREATE INDEX colorway_search_patternname_desc ON colorway_search (brandid, patternname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_brandname ON colorway_search (brandid, brandname, prototypeseasonalid);
CREATE INDEX colorway_search_brandname_desc ON colorway_search (brandid, brandname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_seasonname ON colorway_search (brandid, seasonname, prototypeseasonalid);
CREATE INDEX colorway_search_seasonname_desc ON colorway_search (brandid, seasonname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_statusname ON colorway_search (brandid, statusname, prototypeseasonalid);
CREATE INDEX colorway_search_statusname_desc ON colorway_search (brandid, statusname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_division ON colorway_search (brandid, division, prototypeseasonalid);
CREATE INDEX colorway_search_division_desc ON colorway_search (brandid, division DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_gendername ON colorway_search (brandid, gendername, prototypeseasonalid);
CREATE INDEX colorway_search_gendername_desc ON colorway_search (brandid, gendername DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_colordesc ON colorway_search (brandid, colordesc, prototypeseasonalid);
CREATE INDEX colorway_search_colordesc_desc ON colorway_search (brandid, colordesc DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_factnameky ON colorway_search (brandid, factnameky, prototypeseasonalid);
CREATE INDEX colorway_search_factnameky_desc ON colorway_search (brandid, factnameky DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_factname ON colorway_search (brandid, factname, prototypeseasonalid);
CREATE INDEX colorway_search_factname_desc ON colorway_search (brandid, factname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_ctryoforig ON colorway_search (brandid, ctryoforig, prototypeseasonalid);
CREATE INDEX colorway_search_ctryoforig_desc ON colorway_search (brandid, ctryoforig DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_producttypename ON colorway_search (brandid, producttypename, prototypeseasonalid);
CREATE INDEX colorway_search_producttypename_desc ON colorway_search (brandid, producttypename DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_responsiblename ON colorway_search (brandid, responsiblename, prototypeseasonalid);
CREATE INDEX colorway_search_responsiblename_desc ON colorway_search (brandid, responsiblename DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_briefname ON colorway_search (brandid, briefname, prototypeseasonalid);
CREATE INDEX colorway_search_briefname_desc ON colorway_search (brandid, briefname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_lineplanname ON colorway_search (brandid, lineplanname, prototypeseasonalid);
CREATE INDEX colorway_search_lineplanname_desc ON colorway_search (brandid, lineplanname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_brand_key ON colorway_search (brandid, prototypeseasonalid);
-- The /Search text (quickSearchText, server/core/search/quick-match.ts) of 3+ characters matches these
-- columns here: one trigram index each (a BitmapOr of them reads only the matches).
CREATE INDEX colorway_search_stocknum_trgm ON colorway_search USING gin (stocknum gin_trgm_ops);
CREATE INDEX colorway_search_prototypename_trgm ON colorway_search USING gin (prototypename gin_trgm_ops);
CREATE INDEX colorway_search_colordesc_trgm ON colorway_search USING gin (colordesc gin_trgm_ops);
CREATE INDEX colorway_search_patternname_trgm ON colorway_search USING gin (patternname gin_trgm_ops);

CREATE TABLE colorway_search_changes AS SELECT prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid, lineplanid, producttypeid, patternseasonalid, factnameky, totalvolume, changedon, changedby
FROM colorway_search_source;
ALTER TABLE colorway_search_changes ADD PRIMARY KEY (prototypeseasonalid),
  ADD FOREIGN KEY (prototypeseasonalid) REFERENCES prototype_seasonals ON DELETE CASCADE;
CREATE INDEX colorway_search_changes_totalvolume ON colorway_search_changes (brandid, totalvolume, prototypeseasonalid);
CREATE INDEX colorway_search_changes_totalvolume_desc ON colorway_search_changes (brandid, totalvolume DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_changes_changedon ON colorway_search_changes (brandid, changedon, prototypeseasonalid);
CREATE INDEX colorway_search_changes_changedon_desc ON colorway_search_changes (brandid, changedon DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_changes_changedby ON colorway_search_changes (brandid, changedby, prototypeseasonalid);
CREATE INDEX colorway_search_changes_changedby_desc ON colorway_search_changes (brandid, changedby DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX colorway_search_changes_brand_key ON colorway_search_changes (brandid, prototypeseasonalid);

-- Brand and season are correlated (a season is a brand's): the planner's estimate of a brand + season
-- search needs it (records/read.ts pagePlan chooses between the walk and sorting every match by it).
CREATE STATISTICS colorway_search_brand_season (dependencies) ON brandid, seasonid FROM colorway_search;
CREATE STATISTICS colorway_search_changes_brand_season (dependencies) ON brandid, seasonid FROM colorway_search_changes;

CREATE FUNCTION colorway_search_refresh(keys integer[]) RETURNS void AS $$
BEGIN
  IF cardinality(keys) = 0 THEN RETURN; END IF;
  -- Upserts (not delete + insert): two transactions refreshing the same colorway never collide on its
  -- key; a row whose values did not change is not written.
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
  INSERT INTO colorway_search_changes SELECT prototypeseasonalid, brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid, lineplanid, producttypeid, patternseasonalid, factnameky, totalvolume, changedon, changedby
    FROM colorway_search_source WHERE prototypeseasonalid = ANY(keys)
  ON CONFLICT (prototypeseasonalid) DO UPDATE SET
    (brandid, isdeleted, seasonid, statusid, divisionkey, genderkey, responsibleid, lineplanid, producttypeid,
    patternseasonalid, factnameky, totalvolume, changedon, changedby)
    = ROW(EXCLUDED.brandid, EXCLUDED.isdeleted, EXCLUDED.seasonid, EXCLUDED.statusid, EXCLUDED.divisionkey,
    EXCLUDED.genderkey, EXCLUDED.responsibleid, EXCLUDED.lineplanid, EXCLUDED.producttypeid,
    EXCLUDED.patternseasonalid, EXCLUDED.factnameky, EXCLUDED.totalvolume, EXCLUDED.changedon,
    EXCLUDED.changedby)
    WHERE (colorway_search_changes.brandid, colorway_search_changes.isdeleted, colorway_search_changes.seasonid,
    colorway_search_changes.statusid, colorway_search_changes.divisionkey, colorway_search_changes.genderkey,
    colorway_search_changes.responsibleid, colorway_search_changes.lineplanid,
    colorway_search_changes.producttypeid, colorway_search_changes.patternseasonalid,
    colorway_search_changes.factnameky, colorway_search_changes.totalvolume,
    colorway_search_changes.changedon, colorway_search_changes.changedby)
      IS DISTINCT FROM ROW(EXCLUDED.brandid, EXCLUDED.isdeleted, EXCLUDED.seasonid, EXCLUDED.statusid, EXCLUDED.divisionkey,
      EXCLUDED.genderkey, EXCLUDED.responsibleid, EXCLUDED.lineplanid, EXCLUDED.producttypeid,
      EXCLUDED.patternseasonalid, EXCLUDED.factnameky, EXCLUDED.totalvolume, EXCLUDED.changedon,
      EXCLUDED.changedby);
END $$ LANGUAGE plpgsql;

-- A statement trigger's argument: the SELECT of the colorway seasonal keys its rows feed, over the
-- statement's transition tables new_rows (and old_rows for updates).
CREATE FUNCTION colorway_search_changed() RETURNS trigger AS $$
DECLARE keys integer[];
BEGIN
  EXECUTE format('SELECT ARRAY(SELECT DISTINCT k FROM (%s) x(k))', TG_ARGV[0]) INTO keys;
  PERFORM colorway_search_refresh(keys);
  RETURN NULL;
END $$ LANGUAGE plpgsql;

CREATE TRIGGER colorway_search_inserted AFTER INSERT ON prototype_seasonals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed('SELECT prototypeseasonalid FROM new_rows');
CREATE TRIGGER colorway_search_seasonal AFTER UPDATE ON prototype_seasonals REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed('SELECT prototypeseasonalid FROM new_rows');
CREATE TRIGGER colorway_search_prototype AFTER UPDATE ON prototypes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN prototype_seasonals ps ON ps.prototypeid = n.prototypeid');
-- Parents and lookups: only when a value shown by the search changed (old_rows beside new_rows).
CREATE TRIGGER colorway_search_pattern AFTER UPDATE ON patterns REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.patternid = n.patternid
       JOIN prototypes p ON p.patternid = n.patternid JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid
     WHERE (n.patternname, n.genderkey) IS DISTINCT FROM (o.patternname, o.genderkey)');
CREATE TRIGGER colorway_search_pattern_seasonal AFTER UPDATE ON pattern_seasonals REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.patternseasonalid = n.patternseasonalid
       JOIN prototype_seasonals ps ON ps.patternseasonalid = n.patternseasonalid
     WHERE n.briefseasonalid IS DISTINCT FROM o.briefseasonalid');
CREATE TRIGGER colorway_search_brief_seasonal AFTER UPDATE ON brief_seasonals REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.briefseasonalid = n.briefseasonalid
       JOIN pattern_seasonals pas ON pas.briefseasonalid = n.briefseasonalid JOIN prototype_seasonals ps ON ps.patternseasonalid = pas.patternseasonalid
     WHERE (n.briefid, n.lineplanid) IS DISTINCT FROM (o.briefid, o.lineplanid)');
CREATE TRIGGER colorway_search_brief AFTER UPDATE ON briefs REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.briefid = n.briefid
       JOIN brief_seasonals bs ON bs.briefid = n.briefid JOIN pattern_seasonals pas ON pas.briefseasonalid = bs.briefseasonalid
       JOIN prototype_seasonals ps ON ps.patternseasonalid = pas.patternseasonalid
     WHERE n.briefname IS DISTINCT FROM o.briefname');
CREATE TRIGGER colorway_search_line_plan AFTER UPDATE ON line_plans REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.lineplanid = n.lineplanid
       JOIN brief_seasonals bs ON bs.lineplanid = n.lineplanid JOIN pattern_seasonals pas ON pas.briefseasonalid = bs.briefseasonalid
       JOIN prototype_seasonals ps ON ps.patternseasonalid = pas.patternseasonalid
     WHERE n.lineplanname IS DISTINCT FROM o.lineplanname');
CREATE TRIGGER colorway_search_brand AFTER UPDATE ON brands REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.brandid = n.brandid
       JOIN prototypes p ON p.brandid = n.brandid JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid
     WHERE n.brandname IS DISTINCT FROM o.brandname');
CREATE TRIGGER colorway_search_season AFTER UPDATE ON seasons REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.seasonid = n.seasonid
       JOIN prototype_seasonals ps ON ps.seasonid = n.seasonid WHERE n.seasonname IS DISTINCT FROM o.seasonname');
CREATE TRIGGER colorway_search_status AFTER UPDATE ON statuses REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.statusid = n.statusid
       JOIN prototype_seasonals ps ON ps.statusid = n.statusid WHERE n.statusname IS DISTINCT FROM o.statusname');
CREATE TRIGGER colorway_search_product_type AFTER UPDATE ON product_types REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.producttypeid = n.producttypeid
       JOIN prototype_seasonals ps ON ps.producttypeid = n.producttypeid WHERE n.producttypename IS DISTINCT FROM o.producttypename');
CREATE TRIGGER colorway_search_responsible AFTER UPDATE ON users REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.userid = n.userid
       JOIN prototype_seasonals ps ON ps.responsibleid = n.userid
     WHERE (n.firstname, n.lastname) IS DISTINCT FROM (o.firstname, o.lastname)');
CREATE TRIGGER colorway_search_gender AFTER UPDATE ON genders REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.genderkey = n.genderkey
       JOIN patterns pa ON pa.genderkey = n.genderkey JOIN prototypes p ON p.patternid = pa.patternid
       JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid WHERE n.gendername IS DISTINCT FROM o.gendername');
CREATE TRIGGER colorway_search_division AFTER UPDATE ON divisions REFERENCING NEW TABLE AS new_rows OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION colorway_search_changed(
    'SELECT ps.prototypeseasonalid FROM new_rows n JOIN old_rows o ON o.divisionkey = n.divisionkey
       JOIN prototypes p ON p.divisionkey = n.divisionkey JOIN prototype_seasonals ps ON ps.prototypeid = p.prototypeid
     WHERE n.divisionname IS DISTINCT FROM o.divisionname');

-- 019's sort indexes on the colorway tables served only the colorway search, now read from
-- colorway_search: dropped (fewer indexes to write per colorway). Its (reference, key) indexes stay:
-- the triggers above and the other grids' lookup walks read them.
DROP INDEX prototypes_sort_name, prototypes_sort_name_desc, prototypes_sort_stocknum_desc, prototypes_sort_colordesc,
  prototypes_sort_colordesc_desc, prototype_seasonals_sort_factnameky, prototype_seasonals_sort_factnameky_desc,
  prototype_seasonals_sort_factname, prototype_seasonals_sort_factname_desc, prototype_seasonals_sort_ctryoforig,
  prototype_seasonals_sort_ctryoforig_desc, prototype_seasonals_sort_totalvolume, prototype_seasonals_sort_totalvolume_desc;

ANALYZE colorway_search, colorway_search_changes;
