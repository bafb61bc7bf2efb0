-- /Search over a million colorways (issue 14): a page of 50 sorted by any column of the colorway search
-- grid is read from an index in sort order (records/read.ts: ORDER BY … LIMIT over colorway_view) instead
-- of sorting every match. One index per sort column and direction (ASC NULLS LAST, DESC NULLS LAST: the
-- grid's order); on prototype_seasonals with the key after the column (the order's tie-break), so the
-- index gives the page's exact order. A sort by a lookup's name (status, season, brand, product type)
-- walks the lookup and takes each name's first keys from (reference, key).
CREATE INDEX prototypes_sort_name ON prototypes (prototypename);
CREATE INDEX prototypes_sort_name_desc ON prototypes (prototypename DESC NULLS LAST);
CREATE INDEX prototypes_sort_stocknum_desc ON prototypes (stocknum DESC NULLS LAST);
CREATE INDEX prototypes_sort_colordesc ON prototypes (colordesc);
CREATE INDEX prototypes_sort_colordesc_desc ON prototypes (colordesc DESC NULLS LAST);
CREATE INDEX prototype_seasonals_sort_factnameky ON prototype_seasonals (factnameky, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_factnameky_desc ON prototype_seasonals (factnameky DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_factname ON prototype_seasonals (factname, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_factname_desc ON prototype_seasonals (factname DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_ctryoforig ON prototype_seasonals (ctryoforig, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_ctryoforig_desc ON prototype_seasonals (ctryoforig DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_totalvolume ON prototype_seasonals (totalvolume, prototypeseasonalid);
CREATE INDEX prototype_seasonals_sort_totalvolume_desc ON prototype_seasonals (totalvolume DESC NULLS LAST, prototypeseasonalid);
CREATE INDEX prototype_seasonals_by_status ON prototype_seasonals (statusid, prototypeseasonalid);
CREATE INDEX prototype_seasonals_by_season ON prototype_seasonals (seasonid, prototypeseasonalid);
CREATE INDEX prototype_seasonals_by_product_type ON prototype_seasonals (producttypeid, prototypeseasonalid);
CREATE INDEX prototype_seasonals_by_responsible ON prototype_seasonals (responsibleid, prototypeseasonalid);
CREATE INDEX patterns_sort_name ON patterns (patternname);
CREATE INDEX patterns_sort_name_desc ON patterns (patternname DESC NULLS LAST);
CREATE INDEX briefs_sort_name ON briefs (briefname);
CREATE INDEX briefs_sort_name_desc ON briefs (briefname DESC NULLS LAST);

-- PGlite has no autovacuum: the planner needs the new indexes' tables analysed to choose them.
ANALYZE prototypes, prototype_seasonals, patterns, briefs;
