-- Images of every hierarchy level (DOC-018..023). Briefs, patterns and colorways already keep
-- their image names (002_hierarchy.sql); line plans get theirs here. The files themselves are on
-- disk under DATA_DIR/files/images (server/core/files/storage.ts).
ALTER TABLE line_plans ADD COLUMN IF NOT EXISTS imagename text;
