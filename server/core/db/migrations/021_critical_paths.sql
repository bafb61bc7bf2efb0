-- Critical paths (issue 15, CP-001..051): three kinds, each a header with dated process rows.
--   dev pattern:       on a pattern seasonal (CP-041)
--   dev prototype:     on a development prototype; the colorway seasonals linked to it
--                      (prototype_seasonals.criticalpathdevprototypeid) carry its stock numbers (CP-030..035, DECISIONS CP-034)
--   commercialization: on a pattern + factory (CP-042)
-- Header statuses, approval ids, the ProcessType -> stock-number flag mapping (CP-035) and the
-- default processes per kind (DECISIONS CP-043) are data, not code. The stock-number flags are the
-- colorway seasonal's own columns: one truth, shown on the colorway screen and in its history.

CREATE TABLE critical_path_header_statuses (
  criticalpathheaderstatusid integer PRIMARY KEY,
  statusname                 text NOT NULL UNIQUE
);
-- DECISIONS CP-029.
INSERT INTO critical_path_header_statuses VALUES (1, 'Active'), (2, 'Completed'), (3, 'Canceled'), (4, 'On Hold');

CREATE TABLE critical_path_process_approvals (
  criticalpathprocessapprovedid integer PRIMARY KEY,
  approvalname                  text NOT NULL UNIQUE,
  setsflag                      boolean NOT NULL
);
-- DECISIONS CP-037: 1, 4, 5 set the flag; 2, 3 (and none) clear it.
INSERT INTO critical_path_process_approvals VALUES
  (1, 'Approved', true), (2, 'Rejected', false), (3, 'Pending', false), (4, 'Approved with comments', true), (5, 'Approved by exception', true);

-- CP-035: a dev prototype final process type and the stock-number flag it drives (the colorway
-- field name and its prototype_seasonals column).
CREATE TABLE critical_path_process_flags (
  processtype text PRIMARY KEY,
  flagfield   text NOT NULL UNIQUE,
  flagcolumn  text NOT NULL UNIQUE
);
INSERT INTO critical_path_process_flags VALUES
  ('SPECAPP',    'IsFinalSpecApprLocked',        'isfinalspecapprlocked'),
  ('LTHAPP',     'IsLeatherApproved',            'isleatherapproved'),
  ('FNLCSTCONF', 'IsFinalCostConfCBDLoaded',     'isfinalcostconfcbdloaded'),
  ('31MTLCOTST', 'IsThreeOneTestComplete',       'isthreeonetestcomplete'),
  ('SAMPAPP',    'IsConfirmationSampleApproved', 'isconfirmationsampleapproved'),
  ('MTLFLDSGND', 'IsMatlRefFolderSigned',        'ismatlreffoldersigned'),
  ('PROP65LEAD', 'IsRSTestComplete',             'rscomplete'),
  ('PATAPP',     'IsModelSizeApproved',          'ismodelsizeapproved'),
  ('CNFSMPSND',  'IsConfSampleSent',             'isconfsamplesent');

-- The flags the colorway seasonal did not have yet (IsRSTestComplete is its RSComplete).
ALTER TABLE prototype_seasonals
  ADD COLUMN isfinalcostconfcbdloaded boolean NOT NULL DEFAULT false,
  ADD COLUMN isthreeonetestcomplete   boolean NOT NULL DEFAULT false,
  ADD COLUMN ismatlreffoldersigned    boolean NOT NULL DEFAULT false,
  ADD COLUMN ismodelsizeapproved      boolean NOT NULL DEFAULT false,
  ADD COLUMN isconfsamplesent         boolean NOT NULL DEFAULT false;

