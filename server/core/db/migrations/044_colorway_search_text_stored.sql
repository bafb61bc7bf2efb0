-- The /Search text of a colorway kept in its search row (issue 31, ADR 038): migration 035's expression,
-- the four fields lower-cased and joined by 0x1f, is now a stored generated column with the trigram
-- index on it. The index gives candidate rows, and every one is tested again against the LIKE (a
-- trigram match is no proof of the text): with the expression, each test joined four columns and
-- lower-cased the result, about 0.7 µs a row against 0.1 µs for the LIKE alone on the stored text
-- (PostgreSQL, 1,000,172 rows). A common word's 150,000 matches were tested that many times to sort
-- them, and a sorted walk tests every row it reads. The column is written where the row is (the
-- search rows' upsert, migration 020, names its columns up to lineplanname: this one comes after).
ALTER TABLE colorway_search ADD COLUMN searchtext text GENERATED ALWAYS AS (lower(coalesce(stocknum, '') || E'\x1f'
  || coalesce(prototypename, '') || E'\x1f' || coalesce(colordesc, '') || E'\x1f' || coalesce(patternname, ''))) STORED;
--
-- The trigram index holds the brand too (btree_gin): a /Search text walked brand by brand reads the
-- brands its walk did not settle (the word absent from them, rare, or late in the sort order) from
-- this index, which then gives only their rows (records/search-statements.ts textWalk). Without the
-- brand, it gave every brand's matches to be read and dropped: 150,000 heap rows for 1,256 kept.
CREATE EXTENSION IF NOT EXISTS btree_gin;
DROP INDEX colorway_search_text_trgm;
CREATE INDEX colorway_search_text_trgm ON colorway_search USING gin (searchtext gin_trgm_ops, brandid);
-- A histogram of 1001 values: a word's estimate within about a tenth of a percent (035).
ALTER TABLE colorway_search ALTER COLUMN searchtext SET STATISTICS 1000;
ANALYZE colorway_search;
