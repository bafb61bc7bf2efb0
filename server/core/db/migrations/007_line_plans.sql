-- Line plans (LP-018): the corporate line-plan template (TPL-002/003). A new line plan's sub-season
-- calendars start as a copy of its rows (name, stage, group, sort); the dates are the line plan's own.
CREATE TABLE corporate_template_items (
  corporatetemplateitemid serial PRIMARY KEY,
  name                    text NOT NULL,
  stage                   text NOT NULL,
  groupid                 integer NOT NULL,
  sort                    integer NOT NULL,
  startdate               date,
  enddate                 date CHECK (enddate >= startdate),
  isdeleted               boolean NOT NULL DEFAULT false
);
CREATE INDEX corporate_template_items_sort ON corporate_template_items (sort) WHERE NOT isdeleted;
