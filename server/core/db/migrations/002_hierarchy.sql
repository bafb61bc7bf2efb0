-- Product hierarchy (spec 001): line plan > brief > pattern > colorway (prototype).
-- Brief, pattern and colorway each have a base table and a seasonal table with one row per season
-- the item lives in (DECISIONS CONST-002); a line plan belongs to one brand and season.
-- Columns are the entity schemas' field names in lower case (ADR 002). Each hierarchy entity has a
-- view <entity>_view whose columns are exactly its schema's properties: the generic read path.
-- Every edited table carries rowversion for optimistic concurrency (a stale write gets 409).

-- ---------------------------------------------------------------------------------------------
-- Small lookups the hierarchy references; the full search-help set comes with the lookup work.

CREATE TABLE hts_duties (
  htskey             text PRIMARY KEY,
  htsstawn           text NOT NULL,
  countryorigin      text NOT NULL REFERENCES countries,
  countrydestination text NOT NULL REFERENCES countries,
  duty               numeric(6,3) NOT NULL,
  UNIQUE (countryorigin, countrydestination, htsstawn)
);

CREATE TABLE product_types (
  producttypeid   integer PRIMARY KEY,
  producttypename text NOT NULL,
  developmenttype text NOT NULL
);

CREATE TABLE basic_colors (
  basiccolorkey  text PRIMARY KEY,
  basiccolorname text NOT NULL,
  nrfid          text,
  nrfname        text
);

CREATE TABLE retail_channels (
  retailchannelkey  text PRIMARY KEY,
  retailchannelname text NOT NULL
);

CREATE TABLE development_centers (
  developmentcenterid   serial PRIMARY KEY,
  developmentcenterkey  text NOT NULL UNIQUE,
  developmentcentername text NOT NULL,
  isactive              boolean NOT NULL DEFAULT true,
  rowversion            integer NOT NULL DEFAULT 1
);

-- People by role per brand (library): Designer 1, Developer 2, Sourcing Developer 3,
-- Contract Designer 4, Colorist 5. They need no sign-in, so they are not users.
CREATE TABLE developers (
  developerid     serial PRIMARY KEY,
  brandid         integer NOT NULL REFERENCES brands,
  developerroleid integer NOT NULL CHECK (developerroleid BETWEEN 1 AND 5),
  firstname       text NOT NULL,
  lastname        text NOT NULL,
  username        text,
  isactive        boolean NOT NULL DEFAULT true,
  rowversion      integer NOT NULL DEFAULT 1
);
CREATE INDEX developers_brand ON developers (brandid, developerroleid);

-- ---------------------------------------------------------------------------------------------
-- Line plans and their children.

CREATE TABLE line_plans (
  lineplanid    serial PRIMARY KEY,
  lineplanname  text NOT NULL,
  brandid       integer NOT NULL REFERENCES brands,
  seasonid      integer NOT NULL REFERENCES seasons,
  responsibleid integer NOT NULL REFERENCES users,
  wfgroupid     integer REFERENCES workflow_groups,
  statusid      integer NOT NULL DEFAULT 1 REFERENCES statuses,
  islocked      boolean NOT NULL DEFAULT false,
  isdeleted     boolean NOT NULL DEFAULT false,
  rowversion    integer NOT NULL DEFAULT 1,
  createdon     timestamptz NOT NULL DEFAULT now(),
  createdby     integer REFERENCES users,
  changedon     timestamptz NOT NULL DEFAULT now(),
  changedby     integer REFERENCES users
);
CREATE INDEX line_plans_search ON line_plans (brandid, seasonid, statusid);
CREATE INDEX line_plans_name ON line_plans (lower(lineplanname));

CREATE TABLE line_plan_subseasons (
  lineplanid  integer NOT NULL REFERENCES line_plans ON DELETE CASCADE,
  subseasonid integer NOT NULL REFERENCES subseasons,
  PRIMARY KEY (lineplanid, subseasonid)
);

CREATE TABLE seasonal_planning_items (
  seasonalplanningitemid serial PRIMARY KEY,
  lineplanid             integer NOT NULL REFERENCES line_plans ON DELETE CASCADE,
  name                   text NOT NULL,
  startdate              date,
  enddate                date CHECK (enddate >= startdate),
  rowversion             integer NOT NULL DEFAULT 1
);
CREATE INDEX seasonal_planning_items_plan ON seasonal_planning_items (lineplanid);

