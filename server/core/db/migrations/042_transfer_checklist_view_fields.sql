-- The transfer checklist's view carries every field of its entity (issue 26: one description of a record).
-- PrototypeSeasonalId (the colorway's current season, for its link), EnabledCount and CompleteCount were
-- computed in the feature's own SQL beside the view, so the change feed, which reads an entity's fields
-- from its view, failed on every checklist save ('column "prototypeseasonalid" does not exist'), losing the
-- other changes read with it. tests/api/entity-views.test.ts holds every entity with a view
-- to carrying all its fields. Unselected columns cost nothing: the planner drops them from a flattened view.
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
  (SELECT count(*)::int FROM transfer_checklist_items i WHERE i.transferchecklistid = tc.transferchecklistid AND i.isenabled AND i.iscomplete) AS completecount
FROM transfer_checklists tc
JOIN prototypes p ON p.prototypeid = tc.prototypeid
JOIN brands br ON br.brandid = p.brandid
JOIN patterns pa ON pa.patternid = p.patternid
JOIN factories ff ON ff.factorykey = tc.fromfactorykey
JOIN factories tf ON tf.factorykey = tc.tofactorykey
LEFT JOIN transfer_product_types tpt ON tpt.transferproducttypeid = tc.transferproducttypeid;
