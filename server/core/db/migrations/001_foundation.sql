-- Foundation: reference data, users and roles, sessions, audit and error logs, jobs, preferences.
-- Column names are the specification's field names in lower case, so a schema field maps to
-- its column by lower-casing (FactNameKy -> factnameky).

CREATE TABLE brands (
  brandid      integer PRIMARY KEY,
  brandname    text NOT NULL UNIQUE,
  sapbrandid   text NOT NULL,
  ispdmready   boolean NOT NULL DEFAULT false,
  cansfoverride boolean NOT NULL DEFAULT false
);

CREATE TABLE seasons (
  seasonid   integer PRIMARY KEY,
  brandid    integer NOT NULL REFERENCES brands,
  seasonname text NOT NULL,
  seasoncode text NOT NULL,
  sortorder  integer NOT NULL,
  isactive   boolean NOT NULL DEFAULT true,
  UNIQUE (brandid, seasoncode)
);
CREATE INDEX seasons_brand ON seasons (brandid, sortorder);

CREATE TABLE subseasons (
  subseasonid   integer PRIMARY KEY,
  seasonid      integer NOT NULL REFERENCES seasons,
  subseasonname text NOT NULL
);
CREATE INDEX subseasons_season ON subseasons (seasonid);

CREATE TABLE divisions (divisionkey text PRIMARY KEY, divisionname text NOT NULL);
CREATE TABLE genders   (genderkey   text PRIMARY KEY, gendername   text NOT NULL);
CREATE TABLE countries (countrycode text PRIMARY KEY, countryname  text NOT NULL);

-- Statuses of line plan, brief, pattern and colorway (DECISIONS LOOKUP-033): data, not code.
CREATE TABLE statuses (
  statusid   integer PRIMARY KEY,
  statusname text NOT NULL,
  isactive   boolean NOT NULL
);
CREATE TABLE status_transitions (
  fromstatusid integer NOT NULL REFERENCES statuses,
  tostatusid   integer NOT NULL REFERENCES statuses,
  PRIMARY KEY (fromstatusid, tostatusid)
);
-- Synthetic groups 9998/9999 (LOOKUP-030) used as search filters.
CREATE TABLE status_groups (
  statusgroupid integer PRIMARY KEY,
  statusname    text NOT NULL,
  statusids     integer[] NOT NULL
);

CREATE TABLE workflow_groups (
  wfgroupid   integer PRIMARY KEY,
  brandid     integer NOT NULL REFERENCES brands,
  objectlevel integer NOT NULL CHECK (objectlevel BETWEEN 1 AND 4),
  wfgroupname text NOT NULL
);
CREATE INDEX workflow_groups_brand ON workflow_groups (brandid, objectlevel);

CREATE TABLE factory_groups (factorygroupkey text PRIMARY KEY, factorygroupname text NOT NULL);
CREATE TABLE factories (
  factoryid       integer PRIMARY KEY,
  factorykey      text NOT NULL UNIQUE,
  factoryname     text NOT NULL,
  countrycode     text NOT NULL REFERENCES countries,
  factorygroupkey text NOT NULL REFERENCES factory_groups
);