-- The colorway shows the flags added above (its screen and its history name them): colorway_view as in
-- 002_hierarchy.sql with the five columns appended (CREATE OR REPLACE keeps every existing column in place).
CREATE OR REPLACE VIEW colorway_view AS
SELECT
  ps.prototypeseasonalid,
  p.prototypeid,
  p.prototypename,
  p.brandid,
  br.brandname,
  br.sapbrandid,
  ps.seasonid,
  se.seasonname,
  ps.statusid,
  st.statusname,
  ps.responsibleid,
  ru.firstname || ' ' || ru.lastname AS responsiblename,
  ps.wfgroupid,
  wf.wfgroupname,
  ps.producttypeid,
  pt.producttypename,
  ps.copyseasonalid,
  ps.isoriginalseason,
  ps.isdeleted,
  p.islocked,
  p.patternid,
  pa.patternname,
  ps.patternseasonalid,
  pa.genderkey,
  ge.gendername,
  pas.briefseasonalid,
  b.briefname,
  bs.lineplanid,
  lp.lineplanname,
  p.stocknum,
  p.divisionkey,
  dv.divisionname AS division,
  p.estcompletedate,
  p.actcompldate,
  p.factrefnum,
  p.devcolornm,
  p.sappattnmabr,
  p.colorkey,
  p.colordesc,
  p.nrfcolorkey,
  p.nrfcolordesc,
  p.prodline,
  p.pictogrmlbl,
  p.upperdesc,
  p.liningdesc,
  p.outsoledesc,
  p.matlgridnum,
  p.matlgridtext,
  p.toecompkey,
  p.toecompdesc,
  p.safetytoe,
  p.toeratekey,
  p.qualcat,
  p.width,
  p.sampwght,
  p.preprdauthdt,
  p.preprdauthnum,
  p.prodauthdt,
  p.prodauthnum,
  p.uscomp,
  p.uscompval,
  p.dualsrcdpatt,
  p.buyready,
  p.agecode,
  p.fws,
  p.hiercodelev1key,
  p.hiercodelev1desc,
  p.refernecenumber,
  p.cuttingpattern,
  p.compstylestocknumber,
  p.collectionnum,
  p.collectiondesc,
  p.businessseg,
  p.basicmaterial,
  p.customerkey,
  p.customernam,
  p.storytypekey,
  p.storytype,
  p.consumerterritorykey,
  p.consumerterritory,
  p.gennotes,
  p.imagepath,
  p.imagename,
  ps.factnameky,
  ps.factname,
  ps.ctryoforig,
  ps.factorygroupkey,
  ps.factorygroupname,
  ps.transferfactoryky,
  ps.dsfactoryky,
  ps.factorytransfer,
  ps.isfinalspecapprlocked,
  ps.finalspecapprlockeddt,
  ps.isconfirmationsampleapproved,
  ps.confsmplapprdt,
  ps.confnotes,
  ps.isleatherapproved,
  ps.lthrapprvdate,
  ps.lthrapprvby,
  ps.rscomplete,
  ps.initialprototypecomplete,
  ps.initialprototypecompletedate,
  ps.initialprototypeprice,
  ps.isrcomplete,
  ps.isrcompletedate,
  ps.isrprice,
  ps.ldmcomplete,
  ps.ldmcompletedate,
  ps.ldmprice,
  ps.smcomplete,
  ps.smcompletedate,
  ps.smprice,
  ps.smfinalcomplete,
  ps.smfinalcmptdt,
  ps.smfinalprice,
  ps.estffc,
  ps.estffccurr,
  ps.estffcpct,
  ps.estpurprice,
  ps.ffc,
  ps.ffccurr,
  ps.ffcpct,
  ps.actpurprice,
  ps.servfee,
  ps.issfoverride,
  ps.sfoverride,
  ps.costingcompl,
  ps.costingcompldate,
  ps.costingcomplby,
  ps.wsprice,
  ps.retailprice,
  ps.outsoletechcode,
  ps.ushtsstawn,
  ps.usassignduty,
  ps.ushtscodekey,
  ps.cahtsstawn,
  ps.caassignduty,
  ps.cahtscodekey,
  ps.ukhtsstawn,
  ps.ukassignduty,
  ps.ukhtscodekey,
  ps.euhtsstawn,
  ps.euassignduty,
  ps.euhtscodekey,
  ps.htsnotes,
  ps.mitigadjustment,
  ps.lineplanlaunchdateid,
  ld.launchnumber AS launch,
  ps.usvolume,
  ps.cavolume,
  ps.emeaownedvolume,
  ps.emeadistvolume,
  ps.nadtcstorevolume,
  ps.nadtcecomvolume,
  ps.italyvolume,
  ps.eudtcvolume,
  ps.emea3pvolume,
  ps.asiavolume,
  ps.cnvolume,
  ps.hkvolume,
  ps.c4cvolume,
  ps.latinavolume,
  ps.intnlvolume,
  ps.totalvolume,
  ps.colormin,
  ps.performancelvl,
  ps.criticalpathdevprototypeid,
  ps.releasedon,
  ps.releasedby,
  rb.firstname || ' ' || rb.lastname AS releasedbyname,
  ps.rowversion,
  p.rowversion AS prototyperowversion,
  ps.createdon,
  ps.createdby,
  greatest(p.changedon, ps.changedon) AS changedon,
  CASE WHEN p.changedon > ps.changedon THEN p.changedby ELSE ps.changedby END AS changedby,
  ps.isfinalcostconfcbdloaded,
  ps.isthreeonetestcomplete,
  ps.ismatlreffoldersigned,
  ps.ismodelsizeapproved,
  ps.isconfsamplesent