-- Two sub-season calendars per line plan (LP-003); duration is the day count (LP-021).
CREATE TABLE calendar_items (
  calendaritemid serial PRIMARY KEY,
  lineplanid     integer NOT NULL REFERENCES line_plans ON DELETE CASCADE,
  subseasonid    integer REFERENCES subseasons,
  name           text NOT NULL,
  stage          text NOT NULL,
  startdate      date,
  enddate        date CHECK (enddate >= startdate),
  groupid        integer NOT NULL,
  sort           integer NOT NULL,
  duration       integer GENERATED ALWAYS AS (enddate - startdate) STORED,
  rowversion     integer NOT NULL DEFAULT 1
);
CREATE INDEX calendar_items_plan ON calendar_items (lineplanid, groupid, sort);

-- Launches 1..8 of a line plan; a colorway seasonal points at one (forecast Launch cell, FLASH-022).
CREATE TABLE line_plan_launch_dates (
  lineplanlaunchdateid serial PRIMARY KEY,
  lineplanid           integer NOT NULL REFERENCES line_plans ON DELETE CASCADE,
  launchnumber         integer NOT NULL CHECK (launchnumber BETWEEN 1 AND 8),
  launchdesc           text,
  adoptionduedate      date,
  speclckt1duedate     date,
  poissueddate         date,
  t2duedate            date,
  t3duedate            date,
  factoryexgodate      date,
  availatretaildate    date,
  rowversion           integer NOT NULL DEFAULT 1,
  UNIQUE (lineplanid, launchnumber)
);

