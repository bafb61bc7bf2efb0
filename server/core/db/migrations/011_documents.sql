-- Documents of every hierarchy level (DOC-001..017). A document belongs to the record its screen
-- opens (ProjectLevel 1 line plan, 2 brief seasonal, 3 pattern seasonal, 4 colorway seasonal;
-- ProjectId is that record's key). The file itself is on disk under
-- DATA_DIR/files/documents/{level}/{projectId}/{documentId} (server/core/files/storage.ts).

-- DOC-003: categories per project level with their flags. IsApprovalDocument: the uploader (not a
-- factory user) is asked whether the document is approved; AllowFactorySelection: the document
-- can be given to a factory; AllowChildSelection: the document can be associated with colorways.
CREATE TABLE document_categories (
  projlevdoccategoryid  integer PRIMARY KEY,
  projectlevel          integer NOT NULL CHECK (projectlevel BETWEEN 1 AND 4),
  categoryname          text NOT NULL,
  isapprovaldocument    boolean NOT NULL DEFAULT false,
  allowfactoryselection boolean NOT NULL DEFAULT false,
  allowchildselection   boolean NOT NULL DEFAULT false,
  sortorder             integer NOT NULL,
  UNIQUE (projectlevel, categoryname)
);

INSERT INTO document_categories (projlevdoccategoryid, projectlevel, categoryname, isapprovaldocument, allowfactoryselection, allowchildselection, sortorder) VALUES
  (101, 1, 'Line Plan Presentation', false, false, false, 1),
  (102, 1, 'Market Research',        false, false, false, 2),
  (103, 1, 'Other',                  false, false, false, 9),
  (201, 2, 'Design Brief',           true,  false, false, 1),
  (202, 2, 'Sketch',                 false, false, false, 2),
  (203, 2, 'Inspiration',            false, false, false, 3),
  (204, 2, 'Other',                  false, false, false, 9),
  (301, 3, 'Tech Pack',              true,  true,  true,  1),
  (302, 3, 'Spec Sheet',             false, true,  true,  2),
  (303, 3, 'Lab Test Report',        true,  true,  false, 3),
  (304, 3, 'Fit Comments',           false, true,  false, 4),
  (305, 3, 'Other',                  false, false, false, 9),
  (401, 4, 'Tech Pack',              true,  true,  false, 1),
  (402, 4, 'Lab Test Report',        true,  true,  false, 2),
  (403, 4, 'Costing Sheet',          false, true,  false, 3),
  (404, 4, 'Color Standard',         false, false, false, 4),
  (405, 4, 'Other',                  false, false, false, 9);

-- DOC-002
CREATE TABLE documents (
  documentid           serial PRIMARY KEY,
  projectlevel         integer NOT NULL CHECK (projectlevel BETWEEN 1 AND 4),
  projectid            integer NOT NULL,
  projlevdoccategoryid integer NOT NULL REFERENCES document_categories,
  displayfilename      text NOT NULL CHECK (length(displayfilename) <= 175),
  filesize             bigint NOT NULL CHECK (filesize <= 78643200),
  contenttype          text NOT NULL,
  storedpath           text NOT NULL,
  factorykey           text REFERENCES factories (factorykey),
  isapproved           boolean,
  createdby            integer NOT NULL REFERENCES users,
  createdon            timestamptz NOT NULL DEFAULT now(),
  isdeleted            boolean NOT NULL DEFAULT false,
  deletedby            integer REFERENCES users,
  deletedon            timestamptz
);
CREATE INDEX documents_project ON documents (projectlevel, projectid) WHERE NOT isdeleted;

-- DOC-001: a pattern document associated with colorways of its pattern (SavePrototypeAssociations).
CREATE TABLE document_prototypes (
  documentid          integer NOT NULL REFERENCES documents ON DELETE CASCADE,
  prototypeseasonalid integer NOT NULL REFERENCES prototype_seasonals,
  PRIMARY KEY (documentid, prototypeseasonalid)
);
