-- Quick search (SHELL-007..012, ADR 019): every field the quick-search text matches has an index
-- that serves its match, so a search never scans all colorways.
--
-- * Text of 3 or more characters matches anywhere in the field (`col ILIKE '%text%'`): trigram
--   GIN indexes (pg_trgm; PGlite loads it as an extension, server/core/db/client.ts).
-- * Text of 1-2 characters has no trigram of its own: it matches the start of the field, a range
--   of `lower(col)` (`~>=~` / `~<~`, the operators of text_pattern_ops), served by a btree.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX prototypes_stocknum_trgm ON prototypes USING gin (stocknum gin_trgm_ops);
CREATE INDEX prototypes_name_trgm ON prototypes USING gin (prototypename gin_trgm_ops);
CREATE INDEX prototypes_colordesc_trgm ON prototypes USING gin (colordesc gin_trgm_ops);
CREATE INDEX patterns_name_trgm ON patterns USING gin (patternname gin_trgm_ops);
CREATE INDEX briefs_name_trgm ON briefs USING gin (briefname gin_trgm_ops);
CREATE INDEX line_plans_name_trgm ON line_plans USING gin (lineplanname gin_trgm_ops);

CREATE INDEX prototypes_stocknum_prefix ON prototypes (lower(stocknum) text_pattern_ops);
CREATE INDEX prototypes_name_prefix ON prototypes (lower(prototypename) text_pattern_ops);
CREATE INDEX prototypes_colordesc_prefix ON prototypes (lower(colordesc) text_pattern_ops);
CREATE INDEX patterns_name_prefix ON patterns (lower(patternname) text_pattern_ops);
CREATE INDEX briefs_name_prefix ON briefs (lower(briefname) text_pattern_ops);
CREATE INDEX line_plans_name_prefix ON line_plans (lower(lineplanname) text_pattern_ops);