CREATE TABLE roles (
  roleid   serial PRIMARY KEY,
  rolename text NOT NULL,
  isactive boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX roles_name ON roles (lower(rolename));
CREATE TABLE role_permissions (
  roleid   integer NOT NULL REFERENCES roles ON DELETE CASCADE,
  moduleid integer NOT NULL,
  actionid integer NOT NULL,
  PRIMARY KEY (roleid, moduleid, actionid)
);

CREATE TABLE users (
  userid                 serial PRIMARY KEY,
  username               text NOT NULL,
  passwordhash           text NOT NULL,
  firstname              text NOT NULL,
  lastname               text NOT NULL,
  isactive               boolean NOT NULL DEFAULT true,
  emailconfirmed         boolean NOT NULL DEFAULT false,
  changepasswordrequired boolean NOT NULL DEFAULT true,
  networkid              text,
  theme                  integer NOT NULL DEFAULT 0 CHECK (theme BETWEEN 0 AND 10),
  isfactoryuser          boolean NOT NULL DEFAULT false,
  roleid                 integer REFERENCES roles,
  defaultbrandid         integer REFERENCES brands,
  defaultseasonid        integer REFERENCES seasons,
  defaultdivisionkey     text REFERENCES divisions,
  usedefaultsinquicksearch boolean NOT NULL DEFAULT false,
  showstartuphelp        boolean NOT NULL DEFAULT true,
  lastlogin              timestamptz,
  created                timestamptz NOT NULL DEFAULT now(),
  createdby              integer,
  lastchanged            timestamptz NOT NULL DEFAULT now(),
  lastchangedby          integer,
  rowversion             integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX users_username ON users (lower(username));
CREATE TABLE user_brands (
  userid  integer NOT NULL REFERENCES users ON DELETE CASCADE,
  brandid integer NOT NULL REFERENCES brands,
  PRIMARY KEY (userid, brandid)
);
CREATE TABLE user_factories (
  userid     integer NOT NULL REFERENCES users ON DELETE CASCADE,
  factorykey text NOT NULL REFERENCES factories (factorykey),
  PRIMARY KEY (userid, factorykey)
);

-- Sessions: absolute 3-hour life; refresh tokens are single use, a reused one revokes its session (family).
CREATE TABLE sessions (
  sessionid    uuid PRIMARY KEY,
  userid       integer NOT NULL REFERENCES users ON DELETE CASCADE,
  createdat    timestamptz NOT NULL DEFAULT now(),
  expiresat    timestamptz NOT NULL,
  revokedat    timestamptz,
  revokereason text
);
CREATE INDEX sessions_user ON sessions (userid) WHERE revokedat IS NULL;
CREATE TABLE refresh_tokens (
  tokenhash text PRIMARY KEY,
  sessionid uuid NOT NULL REFERENCES sessions ON DELETE CASCADE,
  createdat timestamptz NOT NULL DEFAULT now(),
  usedat    timestamptz
);
CREATE INDEX refresh_tokens_session ON refresh_tokens (sessionid);
CREATE TABLE login_failures (
  username text NOT NULL,
  failedat timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX login_failures_name ON login_failures (lower(username), failedat);
-- One-time codes e-mailed for confirming an address or resetting a password (stored hashed).
CREATE TABLE account_codes (
  codehash  text PRIMARY KEY,
  userid    integer NOT NULL REFERENCES users ON DELETE CASCADE,
  purpose   text NOT NULL CHECK (purpose IN ('confirm_email', 'reset_password')),
  expiresat timestamptz NOT NULL,
  usedat    timestamptz
);

CREATE TABLE audit_log (
  auditid   bigserial PRIMARY KEY,
  changedat timestamptz NOT NULL DEFAULT now(),
  userid    integer,
  entity    text NOT NULL,
  entityid  text NOT NULL,
  field     text NOT NULL,
  oldvalue  text,
  newvalue  text
);
CREATE INDEX audit_log_entity ON audit_log (entity, entityid, changedat);

CREATE TABLE error_log (
  sequence bigserial PRIMARY KEY,
  timeutc  timestamptz NOT NULL DEFAULT now(),
  username text,
  message  text NOT NULL,
  allxml   text NOT NULL
);
CREATE INDEX error_log_time ON error_log (timeutc);

CREATE TABLE system_messages (
  systemmessageid          serial PRIMARY KEY,
  title                    text NOT NULL,
  message                  text NOT NULL,
  starttime                timestamptz NOT NULL,
  expiretime               timestamptz NOT NULL,
  showunauthenticatedusers boolean NOT NULL DEFAULT true,
  showfactoryusers         boolean NOT NULL DEFAULT true,
  changedon                timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE user_preferences (
  userpreferenceid serial PRIMARY KEY,
  userid           integer NOT NULL REFERENCES users ON DELETE CASCADE,
  preferencename   text NOT NULL,
  value            text NOT NULL
);
CREATE INDEX user_preferences_user ON user_preferences (userid, preferencename);

-- Field layout overrides (PREF): UserId null is the admin default for everyone.
CREATE TABLE field_layouts (
  moduleid integer NOT NULL,
  userid   integer REFERENCES users ON DELETE CASCADE,
  fieldid  text NOT NULL,
  "row"    integer NOT NULL CHECK ("row" BETWEEN 0 AND 199),
  hidden   boolean NOT NULL DEFAULT false
);
CREATE UNIQUE INDEX field_layouts_key ON field_layouts (moduleid, coalesce(userid, 0), fieldid);

-- Job queue (ADR 004): claimed with FOR UPDATE SKIP LOCKED; works on PGlite and PostgreSQL.
CREATE TABLE jobs (
  jobid       bigserial PRIMARY KEY,
  queue       text NOT NULL,
  payload     jsonb NOT NULL,
  status      text NOT NULL DEFAULT 'Queued' CHECK (status IN ('Queued', 'Running', 'Completed', 'Failed', 'Canceled')),
  attempts    integer NOT NULL DEFAULT 0,
  maxattempts integer NOT NULL DEFAULT 3,
  runat       timestamptz NOT NULL DEFAULT now(),
  lockedat    timestamptz,
  progress    jsonb NOT NULL DEFAULT '{}',
  lasterror   text,
  createdby   integer,
  createdat   timestamptz NOT NULL DEFAULT now(),
  completedat timestamptz
);
CREATE INDEX jobs_ready ON jobs (queue, runat) WHERE status = 'Queued';
