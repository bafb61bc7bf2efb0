-- The critical path search (issue 15, CP-002..013): one view per kind, read by the generic grid
-- search (server/core/api/grids.ts) through the entities critical-path-dev-pattern,
-- critical-path-dev-prototype and critical-path-commercialization (ADR 024).
--
-- The columns of CP-006/007 that a path does not hold itself (factory, country of origin,
-- division, launch) come from its "lead colorway": a dev prototype path's default stock number;
-- for the other kinds the lowest stock number of the pattern seasonal's colorways (dev pattern) or
-- of the pattern's colorways at the path's factory (commercialization), latest season first.
-- factorykeys holds every factory of a dev pattern path's colorways: a factory user sees a path
-- when one of them is theirs (critical-paths/common.ts patternScope, the same rule).

CREATE VIEW critical_path_dev_pattern_view AS
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
  cp.changedby
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

CREATE VIEW critical_path_dev_prototype_view AS
SELECT
  cp.criticalpathdevprototypeid,
  cp.prototypeseasonalid,
  cp.criticalpathdevprototypename,
  cp.criticalpathheaderstatusid,
  hs.statusname AS criticalpathheaderstatusname,
  cp.notes,
  cp.designer,
  cp.usdeveloper,
  cp.asiadeveloper,
  cw.prototypeid,
  cw.prototypename,
  cw.stocknum,
  cw.patternid,
  cw.patternname,
  cw.briefname AS projectname,
  cw.brandid,
  cw.brandname,
  cw.genderkey,
  cw.gendername,
  pas.developmenttype,
  cw.seasonid,
  cw.seasonname,
  orig.seasonname AS originalseason,
  (SELECT string_agg(s2.seasonname, ', ' ORDER BY s2.sortorder)
     FROM prototype_seasonals a JOIN seasons s2 ON s2.seasonid = a.seasonid
    WHERE a.prototypeid = cw.prototypeid AND NOT a.isdeleted) AS allseasons,
  cw.factnameky AS factorykey,
  cw.factname AS factoryname,
  cw.ctryoforig AS cntryorgkey,
  cw.factorygroupkey,
  cw.factorygroupname,
  cw.divisionkey,
  cw.division AS divisionname,
  coalesce(ld.launchdesc, 'Launch ' || ld.launchnumber) AS launchdescription,
  pa.productline,
  pa.lastname,
  pa.outsolekey,
  pa.adoptedstatus,
  cw.isdeleted,
  cp.rowversion,
  cp.createdon,
  cp.createdby,
  cp.changedon,
  cp.changedby
FROM critical_path_dev_prototypes cp
JOIN critical_path_header_statuses hs ON hs.criticalpathheaderstatusid = cp.criticalpathheaderstatusid
JOIN colorway_view cw ON cw.prototypeseasonalid = cp.prototypeseasonalid
JOIN pattern_seasonals pas ON pas.patternseasonalid = cw.patternseasonalid
JOIN patterns pa ON pa.patternid = cw.patternid
LEFT JOIN line_plan_launch_dates ld ON ld.lineplanlaunchdateid = cw.lineplanlaunchdateid
LEFT JOIN LATERAL (
  SELECT s1.seasonname FROM prototype_seasonals o JOIN seasons s1 ON s1.seasonid = o.seasonid
   WHERE o.prototypeid = cw.prototypeid ORDER BY o.isoriginalseason DESC, s1.sortorder LIMIT 1
) orig ON true;

CREATE VIEW critical_path_commercialization_view AS
SELECT
  cp.criticalpathcommercializationid,
  cp.criticalpathname,
  cp.criticalpathheaderstatusid,
  hs.statusname AS criticalpathheaderstatusname,
  cp.notes,
  pa.patternid,
  pa.patternname,
  latest.briefname AS projectname,
  pa.brandid,
  br.brandname,
  pa.genderkey,
  ge.gendername,
  latest.developmenttype,
  latest.seasonname,
  ARRAY(SELECT x.seasonid FROM pattern_seasonals x WHERE x.patternid = pa.patternid AND NOT x.isdeleted) AS seasonid,
  (SELECT s1.seasonname FROM pattern_seasonals o JOIN seasons s1 ON s1.seasonid = o.seasonid
    WHERE o.patternid = pa.patternid ORDER BY s1.sortorder LIMIT 1) AS originalseason,
  (SELECT string_agg(s2.seasonname, ', ' ORDER BY s2.sortorder)
     FROM pattern_seasonals a JOIN seasons s2 ON s2.seasonid = a.seasonid
    WHERE a.patternid = pa.patternid AND NOT a.isdeleted) AS allseasons,
  lead.stocknum,
  cp.factorykey,
  f.factoryname,
  f.countrycode AS cntryorgkey,
  f.factorygroupkey,
  fg.factorygroupname,
  lead.divisionkey,
  dv.divisionname,
  lead.launchdescription,
  pa.productline,
  pa.lastname,
  pa.outsolekey,
  pa.adoptedstatus,
  cp.rowversion,
  cp.createdon,
  cp.createdby,
  cp.changedon,
  cp.changedby
FROM critical_path_commercializations cp
JOIN critical_path_header_statuses hs ON hs.criticalpathheaderstatusid = cp.criticalpathheaderstatusid
JOIN patterns pa ON pa.patternid = cp.patternid
JOIN brands br ON br.brandid = pa.brandid
JOIN factories f ON f.factorykey = cp.factorykey
JOIN factory_groups fg ON fg.factorygroupkey = f.factorygroupkey
LEFT JOIN genders ge ON ge.genderkey = pa.genderkey
LEFT JOIN LATERAL (
  SELECT se.seasonname, pas.developmenttype, b.briefname
    FROM pattern_seasonals pas
    JOIN seasons se ON se.seasonid = pas.seasonid
    LEFT JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
    LEFT JOIN briefs b ON b.briefid = bs.briefid
   WHERE pas.patternid = pa.patternid AND NOT pas.isdeleted
   ORDER BY se.sortorder DESC
   LIMIT 1
) latest ON true
LEFT JOIN LATERAL (
  SELECT p.stocknum, p.divisionkey, coalesce(ld.launchdesc, 'Launch ' || ld.launchnumber) AS launchdescription
    FROM prototype_seasonals ps
    JOIN prototypes p ON p.prototypeid = ps.prototypeid
    JOIN seasons s3 ON s3.seasonid = ps.seasonid
    LEFT JOIN line_plan_launch_dates ld ON ld.lineplanlaunchdateid = ps.lineplanlaunchdateid
   WHERE p.patternid = pa.patternid AND ps.factnameky = cp.factorykey AND NOT ps.isdeleted
   ORDER BY s3.sortorder DESC, p.stocknum NULLS LAST, ps.prototypeseasonalid
   LIMIT 1
) lead ON true
LEFT JOIN divisions dv ON dv.divisionkey = lead.divisionkey;
