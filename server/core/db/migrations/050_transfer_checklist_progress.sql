-- The transfer checklist list is the shared grid (ADR 029: an OwnedGrid of schemas/grids/transfer-checklists):
-- its Progress column ('3 / 5': the complete of the enabled items, the only ones TC-005 counts) is a field of
-- the entity, so the view carries it (issue 26: every field of an entity is a column of its view; the change
-- feed and the export read them there). Appended at the end: CREATE OR REPLACE VIEW keeps the columns before it.
CREATE OR REPLACE VIEW transfer_checklist_view AS
SELECT
  tc.transferchecklistid,
  tc.prototypeid,
  p.prototypename,
  p.stocknum AS stocknumber,
  p.brandid,
  br.brandname,
  p.patternid,
  pa.patternname,
  tc.fromfactorykey,
  ff.factoryname AS fromfactoryname,
  tc.tofactorykey,
  tf.factoryname AS tofactoryname,
  tc.transferproducttypeid,
  tpt.producttypename AS transferproducttypename,
  tc.istariffmitigationtransfer,
  tc.completiondate,
  tc.rowversion,
  tc.changedon,
  tc.changedby,
  (SELECT max(ps.prototypeseasonalid) FROM prototype_seasonals ps WHERE ps.prototypeid = tc.prototypeid AND NOT ps.isdeleted) AS prototypeseasonalid,
  (SELECT count(*)::int FROM transfer_checklist_items i WHERE i.transferchecklistid = tc.transferchecklistid AND i.isenabled) AS enabledcount,
  (SELECT count(*)::int FROM transfer_checklist_items i WHERE i.transferchecklistid = tc.transferchecklistid AND i.isenabled AND i.iscomplete) AS completecount,
  (SELECT count(*) FILTER (WHERE i.iscomplete) || ' / ' || count(*) FROM transfer_checklist_items i
    WHERE i.transferchecklistid = tc.transferchecklistid AND i.isenabled) AS progress
FROM transfer_checklists tc
JOIN prototypes p ON p.prototypeid = tc.prototypeid
JOIN brands br ON br.brandid = p.brandid
JOIN patterns pa ON pa.patternid = p.patternid
JOIN factories ff ON ff.factorykey = tc.fromfactorykey
JOIN factories tf ON tf.factorykey = tc.tofactorykey
LEFT JOIN transfer_product_types tpt ON tpt.transferproducttypeid = tc.transferproducttypeid;
