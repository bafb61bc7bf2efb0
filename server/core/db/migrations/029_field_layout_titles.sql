-- Field layouts (PREF-017, issue 26): an admin (default layout) or a user may rename a field of a
-- form, stored like Row and Hidden: NULL keeps the entity schema's title.
ALTER TABLE field_layouts ADD COLUMN title text CHECK (title IS NULL OR length(btrim(title)) BETWEEN 1 AND 100);
