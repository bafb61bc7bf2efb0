-- Margin and FOB calculators (issue 16, CALC-002, DECISIONS "Calculator formulas"): the brand
-- defaults, one row per brand, edited by an administrator (ADR 027). Percent columns hold percent
-- numbers (4.3 = 4.3 %); money is per pair. A brand without a row uses the built-in defaults
-- (server/domain/calculators.ts BUILT_IN_DEFAULTS); brands that exist already get a row with them.
CREATE TABLE calculator_brand_defaults (
  brandid    integer PRIMARY KEY REFERENCES brands ON DELETE CASCADE,
  msrp       numeric(7, 2) NOT NULL DEFAULT 100 CHECK (msrp > 0),
  freight    numeric(6, 2) NOT NULL DEFAULT 0 CHECK (freight >= 0),
  inflation  numeric(6, 3) NOT NULL DEFAULT 0 CHECK (inflation BETWEEN 0 AND 100),
  discount   numeric(6, 3) NOT NULL DEFAULT 0 CHECK (discount >= 0 AND discount < 100),
  sourcecomm numeric(6, 3) NOT NULL DEFAULT 0 CHECK (sourcecomm BETWEEN 0 AND 100),
  admin      numeric(6, 3) NOT NULL DEFAULT 0 CHECK (admin BETWEEN 0 AND 100),
  misc       numeric(6, 3) NOT NULL DEFAULT 0 CHECK (misc BETWEEN 0 AND 100),
  retailmu   numeric(6, 3) NOT NULL DEFAULT 2.2 CHECK (retailmu > 0),
  increment  numeric(6, 2) NOT NULL DEFAULT 5 CHECK (increment > 0),
  fob        numeric(7, 2) NOT NULL DEFAULT 0 CHECK (fob >= 0),
  duty       numeric(6, 3) NOT NULL DEFAULT 0 CHECK (duty BETWEEN 0 AND 100),
  changedon  timestamptz NOT NULL DEFAULT now(),
  changedby  integer REFERENCES users
);

INSERT INTO calculator_brand_defaults (brandid) SELECT brandid FROM brands;
