-- /Search text over a million colorways (issue 31, ADR 038). The /Search text of 3+ characters matched
-- four columns of colorway_search (stock number, name, colour, pattern name), each with its trigram
-- index: a BitmapOr of four scans, then four ILIKEs per match (each lower-casing its field and the
-- pattern), most of the time of a common word's 25,000 matches; and the planner's estimate of the
-- four ORed columns counted a pattern-name word twice (name and pattern name both hold it).
--
-- Now one expression, the four fields lower-cased and joined by a unit separator (0x1f, which no
-- field holds), with one trigram index: one bitmap scan, one LIKE per match. The expression is
-- COLORWAY_SEARCH_TEXT in server/core/search/quick-match.ts, character for character: the planner
-- matches index and statistics by expression. ANALYZE gathers statistics of an index expression; a
-- target of 1000 gives a histogram of 1001 values, so the estimate of a word's matches (pagePlan:
-- sort every match, or walk the sort index testing each row) is within about a tenth of a percent
-- of the rows instead of a percent.
CREATE INDEX colorway_search_text_trgm ON colorway_search USING gin ((lower(coalesce(stocknum, '') || E'\x1f' || coalesce(prototypename, '')
  || E'\x1f' || coalesce(colordesc, '') || E'\x1f' || coalesce(patternname, ''))) gin_trgm_ops);
ALTER INDEX colorway_search_text_trgm ALTER COLUMN 1 SET STATISTICS 1000;

-- Nothing else reads the four column indexes (quick search reads the base tables): four fewer GIN
-- indexes to write per colorway.
DROP INDEX colorway_search_stocknum_trgm, colorway_search_prototypename_trgm, colorway_search_colordesc_trgm, colorway_search_patternname_trgm;

-- In the transaction that set it, ANALYZE still reads the index column's old target (its cached
-- descriptor; a later session reads 1000): the default target for this ANALYZE only.
SET LOCAL default_statistics_target = 1000;
ANALYZE colorway_search;
