-- Corporate template (TPL-003, TPL-007): the groups a template row (and the calendar rows copied from
-- it, LP-018) belongs to, named for the group list lookup and the template grid's dropdown. The ids
-- are the ones the demo template and calendars already use.
CREATE TABLE calendar_groups (
  groupid   integer PRIMARY KEY,
  groupname text NOT NULL UNIQUE,
  sortorder integer NOT NULL
);
INSERT INTO calendar_groups (groupid, groupname, sortorder) VALUES
  (1, 'Concept', 10), (2, 'Design', 20), (3, 'Sell-in', 30), (4, 'Commercialization', 40);

ALTER TABLE corporate_template_items
  ADD CONSTRAINT corporate_template_items_group FOREIGN KEY (groupid) REFERENCES calendar_groups (groupid);