FROM prototype_seasonals ps
JOIN prototypes p ON p.prototypeid = ps.prototypeid
LEFT JOIN brands br ON br.brandid = p.brandid
LEFT JOIN seasons se ON se.seasonid = ps.seasonid
LEFT JOIN statuses st ON st.statusid = ps.statusid
LEFT JOIN users ru ON ru.userid = ps.responsibleid
LEFT JOIN workflow_groups wf ON wf.wfgroupid = ps.wfgroupid
LEFT JOIN product_types pt ON pt.producttypeid = ps.producttypeid
LEFT JOIN patterns pa ON pa.patternid = p.patternid
LEFT JOIN genders ge ON ge.genderkey = pa.genderkey
LEFT JOIN pattern_seasonals pas ON pas.patternseasonalid = ps.patternseasonalid
LEFT JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
LEFT JOIN briefs b ON b.briefid = bs.briefid
LEFT JOIN line_plans lp ON lp.lineplanid = bs.lineplanid
LEFT JOIN divisions dv ON dv.divisionkey = p.divisionkey
LEFT JOIN line_plan_launch_dates ld ON ld.lineplanlaunchdateid = ps.lineplanlaunchdateid
LEFT JOIN users rb ON rb.userid = ps.releasedby;

-- DECISIONS CP-043: the processes a new critical path of each kind starts with (editable data).
CREATE TABLE critical_path_process_templates (
  processtemplateid serial PRIMARY KEY,
  kind              text NOT NULL CHECK (kind IN ('devpattern', 'devprototypefinal', 'devprototypeactual', 'commercialization')),
  processname       text NOT NULL,
  processtype       text NOT NULL DEFAULT 'DEF',
  sortorder         integer NOT NULL,
  canbedeleted      boolean NOT NULL DEFAULT true,
  canchangename     boolean NOT NULL DEFAULT true,
  isprocessreadonly boolean NOT NULL DEFAULT false,
  UNIQUE (kind, sortorder)
);
INSERT INTO critical_path_process_templates (kind, processname, processtype, sortorder, canbedeleted, canchangename) VALUES
  ('devpattern', 'Brief handover', 'DEF', 10, true, true),
  ('devpattern', 'First pattern', 'DEF', 20, true, true),
  ('devpattern', 'Proto 1', 'DEF', 30, true, true),
  ('devpattern', 'Fit review', 'DEF', 40, true, true),
  ('devpattern', 'Proto 2', 'DEF', 50, true, true),
  ('devpattern', 'Pattern approval', 'DEF', 60, true, true),
  ('devprototypefinal', 'Final spec approval', 'SPECAPP', 10, false, false),
  ('devprototypefinal', 'Leather approval', 'LTHAPP', 20, false, false),
  ('devprototypefinal', 'Final cost confirmation (CBD loaded)', 'FNLCSTCONF', 30, false, false),
  ('devprototypefinal', '3:1 material / colour test', '31MTLCOTST', 40, false, false),
  ('devprototypefinal', 'Confirmation sample approval', 'SAMPAPP', 50, false, false),
  ('devprototypefinal', 'Material reference folder signed', 'MTLFLDSGND', 60, false, false),
  ('devprototypefinal', 'Prop 65 / lead (RS) test', 'PROP65LEAD', 70, false, false),
  ('devprototypefinal', 'Pattern / model size approval', 'PATAPP', 80, false, false),
  ('devprototypefinal', 'Confirmation sample sent', 'CNFSMPSND', 90, false, false),
  ('devprototypeactual', 'Initial prototype', 'DEF', 10, true, true),
  ('devprototypeactual', 'ISR', 'DEF', 20, true, true),
  ('devprototypeactual', 'LDM', 'DEF', 30, true, true),
  ('devprototypeactual', 'SM', 'DEF', 40, true, true),
  ('commercialization', 'PO issued', 'DEF', 10, true, true),
  ('commercialization', 'Materials ordered', 'DEF', 20, true, true),
  ('commercialization', 'Production start', 'DEF', 30, true, true),
  ('commercialization', 'Inline inspection', 'DEF', 40, true, true),
  ('commercialization', 'Final inspection', 'DEF', 50, true, true),
  ('commercialization', 'Ex-factory', 'DEF', 60, true, true);