-- ---------------------------------------------------------------------------------------------
-- Briefs: the concept (base) and its plan for one season (seasonal, linked to that season's line plan).

CREATE TABLE briefs (
  briefid                      serial PRIMARY KEY,
  briefname                    text NOT NULL,
  brandid                      integer NOT NULL REFERENCES brands,
  brieftypeid                  integer,
  consumersegmentationid       integer,
  productpositioningid         integer,
  packagingid                  integer,
  specialpackag                text,
  iscarryoverbrief             boolean NOT NULL DEFAULT false,
  isgloballaunch               boolean NOT NULL DEFAULT false,
  isfieldtesting               boolean NOT NULL DEFAULT false,
  isnewheel                    boolean NOT NULL DEFAULT false,
  competitivebrand1            text,
  competitiveproduct1          text,
  competitiveretailprice1      numeric(12,2),
  competitivebrand2            text,
  competitiveproduct2          text,
  competitiveretailprice2      numeric(12,2),
  trends                       text,
  consumerfields               text,
  marketingconsumerdescription text,
  generalnotes                 text,
  imagename                    text,
  rowversion                   integer NOT NULL DEFAULT 1,
  createdon                    timestamptz NOT NULL DEFAULT now(),
  createdby                    integer REFERENCES users,
  changedon                    timestamptz NOT NULL DEFAULT now(),
  changedby                    integer REFERENCES users
);
CREATE INDEX briefs_brand ON briefs (brandid);
CREATE INDEX briefs_name ON briefs (lower(briefname));

CREATE TABLE brief_seasonals (
  briefseasonalid       serial PRIMARY KEY,
  briefid               integer NOT NULL REFERENCES briefs,
  seasonid              integer NOT NULL REFERENCES seasons,
  lineplanid            integer NOT NULL REFERENCES line_plans,
  parentbriefseasonalid integer REFERENCES brief_seasonals,
  statusid              integer NOT NULL DEFAULT 1 REFERENCES statuses,
  responsibleid         integer NOT NULL REFERENCES users,
  wfgroupid             integer REFERENCES workflow_groups,
  islocked              boolean NOT NULL DEFAULT false,
  isdeleted             boolean NOT NULL DEFAULT false,
  startdate             date,
  enddate               date CHECK (enddate >= startdate),
  estcompletedate       date,
  actcompletedate       date,
  targetnumberpatterns  integer,
  targetnumbercolors    integer,
  projectedquantity     integer,
  ordersequence         integer,
  projectminimum        integer,
  minfob                numeric(12,2),
  maxfob                numeric(12,2),
  -- Sourcing: up to 3 possible factories, 3 factory groups and 5 retail channels (BRIEF-011).
  factory1key           text REFERENCES factories (factorykey),
  factory2key           text REFERENCES factories (factorykey),
  factory3key           text REFERENCES factories (factorykey),
  factorygroup1key      text REFERENCES factory_groups,
  factorygroup2key      text REFERENCES factory_groups,
  factorygroup3key      text REFERENCES factory_groups,
  retailchannel1key     text REFERENCES retail_channels,
  retailchannel2key     text REFERENCES retail_channels,
  retailchannel3key     text REFERENCES retail_channels,
  retailchannel4key     text REFERENCES retail_channels,
  retailchannel5key     text REFERENCES retail_channels,
  regionusa             boolean NOT NULL DEFAULT false,
  regionemeaowned       boolean NOT NULL DEFAULT false,
  regioncanada          boolean NOT NULL DEFAULT false,
  regionsamer           boolean NOT NULL DEFAULT false,
  regionaspac           boolean NOT NULL DEFAULT false,
  regionemea3p          boolean NOT NULL DEFAULT false,
  regionemeadistributor boolean NOT NULL DEFAULT false,
  rowversion            integer NOT NULL DEFAULT 1,
  createdon             timestamptz NOT NULL DEFAULT now(),
  createdby             integer REFERENCES users,
  changedon             timestamptz NOT NULL DEFAULT now(),
  changedby             integer REFERENCES users,
  UNIQUE (briefid, seasonid)
);
CREATE INDEX brief_seasonals_search ON brief_seasonals (seasonid, statusid);
CREATE INDEX brief_seasonals_plan ON brief_seasonals (lineplanid);

-- ---------------------------------------------------------------------------------------------
-- Patterns: the header (design, materials, adoption, PTA) and its seasonal part (targets, volumes, duties).

CREATE TABLE patterns (
  patternid            serial PRIMARY KEY,
  patternname          text NOT NULL,
  patterndesc          text,
  brandid              integer NOT NULL REFERENCES brands,
  patternnamekey       text,
  genderkey            text NOT NULL REFERENCES genders,
  adoptedstatus        boolean NOT NULL DEFAULT false,
  adopteddate          date,
  adoptedby            integer REFERENCES users,
  estcompletedate      date,
  actcompletedate      date,
  lastname             text,
  outsolekey           text,
  outsolename          text,
  constructionkey      text,
  constructiondesc     text,
  activitytypekey      text,
  activitytype         text,
  productline          text,
  producthierarchykey  text,
  producthierarchyname text,
  uppermaterial        text,
  liningmaterial       text,
  bottommaterial       text,
  iswaterproof         boolean NOT NULL DEFAULT false,
  membraneid           integer,
  membranedesc         text,
  membranesupplier     text,
  membranepackage      text,
  isbootie             boolean NOT NULL DEFAULT false,
  isseamsealed         boolean NOT NULL DEFAULT false,
  ptastatus            boolean NOT NULL DEFAULT false,
  ptadate              date,
  ptaby                integer REFERENCES users,
  imagename            text,
  outsoleimagename     text,
  rowversion           integer NOT NULL DEFAULT 1,
  createdon            timestamptz NOT NULL DEFAULT now(),
  createdby            integer REFERENCES users,
  changedon            timestamptz NOT NULL DEFAULT now(),
  changedby            integer REFERENCES users
);
CREATE INDEX patterns_brand ON patterns (brandid, patternname);
CREATE INDEX patterns_name ON patterns (lower(patternname));
-- Pattern key + gender must be unique within a brand (PAT-010): a server check with its own message.
CREATE INDEX patterns_key_gender ON patterns (brandid, patternnamekey, genderkey);

CREATE TABLE pattern_seasonals (
  patternseasonalid       serial PRIMARY KEY,
  patternid               integer NOT NULL REFERENCES patterns,
  seasonid                integer NOT NULL REFERENCES seasons,
  briefseasonalid         integer NOT NULL REFERENCES brief_seasonals,
  parentpatternseasonalid integer REFERENCES pattern_seasonals,
  statusid                integer NOT NULL DEFAULT 1 REFERENCES statuses,
  responsibleid           integer NOT NULL REFERENCES users,
  wfgroupid               integer REFERENCES workflow_groups,
  isdeleted               boolean NOT NULL DEFAULT false,
  developmenttype         text,
  origfobtarget           numeric(12,2),
  targetpurprice          numeric(12,2),
  usvolume                integer,
  cavolume                integer,
  emeaownedvolume         integer,
  emeadistvolume          integer,
  nadtcstorevolume        integer,
  nadtcecomvolume         integer,
  italyvolume             integer,
  eudtcvolume             integer,
  emea3pvolume            integer,
  asiavolume              integer,
  cnvolume                integer,
  hkvolume                integer,
  c4cvolume               integer,
  latinavolume            integer,
  intnlvolume             integer,
  totalvolume             integer,
  ustargetduty            numeric(6,3),
  catargetduty            numeric(6,3),
  uktargetduty            numeric(6,3),
  eutargetduty            numeric(6,3),
  usdutyfree              boolean NOT NULL DEFAULT false,
  outsolenumber           text,
  outsolenumbername       text,
  midsolenumber           text,
  midsolenumbername       text,
  rowversion              integer NOT NULL DEFAULT 1,
  createdon               timestamptz NOT NULL DEFAULT now(),
  createdby               integer REFERENCES users,
  changedon               timestamptz NOT NULL DEFAULT now(),
  changedby               integer REFERENCES users,
  UNIQUE (patternid, seasonid)
);
CREATE INDEX pattern_seasonals_search ON pattern_seasonals (seasonid, statusid);
CREATE INDEX pattern_seasonals_brief ON pattern_seasonals (briefseasonalid);

CREATE TABLE pattern_developers (
  patterndeveloperid serial PRIMARY KEY,
  patternid          integer NOT NULL REFERENCES patterns ON DELETE CASCADE,
  developerroleid    integer NOT NULL CHECK (developerroleid BETWEEN 1 AND 5),
  developerid        integer NOT NULL REFERENCES developers,
  isactive           boolean NOT NULL DEFAULT true,
  rowversion         integer NOT NULL DEFAULT 1
);
CREATE INDEX pattern_developers_pattern ON pattern_developers (patternid);

CREATE TABLE pattern_development_centers (
  patternid           integer NOT NULL REFERENCES patterns ON DELETE CASCADE,
  developmentcenterid integer NOT NULL REFERENCES development_centers,
  PRIMARY KEY (patternid, developmentcenterid)
);

-- ---------------------------------------------------------------------------------------------
-- Colorways: prototypes (the colorway itself) and prototype_seasonals (factory, costing, HTS,
-- milestones, volumes for one season).

CREATE TABLE prototypes (
  prototypeid          serial PRIMARY KEY,
  patternid            integer NOT NULL REFERENCES patterns,
  brandid              integer NOT NULL REFERENCES brands,
  prototypename        text NOT NULL,
  stocknum             text,
  divisionkey          text NOT NULL REFERENCES divisions,
  islocked             boolean NOT NULL DEFAULT false,
  estcompletedate      date,
  actcompldate         date,
  factrefnum           text,
  devcolornm           text,
  sappattnmabr         text,
  colorkey             text REFERENCES basic_colors,
  colordesc            text,
  nrfcolorkey          text,
  nrfcolordesc         text,
  prodline             text,
  pictogrmlbl          text,
  upperdesc            text,
  liningdesc           text,
  outsoledesc          text,
  matlgridnum          text,
  matlgridtext         text,
  toecompkey           text,
  toecompdesc          text,
  safetytoe            boolean NOT NULL DEFAULT false,
  toeratekey           text,
  qualcat              text,
  width                text,
  sampwght             numeric(10,2),
  preprdauthdt         date,
  preprdauthnum        text,
  prodauthdt           date,
  prodauthnum          text,
  uscomp               text,
  uscompval            numeric(6,3),
  dualsrcdpatt         boolean NOT NULL DEFAULT false,
  buyready             boolean NOT NULL DEFAULT false,
  agecode              text,
  fws                  text,
  hiercodelev1key      text,
  hiercodelev1desc     text,
  refernecenumber      text,
  cuttingpattern       text,
  compstylestocknumber text,
  collectionnum        text,
  collectiondesc       text,
  businessseg          text,
  basicmaterial        text,
  customerkey          text,
  customernam          text,
  storytypekey         text,
  storytype            text,
  consumerterritorykey text,
  consumerterritory    text,
  gennotes             text,
  imagepath            text,
  imagename            text,
  rowversion           integer NOT NULL DEFAULT 1,
  createdon            timestamptz NOT NULL DEFAULT now(),
  createdby            integer REFERENCES users,
  changedon            timestamptz NOT NULL DEFAULT now(),
  changedby            integer REFERENCES users
);
CREATE INDEX prototypes_brand ON prototypes (brandid, prototypename);
CREATE INDEX prototypes_name ON prototypes (lower(prototypename));
CREATE INDEX prototypes_pattern ON prototypes (patternid);
CREATE INDEX prototypes_stocknum ON prototypes (stocknum);

CREATE TABLE prototype_seasonals (
  prototypeseasonalid          serial PRIMARY KEY,
  prototypeid                  integer NOT NULL REFERENCES prototypes,
  patternseasonalid            integer NOT NULL REFERENCES pattern_seasonals,
  seasonid                     integer NOT NULL REFERENCES seasons,
  statusid                     integer NOT NULL DEFAULT 1 REFERENCES statuses,
  responsibleid                integer NOT NULL REFERENCES users,
  wfgroupid                    integer NOT NULL REFERENCES workflow_groups,
  producttypeid                integer NOT NULL REFERENCES product_types,
  copyseasonalid               integer REFERENCES prototype_seasonals,
  isoriginalseason             boolean NOT NULL DEFAULT false,
  isdeleted                    boolean NOT NULL DEFAULT false,
  -- Factory: stored with its names as the factory transfer sends them (CW-057).
  factnameky                   text REFERENCES factories (factorykey),
  factname                     text,
  ctryoforig                   text REFERENCES countries,
  factorygroupkey              text REFERENCES factory_groups,
  factorygroupname             text,
  transferfactoryky            text REFERENCES factories (factorykey),
  dsfactoryky                  text REFERENCES factories (factorykey),
  factorytransfer              boolean NOT NULL DEFAULT false,
  -- Spec approvals.
  isfinalspecapprlocked        boolean NOT NULL DEFAULT false,
  finalspecapprlockeddt        date,
  isconfirmationsampleapproved boolean NOT NULL DEFAULT false,
  confsmplapprdt               date,
  confnotes                    text,
  isleatherapproved            boolean NOT NULL DEFAULT false,
  lthrapprvdate                date,
  lthrapprvby                  integer REFERENCES users,
  rscomplete                   boolean NOT NULL DEFAULT false,
  -- Milestones: InitialPrototype -> ISR -> LDM -> SM -> SMFinal (DECISIONS CW-036).
  initialprototypecomplete     boolean NOT NULL DEFAULT false,
  initialprototypecompletedate date,
  initialprototypeprice        numeric(12,2),
  isrcomplete                  boolean NOT NULL DEFAULT false,
  isrcompletedate              date,
  isrprice                     numeric(12,2),
  ldmcomplete                  boolean NOT NULL DEFAULT false,
  ldmcompletedate              date,
  ldmprice                     numeric(12,2),
  smcomplete                   boolean NOT NULL DEFAULT false,
  smcompletedate               date,
  smprice                      numeric(12,2),
  smfinalcomplete              boolean NOT NULL DEFAULT false,
  smfinalcmptdt                date,
  smfinalprice                 numeric(12,2),
  -- Costing (CW-013, CW-044: purchase price = FFC + FFC x fee %).
  estffc                       numeric(12,2),
  estffccurr                   text,
  estffcpct                    numeric(6,3),
  estpurprice                  numeric(12,2),
  ffc                          numeric(12,2),
  ffccurr                      text,
  ffcpct                       numeric(6,3),
  actpurprice                  numeric(12,2),
  servfee                      numeric(6,3),
  issfoverride                 boolean NOT NULL DEFAULT false,
  sfoverride                   numeric(6,3),
  costingcompl                 boolean NOT NULL DEFAULT false,
  costingcompldate             date,
  costingcomplby               integer REFERENCES users,
  wsprice                      numeric(12,2),
  retailprice                  numeric(12,2),
  outsoletechcode              text,
  -- Tariff per destination region (FLASH-034: US->US, CA->CA, UK->GB, EU->NL).
  ushtsstawn                   text,
  usassignduty                 numeric(6,3),
  ushtscodekey                 text REFERENCES hts_duties,
  cahtsstawn                   text,
  caassignduty                 numeric(6,3),
  cahtscodekey                 text REFERENCES hts_duties,
  ukhtsstawn                   text,
  ukassignduty                 numeric(6,3),
  ukhtscodekey                 text REFERENCES hts_duties,
  euhtsstawn                   text,
  euassignduty                 numeric(6,3),
  euhtscodekey                 text REFERENCES hts_duties,
  htsnotes                     text,
  mitigadjustment              numeric(12,2),
  -- Volumes (pairs); intnl and total are recomputed by the server on every write (FLASH-021).
  lineplanlaunchdateid         integer REFERENCES line_plan_launch_dates,
  usvolume                     integer,
  cavolume                     integer,
  emeaownedvolume              integer,
  emeadistvolume               integer,
  nadtcstorevolume             integer,
  nadtcecomvolume              integer,
  italyvolume                  integer,
  eudtcvolume                  integer,
  emea3pvolume                 integer,
  asiavolume                   integer,
  cnvolume                     integer,
  hkvolume                     integer,
  c4cvolume                    integer,
  latinavolume                 integer,
  intnlvolume                  integer,
  totalvolume                  integer,
  colormin                     integer,
  performancelvl               text,
  criticalpathdevprototypeid   integer,
  releasedon                   timestamptz,
  releasedby                   integer REFERENCES users,
  rowversion                   integer NOT NULL DEFAULT 1,
  createdon                    timestamptz NOT NULL DEFAULT now(),
  createdby                    integer REFERENCES users,
  changedon                    timestamptz NOT NULL DEFAULT now(),
  changedby                    integer REFERENCES users,
  UNIQUE (prototypeid, seasonid)
);
CREATE INDEX prototype_seasonals_search ON prototype_seasonals (seasonid, statusid);
CREATE INDEX prototype_seasonals_pattern ON prototype_seasonals (patternseasonalid);
CREATE INDEX prototype_seasonals_factory ON prototype_seasonals (factnameky, seasonid);

CREATE TABLE size_ranges (
  sizerangeid         serial PRIMARY KEY,
  prototypeseasonalid integer NOT NULL REFERENCES prototype_seasonals ON DELETE CASCADE,
  regionid            integer NOT NULL,
  widthid             integer NOT NULL,
  sizerange           text NOT NULL,
  rowversion          integer NOT NULL DEFAULT 1,
  UNIQUE (prototypeseasonalid, regionid, widthid)
);

-- Spec log of patterns (level 3) and colorways (level 4); ECN entries carry isecn.
CREATE TABLE spec_log_entries (
  speclogentryid serial PRIMARY KEY,
  projectid      integer NOT NULL,
  projectlevelid integer NOT NULL CHECK (projectlevelid IN (3, 4)),
  seasonid       integer NOT NULL REFERENCES seasons,
  description    text NOT NULL,
  patternnamekey text,
  stocknum       text,
  isecn          boolean NOT NULL DEFAULT false,
  createdby      integer NOT NULL REFERENCES users,
  createdon      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX spec_log_entries_project ON spec_log_entries (projectlevelid, projectid, seasonid);

-- ---------------------------------------------------------------------------------------------
-- Entity views. Lookups are LEFT JOINs on unique keys so the planner drops the ones a query
-- does not use (a search selecting ten columns does not pay for the other joins).

CREATE VIEW line_plan_view AS
SELECT
  lp.lineplanid,
  lp.lineplanname,
  lp.brandid,
  br.brandname,
  lp.seasonid,
  se.seasonname,
  lp.responsibleid,
  ru.firstname || ' ' || ru.lastname AS responsiblename,
  lp.wfgroupid,
  wf.wfgroupname,
  lp.statusid,
  st.statusname,
  lp.islocked,
  lp.isdeleted,
  ARRAY(SELECT ls.subseasonid FROM line_plan_subseasons ls
        WHERE ls.lineplanid = lp.lineplanid ORDER BY ls.subseasonid) AS subseasonids,
  lp.rowversion,
  lp.createdon,
  lp.createdby,
  lp.changedon,
  lp.changedby
FROM line_plans lp
LEFT JOIN brands br ON br.brandid = lp.brandid
LEFT JOIN seasons se ON se.seasonid = lp.seasonid
LEFT JOIN users ru ON ru.userid = lp.responsibleid
LEFT JOIN workflow_groups wf ON wf.wfgroupid = lp.wfgroupid
LEFT JOIN statuses st ON st.statusid = lp.statusid;

CREATE VIEW brief_view AS
SELECT
  bs.briefseasonalid,
  b.briefid,
  b.briefname,
  b.brandid,
  br.brandname,
  br.sapbrandid,
  bs.seasonid,
  se.seasonname,
  bs.lineplanid,
  lp.lineplanname,
  bs.parentbriefseasonalid,
  bs.statusid,
  st.statusname,
  bs.responsibleid,
  ru.firstname || ' ' || ru.lastname AS responsiblename,
  bs.wfgroupid,
  wf.wfgroupname,
  bs.islocked,
  bs.isdeleted,
  bs.startdate,
  bs.enddate,
  bs.estcompletedate,
  bs.actcompletedate,
  bs.targetnumberpatterns,
  bs.targetnumbercolors,
  bs.projectedquantity,
  bs.ordersequence,
  bs.projectminimum,
  bs.minfob,
  bs.maxfob,
  b.brieftypeid,
  b.consumersegmentationid,
  b.productpositioningid,
  b.packagingid,
  b.specialpackag,
  bs.factory1key,
  f1.factoryname AS factory1name,
  f1.countrycode AS factory1country,
  bs.factory2key,
  f2.factoryname AS factory2name,
  f2.countrycode AS factory2country,
  bs.factory3key,
  f3.factoryname AS factory3name,
  f3.countrycode AS factory3country,
  bs.factorygroup1key,
  g1.factorygroupname AS factorygroup1name,
  bs.factorygroup2key,
  g2.factorygroupname AS factorygroup2name,
  bs.factorygroup3key,
  g3.factorygroupname AS factorygroup3name,
  bs.retailchannel1key,
  rc1.retailchannelname AS retailchannel1name,
  bs.retailchannel2key,
  rc2.retailchannelname AS retailchannel2name,
  bs.retailchannel3key,
  rc3.retailchannelname AS retailchannel3name,
  bs.retailchannel4key,
  rc4.retailchannelname AS retailchannel4name,
  bs.retailchannel5key,
  rc5.retailchannelname AS retailchannel5name,
  b.iscarryoverbrief,
  b.isgloballaunch,
  bs.regionusa,
  bs.regionemeaowned,
  bs.regioncanada,
  bs.regionsamer,
  bs.regionaspac,
  bs.regionemea3p,
  bs.regionemeadistributor,
  b.isfieldtesting,
  b.isnewheel,
  b.competitivebrand1,
  b.competitiveproduct1,
  b.competitiveretailprice1,
  b.competitivebrand2,
  b.competitiveproduct2,
  b.competitiveretailprice2,
  b.trends,
  b.consumerfields,
  b.marketingconsumerdescription,
  b.generalnotes,
  b.imagename,
  bs.rowversion,
  b.rowversion AS briefrowversion,
  bs.createdon,
  bs.createdby,
  greatest(b.changedon, bs.changedon) AS changedon,
  CASE WHEN b.changedon > bs.changedon THEN b.changedby ELSE bs.changedby END AS changedby
FROM brief_seasonals bs
JOIN briefs b ON b.briefid = bs.briefid
LEFT JOIN brands br ON br.brandid = b.brandid
LEFT JOIN seasons se ON se.seasonid = bs.seasonid
LEFT JOIN line_plans lp ON lp.lineplanid = bs.lineplanid
LEFT JOIN statuses st ON st.statusid = bs.statusid
LEFT JOIN users ru ON ru.userid = bs.responsibleid
LEFT JOIN workflow_groups wf ON wf.wfgroupid = bs.wfgroupid
LEFT JOIN factories f1 ON f1.factorykey = bs.factory1key
LEFT JOIN factories f2 ON f2.factorykey = bs.factory2key
LEFT JOIN factories f3 ON f3.factorykey = bs.factory3key
LEFT JOIN factory_groups g1 ON g1.factorygroupkey = bs.factorygroup1key
LEFT JOIN factory_groups g2 ON g2.factorygroupkey = bs.factorygroup2key
LEFT JOIN factory_groups g3 ON g3.factorygroupkey = bs.factorygroup3key
LEFT JOIN retail_channels rc1 ON rc1.retailchannelkey = bs.retailchannel1key
LEFT JOIN retail_channels rc2 ON rc2.retailchannelkey = bs.retailchannel2key
LEFT JOIN retail_channels rc3 ON rc3.retailchannelkey = bs.retailchannel3key
LEFT JOIN retail_channels rc4 ON rc4.retailchannelkey = bs.retailchannel4key
LEFT JOIN retail_channels rc5 ON rc5.retailchannelkey = bs.retailchannel5key;

CREATE VIEW pattern_view AS
SELECT
  pas.patternseasonalid,
  pa.patternid,
  pa.patternname,
  pa.patterndesc,
  pa.brandid,
  br.brandname,
  br.sapbrandid,
  pas.seasonid,
  se.seasonname,
  pas.briefseasonalid,
  bs.briefid,
  b.briefname,
  bs.lineplanid,
  lp.lineplanname,
  pas.parentpatternseasonalid,
  pas.statusid,
  st.statusname,
  pas.responsibleid,
  ru.firstname || ' ' || ru.lastname AS responsiblename,
  pas.wfgroupid,
  wf.wfgroupname,
  pas.isdeleted,
  pa.patternnamekey,
  pa.genderkey,
  ge.gendername,
  pas.developmenttype,
  pa.adoptedstatus,
  pa.adopteddate,
  pa.adoptedby,
  ad.firstname || ' ' || ad.lastname AS adoptedbyname,
  pa.estcompletedate,
  pa.actcompletedate,
  pa.lastname,
  pa.outsolekey,
  pa.outsolename,
  pa.constructionkey,
  pa.constructiondesc,
  pa.activitytypekey,
  pa.activitytype,
  pa.productline,
  pa.producthierarchykey,
  pa.producthierarchyname,
  pa.uppermaterial,
  pa.liningmaterial,
  pa.bottommaterial,
  pa.iswaterproof,
  pa.membraneid,
  pa.membranedesc,
  pa.membranesupplier,
  pa.membranepackage,
  pa.isbootie,
  pa.isseamsealed,
  pa.ptastatus,
  pa.ptadate,
  pa.ptaby,
  pas.origfobtarget,
  pas.targetpurprice,
  pas.usvolume,
  pas.cavolume,
  pas.emeaownedvolume,
  pas.emeadistvolume,
  pas.nadtcstorevolume,
  pas.nadtcecomvolume,
  pas.italyvolume,
  pas.eudtcvolume,
  pas.emea3pvolume,
  pas.asiavolume,
  pas.cnvolume,
  pas.hkvolume,
  pas.c4cvolume,
  pas.latinavolume,
  pas.intnlvolume,
  pas.totalvolume,
  pas.ustargetduty,
  pas.catargetduty,
  pas.uktargetduty,
  pas.eutargetduty,
  pas.usdutyfree,
  pas.outsolenumber,
  pas.outsolenumbername,
  pas.midsolenumber,
  pas.midsolenumbername,
  ARRAY(SELECT pdc.developmentcenterid FROM pattern_development_centers pdc
        WHERE pdc.patternid = pa.patternid ORDER BY pdc.developmentcenterid) AS developmentcenterids,
  pa.imagename,
  pa.outsoleimagename,
  pas.rowversion,
  pa.rowversion AS patternrowversion,
  pas.createdon,
  pas.createdby,
  greatest(pa.changedon, pas.changedon) AS changedon,
  CASE WHEN pa.changedon > pas.changedon THEN pa.changedby ELSE pas.changedby END AS changedby
FROM pattern_seasonals pas
JOIN patterns pa ON pa.patternid = pas.patternid
LEFT JOIN brands br ON br.brandid = pa.brandid
LEFT JOIN seasons se ON se.seasonid = pas.seasonid
LEFT JOIN brief_seasonals bs ON bs.briefseasonalid = pas.briefseasonalid
LEFT JOIN briefs b ON b.briefid = bs.briefid
LEFT JOIN line_plans lp ON lp.lineplanid = bs.lineplanid
LEFT JOIN statuses st ON st.statusid = pas.statusid
LEFT JOIN users ru ON ru.userid = pas.responsibleid
LEFT JOIN workflow_groups wf ON wf.wfgroupid = pas.wfgroupid
LEFT JOIN genders ge ON ge.genderkey = pa.genderkey
LEFT JOIN users ad ON ad.userid = pa.adoptedby;

CREATE VIEW colorway_view AS
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
  CASE WHEN p.changedon > ps.changedon THEN p.changedby ELSE ps.changedby END AS changedby
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
