-- Search-help (lookup) entities of LOOKUP-005 that 001/002 do not already hold (factories, genders,
-- divisions, basic_colors, retail_channels, hts_duties, developers, development_centers exist),
-- the library entries of ADMIN-025, currencies (LOOKUP-008) and personal favourites (LOOKUP-006/007).
-- Columns are the entity schemas' field names in lower case (ADR 002). The lookups search keys by
-- case-insensitive equals and names by case-insensitive contains: lower(...) indexes serve the
-- equals; the contains scans tables of at most a few thousand rows.

-- Characteristic records serve five lookups, told apart by their fixed characteristic key
-- (LOOKUP-015/016, DECISIONS LOOKUP-017: planning category 0000002600).
CREATE TABLE characteristics (
  characteristicid    serial PRIMARY KEY,
  characteristickey   text NOT NULL,
  characteristicvalue text NOT NULL,
  characteristicdesc  text NOT NULL,
  UNIQUE (characteristickey, characteristicvalue)
);

CREATE TABLE customers (
  customerkey  text PRIMARY KEY,
  customername text NOT NULL
);
CREATE INDEX customers_name ON customers (lower(customername));

-- Pattern descriptions and pattern names are library entries (ADMIN-033).
CREATE TABLE pattern_descriptions (
  patterndescriptionid serial PRIMARY KEY,
  description          text NOT NULL
);
CREATE UNIQUE INDEX pattern_descriptions_text ON pattern_descriptions (lower(description));

CREATE TABLE pattern_names (
  patternnameid  serial PRIMARY KEY,
  patternnamekey text NOT NULL UNIQUE,
  patternname    text NOT NULL,
  description    text
);
CREATE UNIQUE INDEX pattern_names_name ON pattern_names (lower(patternname));

-- Outsoles and midsoles: one row per brand and season the sole is offered in, with its price
-- there. Extending a sole to another brand (ADMIN-028) adds a row with the same key and name.
CREATE TABLE outsoles (
  outsoleid   serial PRIMARY KEY,
  outsolekey  text NOT NULL,
  outsolename text NOT NULL,
  brandid     integer NOT NULL REFERENCES brands,
  seasonid    integer NOT NULL REFERENCES seasons,
  price       numeric(12,2) NOT NULL DEFAULT 0,
  rowversion  integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX outsoles_brand_season_name ON outsoles (brandid, seasonid, lower(outsolename));
CREATE INDEX outsoles_key ON outsoles (lower(outsolekey));
CREATE INDEX outsoles_name ON outsoles (lower(outsolename));

CREATE TABLE midsoles (
  midsoleid   serial PRIMARY KEY,
  midsolekey  text NOT NULL,
  midsolename text NOT NULL,
  brandid     integer NOT NULL REFERENCES brands,
  seasonid    integer NOT NULL REFERENCES seasons,
  price       numeric(12,2) NOT NULL DEFAULT 0,
  rowversion  integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX midsoles_brand_season_name ON midsoles (brandid, seasonid, lower(midsolename));
CREATE INDEX midsoles_key ON midsoles (lower(midsolekey));
CREATE INDEX midsoles_name ON midsoles (lower(midsolename));

-- Lasts: one row per brand that uses the last; a last shared by several brands has a row in each
-- (extending it to a brand, ADMIN-027, adds that brand's row under the same name).
CREATE TABLE lasts (
  lastid     serial PRIMARY KEY,
  lastname   text NOT NULL,
  lastdesc   text NOT NULL,
  brandid    integer NOT NULL REFERENCES brands,
  rowversion integer NOT NULL DEFAULT 1
);
CREATE UNIQUE INDEX lasts_brand_name ON lasts (brandid, lower(lastname));
CREATE INDEX lasts_name ON lasts (lower(lastname));

CREATE TABLE basic_materials (
  basicmaterialid   serial PRIMARY KEY,
  basicmaterialname text NOT NULL
);
CREATE UNIQUE INDEX basic_materials_name ON basic_materials (lower(basicmaterialname));

CREATE TABLE collections (
  collectionkey  text PRIMARY KEY,
  collectionname text NOT NULL
);

CREATE TABLE business_segments (
  businesssegmentid   serial PRIMARY KEY,
  businesssegmentname text NOT NULL
);
CREATE UNIQUE INDEX business_segments_name ON business_segments (lower(businesssegmentname));

CREATE TABLE product_hierarchies (
  producthierarchykey  text PRIMARY KEY,
  producthierarchyname text NOT NULL
);

CREATE TABLE constructions (
  constructionkey  text PRIMARY KEY,
  constructiondesc text NOT NULL
);

CREATE TABLE cutting_patterns (
  cuttingpatternid   serial PRIMARY KEY,
  cuttingpatternname text NOT NULL
);
CREATE UNIQUE INDEX cutting_patterns_name ON cutting_patterns (lower(cuttingpatternname));

-- Pictogram or upper description (LOOKUP-022): the label with its upper, lining and outsole texts.
CREATE TABLE upper_descriptions (
  pictogramkey text PRIMARY KEY,
  upperdesc    text NOT NULL,
  liningdesc   text,
  outsoledesc  text
);

CREATE TABLE membranes (
  membraneid   integer PRIMARY KEY,
  membranedesc text NOT NULL
);

CREATE TABLE material_grids (
  materialgridid   serial PRIMARY KEY,
  materialgridname text NOT NULL UNIQUE,
  materialgriddesc text NOT NULL
);

CREATE TABLE freight_groups (
  freightgroupkey  text PRIMARY KEY,
  freightgroupname text NOT NULL
);

CREATE TABLE quality_categories (
  qualitycategorykey  text PRIMARY KEY,
  qualitycategoryname text NOT NULL,
  enam                text,
  qcid                integer
);

CREATE TABLE compounds (
  compoundid   serial PRIMARY KEY,
  compoundkey  text NOT NULL UNIQUE,
  compounddesc text NOT NULL
);

-- Toe components: the spec's field names Key and Desc are SQL keywords, so the columns carry
-- the entity prefix (x-column in the schema).
CREATE TABLE toe_components (
  toecomponentid   serial PRIMARY KEY,
  toecomponentkey  text NOT NULL UNIQUE,
  toecomponentdesc text NOT NULL
);

CREATE TABLE nrf_colors (
  nrfcolorkey  text PRIMARY KEY,
  nrfcolorname text NOT NULL
);

-- Keys for colors added in the library (ADMIN-033 gives only name and NRF id).
CREATE SEQUENCE basic_color_keys START 1001;

CREATE TABLE currencies (
  currencykey           text PRIMARY KEY,
  currencyname          text NOT NULL,
  currencysymbol        text NOT NULL,
  currencysymbolunicode text NOT NULL
);

-- Personal favourites (LOOKUP-006/007): an item key per user and lookup entity. Keys are text
-- whatever the entity's key type, so one table serves every lookup.
CREATE TABLE lookup_favorites (
  userid    integer NOT NULL REFERENCES users ON DELETE CASCADE,
  entity    text NOT NULL,
  itemkey   text NOT NULL,
  createdon timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (userid, entity, itemkey)
);

-- Lookups that filter people and keys by equals.
CREATE INDEX developers_name ON developers (lower(lastname), lower(firstname));
CREATE INDEX factories_name ON factories (lower(factoryname));
