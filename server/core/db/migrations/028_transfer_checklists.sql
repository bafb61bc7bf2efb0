-- Transfer checklists (issue 16, TC-001..011, DECISIONS TC-011, ADR 028): one checklist per
-- colorway (base record) and factory pair (from -> to). The checklist template items, the transfer
-- product types and the items each type requires are data, seeded here (DECISIONS TC-011: a
-- type's required items are enabled, the others only for a tariff-mitigation transfer).
-- Pattern-level items (tooling shared by every colorway of a pattern) are the ones a
-- tariff-mitigation transfer takes over from sibling checklists (TC-006/007).

CREATE TABLE transfer_checklist_template_items (
  transferchecklisttemplateitemid integer PRIMARY KEY,
  itemname                        text NOT NULL UNIQUE,
  sortorder                       integer NOT NULL,
  ispatternlevel                  boolean NOT NULL DEFAULT false
);
INSERT INTO transfer_checklist_template_items VALUES
  (1,  'Tech pack and specifications handed over', 10,  false),
  (2,  'Lasts transferred',                        20,  true),
  (3,  'Cutting dies transferred',                 30,  true),
  (4,  'Outsole molds transferred',                40,  true),
  (5,  'Pattern and grading files transferred',    50,  true),
  (6,  'Material suppliers nominated',             60,  false),
  (7,  'Color standards approved',                 70,  false),
  (8,  'Fit test passed',                          80,  true),
  (9,  'Confirmation sample approved',             90,  false),
  (10, 'Physical and chemical lab tests passed',   100, false),
  (11, 'Production capacity confirmed',            110, false),
  (12, 'Country of origin documentation filed',    120, false);

CREATE TABLE transfer_product_types (
  transferproducttypeid integer PRIMARY KEY,
  producttypename       text NOT NULL UNIQUE,
  sortorder             integer NOT NULL
);
INSERT INTO transfer_product_types VALUES
  (1, 'Cemented athletic', 10), (2, 'Vulcanized canvas', 20), (3, 'Stitched leather', 30), (4, 'Sandal / slide', 40);

-- TC-003: the RequiredTemplateItems of each product type.
CREATE TABLE transfer_product_type_items (
  transferproducttypeid           integer NOT NULL REFERENCES transfer_product_types,
  transferchecklisttemplateitemid integer NOT NULL REFERENCES transfer_checklist_template_items,
  PRIMARY KEY (transferproducttypeid, transferchecklisttemplateitemid)
);
INSERT INTO transfer_product_type_items
SELECT t, i FROM (VALUES
  (1, ARRAY[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
  (2, ARRAY[1, 2, 3, 4, 6, 7, 9, 10]),
  (3, ARRAY[1, 2, 3, 5, 6, 7, 8, 9, 10, 11]),
  (4, ARRAY[1, 3, 4, 6, 7, 9])) AS x(t, items), unnest(items) AS i;

CREATE TABLE transfer_checklists (
  transferchecklistid        serial PRIMARY KEY,
  prototypeid                integer NOT NULL REFERENCES prototypes,
  fromfactorykey             text NOT NULL REFERENCES factories (factorykey),
  tofactorykey               text NOT NULL REFERENCES factories (factorykey),
  transferproducttypeid      integer REFERENCES transfer_product_types,
  istariffmitigationtransfer boolean NOT NULL DEFAULT false,
  -- TC-005: a calendar date (CONST-015), the day every enabled item was complete.
  completiondate             date,
  rowversion                 integer NOT NULL DEFAULT 1,
  createdon                  timestamptz NOT NULL DEFAULT now(),
  createdby                  integer REFERENCES users,
  changedon                  timestamptz NOT NULL DEFAULT now(),
  changedby                  integer REFERENCES users,
  CHECK (fromfactorykey <> tofactorykey),
  UNIQUE (prototypeid, fromfactorykey, tofactorykey)
);
CREATE INDEX transfer_checklists_to ON transfer_checklists (tofactorykey);

CREATE TABLE transfer_checklist_items (
  transferchecklistitemid         serial PRIMARY KEY,
  transferchecklistid             integer NOT NULL REFERENCES transfer_checklists ON DELETE CASCADE,
  transferchecklisttemplateitemid integer NOT NULL REFERENCES transfer_checklist_template_items,
  iscomplete                      boolean NOT NULL DEFAULT false,
  isenabled                       boolean NOT NULL DEFAULT false,
  completedby                     integer REFERENCES users,
  completedon                     date,
  UNIQUE (transferchecklistid, transferchecklisttemplateitemid)
);

-- The checklist as the API reads it (entity transfer-checklist): brand and pattern of the colorway,
-- stock number, factory names; the record-level rule reads BrandId and ToFactoryKey here.
CREATE VIEW transfer_checklist_view AS
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
  tc.changedby
FROM transfer_checklists tc
JOIN prototypes p ON p.prototypeid = tc.prototypeid
JOIN brands br ON br.brandid = p.brandid
JOIN patterns pa ON pa.patternid = p.patternid
JOIN factories ff ON ff.factorykey = tc.fromfactorykey
JOIN factories tf ON tf.factorykey = tc.tofactorykey
LEFT JOIN transfer_product_types tpt ON tpt.transferproducttypeid = tc.transferproducttypeid;