-- CP-041: the dev pattern critical path of a pattern seasonal.
CREATE TABLE critical_path_dev_patterns (
  criticalpathdevpatternid   serial PRIMARY KEY,
  patternseasonalid          integer NOT NULL REFERENCES pattern_seasonals,
  criticalpathname           text NOT NULL,
  factory1name               text,
  factory2name               text,
  factory3name               text,
  factory4name               text,
  criticalpathheaderstatusid integer NOT NULL DEFAULT 1 REFERENCES critical_path_header_statuses,
  notes                      text,
  dualsrcdpatt               boolean NOT NULL DEFAULT false,
  factorytransfer            boolean NOT NULL DEFAULT false,
  rowversion                 integer NOT NULL DEFAULT 1,
  createdon                  timestamptz NOT NULL DEFAULT now(),
  createdby                  integer REFERENCES users,
  changedon                  timestamptz NOT NULL DEFAULT now(),
  changedby                  integer REFERENCES users
);
CREATE UNIQUE INDEX critical_path_dev_patterns_ps ON critical_path_dev_patterns (patternseasonalid);
CREATE INDEX critical_path_dev_patterns_name ON critical_path_dev_patterns (lower(criticalpathname));

CREATE TABLE critical_path_dev_pattern_processes (
  criticalpathdevpatternprocessid serial PRIMARY KEY,
  criticalpathdevpatternid        integer NOT NULL REFERENCES critical_path_dev_patterns ON DELETE CASCADE,
  processname                     text NOT NULL,
  sortorder                       integer NOT NULL,
  targetdate                      date,
  actualcompletedate              date,
  notes                           text
);
CREATE INDEX critical_path_dev_pattern_processes_cp ON critical_path_dev_pattern_processes (criticalpathdevpatternid, sortorder);

-- CP-030: the dev prototype critical path; prototypeseasonalid is its default stock number (IsDefault).
CREATE TABLE critical_path_dev_prototypes (
  criticalpathdevprototypeid   serial PRIMARY KEY,
  criticalpathdevprototypename text NOT NULL,
  prototypeseasonalid          integer NOT NULL REFERENCES prototype_seasonals,
  designer                     text,
  usdeveloper                  text,
  asiadeveloper                text,
  criticalpathheaderstatusid   integer NOT NULL DEFAULT 1 REFERENCES critical_path_header_statuses,
  notes                        text,
  rowversion                   integer NOT NULL DEFAULT 1,
  createdon                    timestamptz NOT NULL DEFAULT now(),
  createdby                    integer REFERENCES users,
  changedon                    timestamptz NOT NULL DEFAULT now(),
  changedby                    integer REFERENCES users
);
CREATE INDEX critical_path_dev_prototypes_ps ON critical_path_dev_prototypes (prototypeseasonalid);
ALTER TABLE prototype_seasonals
  ADD CONSTRAINT prototype_seasonals_criticalpath FOREIGN KEY (criticalpathdevprototypeid) REFERENCES critical_path_dev_prototypes;
CREATE INDEX prototype_seasonals_criticalpath ON prototype_seasonals (criticalpathdevprototypeid) WHERE criticalpathdevprototypeid IS NOT NULL;

