-- The dev pattern critical path's entity (critical-path-dev-pattern) is its search row and its edit
-- screen's header (issue 26): the view, the generic read path, carries the header's factory fields
-- too (hidden from factory users by schemas/visibility). Columns are added at the end.
CREATE OR REPLACE VIEW critical_path_dev_pattern_view AS
SELECT
  cp.criticalpathdevpatternid,
  cp.patternseasonalid,
  cp.criticalpathname,
  cp.criticalpathheaderstatusid,
  hs.statusname AS criticalpathheaderstatusname,
  cp.notes,
  pa.patternid,
  pa.patternname,
  b.briefname AS projectname,
  pa.brandid,
  br.brandname,
  pa.genderkey,
  ge.gendername,
  pas.developmenttype,
  pas.seasonid,
  se.seasonname,
  lead.factnameky AS factorykey,
  lead.factname AS factoryname,
  lead.ctryoforig AS cntryorgkey,
  lead.divisionkey,
  dv.divisionname,
  lead.launchdescription,
  pa.productline,
  pa.lastname,
  pa.outsolekey,
  pa.adoptedstatus,
  ARRAY(SELECT DISTINCT fx.factnameky FROM prototype_seasonals fx
         WHERE fx.patternseasonalid = cp.patternseasonalid AND NOT fx.isdeleted AND fx.factnameky IS NOT NULL) AS factorykeys,
  pas.isdeleted,
  cp.rowversion,
  cp.createdon,
  cp.createdby,
  cp.changedon,
  cp.changedby,
  cp.factory1name,
  cp.factory2name,
  cp.factory3name,
  cp.factory4name,
  cp.dualsrcdpatt,
  cp.factorytransfer
FROM critical_path_dev_patterns cp
JOIN critical_path_header_statuses hs ON hs.criticalpathheaderstatusid = cp.criticalpathheaderstatusid
JOIN pattern_seasonals pas ON pas.patternseasonalid = cp.patternseasonalid
JOIN patterns pa ON pa.patternid = pas.patternid
JOIN brands br ON br.brandid = pa.brandid
JOIN seasons se ON se.seasonid = pas.seasonid
LEFT JOIN genders ge ON ge.genderkey = pa.genderkey
LEFT JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
LEFT JOIN briefs b ON b.briefid = bs.briefid
LEFT JOIN LATERAL (
  SELECT ps.factnameky, ps.factname, ps.ctryoforig, p.divisionkey, coalesce(ld.launchdesc, 'Launch ' || ld.launchnumber) AS launchdescription
    FROM prototype_seasonals ps
    JOIN prototypes p ON p.prototypeid = ps.prototypeid
    LEFT JOIN line_plan_launch_dates ld ON ld.lineplanlaunchdateid = ps.lineplanlaunchdateid
   WHERE ps.patternseasonalid = cp.patternseasonalid AND NOT ps.isdeleted
   ORDER BY p.stocknum NULLS LAST, ps.prototypeseasonalid
   LIMIT 1
) lead ON true
LEFT JOIN divisions dv ON dv.divisionkey = lead.divisionkey;
