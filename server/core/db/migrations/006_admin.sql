-- Administration and preferences: the users grid view, role versions, dashboard widgets,
-- workflow events, quarterly forecast sales regions, last-used projects and data-change events.

-- The generic grid path (POST /api/Grid/users/...) reads and writes users through this view;
-- its columns are exactly user.schema.json's non-array properties in lower case (ADR 002).
CREATE VIEW user_view AS
SELECT u.userid, u.username, u.firstname, u.lastname, u.isactive, u.emailconfirmed,
       u.changepasswordrequired, u.networkid, u.theme, u.isfactoryuser, u.roleid, r.rolename,
       u.defaultbrandid, u.defaultseasonid, u.defaultdivisionkey, u.usedefaultsinquicksearch,
       u.showstartuphelp, u.lastlogin, u.created, u.createdby, u.lastchanged, u.lastchangedby, u.rowversion
  FROM users u LEFT JOIN roles r ON r.roleid = u.roleid;

-- Role saves are optimistic like every other edited table (a stale UpdateRole gets 409).
ALTER TABLE roles ADD COLUMN rowversion integer NOT NULL DEFAULT 1;

-- PREF-001: the widgets a dashboard may show are data; a widget may need a permission to be offered.
CREATE TABLE dashboard_widgets (
  widgetid         integer PRIMARY KEY,
  widgetname       text NOT NULL UNIQUE,
  description      text NOT NULL,
  sortorder        integer NOT NULL,
  isdefault        boolean NOT NULL DEFAULT false,
  requiredmoduleid integer,
  requiredactionid integer,
  CHECK ((requiredmoduleid IS NULL) = (requiredactionid IS NULL))
);

-- PREF-010: workflow events a user subscribes to per workflow group. The event kinds are few
-- and named by the code that logs them, so they are seeded here rather than as demo data.
CREATE TABLE workflow_events (
  wfeventid   integer PRIMARY KEY,
  wfeventname text NOT NULL UNIQUE
);
INSERT INTO workflow_events (wfeventid, wfeventname) VALUES
  (1, 'Status changed'), (2, 'Data changed'), (3, 'Responsible changed'), (4, 'Record created');

CREATE TABLE user_workflow_events (
  userid    integer NOT NULL REFERENCES users ON DELETE CASCADE,
  wfgroupid integer NOT NULL REFERENCES workflow_groups,
  wfeventid integer NOT NULL REFERENCES workflow_events,
  PRIMARY KEY (userid, wfgroupid, wfeventid)
);

-- LOOKUP-039: one row per logged workflow event (LogDataChangedEvent writes event 2); WFEventLogs reads it.
CREATE TABLE workflow_event_log (
  eventlogid bigserial PRIMARY KEY,
  wfeventid  integer NOT NULL REFERENCES workflow_events,
  projlevel  integer NOT NULL CHECK (projlevel BETWEEN 1 AND 4),
  projid     integer NOT NULL,
  brandid    integer NOT NULL REFERENCES brands,
  userid     integer REFERENCES users ON DELETE SET NULL,
  loggedat   timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX workflow_event_log_time ON workflow_event_log (loggedat);
CREATE INDEX workflow_event_log_project ON workflow_event_log (projlevel, projid);

-- PREF-024: the projects a user opened last (brief 2, colorway 4, ...), newest first.
CREATE TABLE last_used_projects (
  userid         integer NOT NULL REFERENCES users ON DELETE CASCADE,
  projectlevelid integer NOT NULL CHECK (projectlevelid BETWEEN 1 AND 4),
  projectid      integer NOT NULL,
  usedat         timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (userid, projectlevelid, projectid)
);
CREATE INDEX last_used_projects_recent ON last_used_projects (userid, usedat DESC);

-- The project-create wizard's remembered values, per user and brand (a JSON object of field values).
CREATE TABLE project_create_defaults (
  userid   integer NOT NULL REFERENCES users ON DELETE CASCADE,
  brandid  integer NOT NULL REFERENCES brands,
  defaults jsonb NOT NULL,
  PRIMARY KEY (userid, brandid)
);

-- QF-010..012: the sales regions of a brand and season (the rows of the quarterly forecast).
CREATE TABLE sales_regions (
  salesregionid   serial PRIMARY KEY,
  brandid         integer NOT NULL REFERENCES brands,
  seasonid        integer NOT NULL REFERENCES seasons,
  salesregionname text NOT NULL,
  sortorder       integer NOT NULL DEFAULT 0,
  rowversion      integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX sales_regions_name ON sales_regions (brandid, seasonid, lower(salesregionname));

CREATE INDEX system_messages_active ON system_messages (starttime, expiretime);
CREATE INDEX error_log_user ON error_log (lower(username));