-- CP-031.
CREATE TABLE critical_path_dev_prototype_final_processes (
  criticalpathdevprototypefinalprocessid serial PRIMARY KEY,
  criticalpathdevprototypeid             integer NOT NULL REFERENCES critical_path_dev_prototypes ON DELETE CASCADE,
  processname                            text NOT NULL,
  processtype                            text NOT NULL DEFAULT 'DEF',
  sortorder                              integer NOT NULL,
  canbedeleted                           boolean NOT NULL DEFAULT true,
  canchangename                          boolean NOT NULL DEFAULT true,
  overriderevisedtargetdate              boolean NOT NULL DEFAULT false,
  eststartdate                           date,
  targetdate                             date,
  revstartdate                           date,
  revisedtargetdate                      date,
  actualcompletedate                     date,
  criticalpathprocessapprovedid          integer REFERENCES critical_path_process_approvals,
  approvedby                             integer REFERENCES users,
  approvedbyname                         text,
  approvaldate                           date,
  isprocessreadonly                      boolean NOT NULL DEFAULT false,
  notes                                  text,
  notes2                                 text
);
CREATE INDEX critical_path_dev_prototype_final_processes_cp ON critical_path_dev_prototype_final_processes (criticalpathdevprototypeid, sortorder);

-- CP-032.
CREATE TABLE critical_path_dev_prototype_actual_processes (
  criticalpathdevprototypeactualprocessid serial PRIMARY KEY,
  criticalpathdevprototypeid              integer NOT NULL REFERENCES critical_path_dev_prototypes ON DELETE CASCADE,
  processname                             text NOT NULL,
  processtype                             text NOT NULL DEFAULT 'DEF',
  sortorder                               integer NOT NULL,
  canbedeleted                            boolean NOT NULL DEFAULT true,
  canchangename                           boolean NOT NULL DEFAULT true,
  actualcompletedate                      date,
  notes                                   text
);
CREATE INDEX critical_path_dev_prototype_actual_processes_cp ON critical_path_dev_prototype_actual_processes (criticalpathdevprototypeid, sortorder);

-- DECISIONS CP-034: purchase orders entered by hand.
CREATE TABLE critical_path_dev_prototype_purchase_orders (
  criticalpathdevprototypepurchaseorderid serial PRIMARY KEY,
  criticalpathdevprototypeid              integer NOT NULL REFERENCES critical_path_dev_prototypes ON DELETE CASCADE,
  ponumber                                text NOT NULL,
  factorykey                              text REFERENCES factories (factorykey),
  quantity                                integer CHECK (quantity >= 0),
  exfactorydate                           date
);
CREATE INDEX critical_path_dev_prototype_purchase_orders_cp ON critical_path_dev_prototype_purchase_orders (criticalpathdevprototypeid);

-- CP-042: the commercialization critical path of a pattern at a factory.
CREATE TABLE critical_path_commercializations (
  criticalpathcommercializationid serial PRIMARY KEY,
  criticalpathname                text NOT NULL,
  criticalpathheaderstatusid      integer NOT NULL DEFAULT 1 REFERENCES critical_path_header_statuses,
  notes                           text,
  patternid                       integer NOT NULL REFERENCES patterns,
  factorykey                      text NOT NULL REFERENCES factories (factorykey),
  rowversion                      integer NOT NULL DEFAULT 1,
  createdon                       timestamptz NOT NULL DEFAULT now(),
  createdby                       integer REFERENCES users,
  changedon                       timestamptz NOT NULL DEFAULT now(),
  changedby                       integer REFERENCES users
);
CREATE INDEX critical_path_commercializations_pattern ON critical_path_commercializations (patternid);
CREATE INDEX critical_path_commercializations_name ON critical_path_commercializations (lower(criticalpathname));

CREATE TABLE critical_path_commercialization_processes (
  criticalpathcommercializationprocessid serial PRIMARY KEY,
  criticalpathcommercializationid        integer NOT NULL REFERENCES critical_path_commercializations ON DELETE CASCADE,
  processname                            text NOT NULL,
  processtype                            text NOT NULL DEFAULT 'DEF',
  sortorder                              integer NOT NULL,
  eststartdate                           date,
  estenddate                             date,
  revstartdate                           date,
  revenddate                             date,
  criticalpathprocessapprovedid          integer REFERENCES critical_path_process_approvals,
  approvedby                             integer REFERENCES users,
  approvaldate                           date,
  notes                                  text,
  canbedeleted                           boolean NOT NULL DEFAULT true,
  canchangename                          boolean NOT NULL DEFAULT true
);
CREATE INDEX critical_path_commercialization_processes_cp ON critical_path_commercialization_processes (criticalpathcommercializationid, sortorder);
