-- Size ranges (CW-067..073): the region and width lookups, the region/width rule kept by the
-- database too (deferred, so a save that swaps two rows' combinations passes), and each user's
-- size range presets with their rows.
CREATE TABLE size_regions (
  regionid   integer PRIMARY KEY,
  regionname text NOT NULL UNIQUE
);
INSERT INTO size_regions (regionid, regionname) VALUES (1, 'US'), (2, 'EU'), (3, 'UK'), (4, 'Asia');

CREATE TABLE size_widths (
  widthid   integer PRIMARY KEY,
  widthname text NOT NULL UNIQUE
);
INSERT INTO size_widths (widthid, widthname) VALUES (1, 'Medium'), (2, 'Wide'), (3, 'Narrow'), (4, 'Extra Wide');

ALTER TABLE size_ranges
  ADD CONSTRAINT size_ranges_region FOREIGN KEY (regionid) REFERENCES size_regions,
  ADD CONSTRAINT size_ranges_width FOREIGN KEY (widthid) REFERENCES size_widths,
  ADD CONSTRAINT size_ranges_text CHECK (btrim(sizerange) <> '' AND length(sizerange) <= 50),
  DROP CONSTRAINT size_ranges_prototypeseasonalid_regionid_widthid_key,
  ADD CONSTRAINT size_ranges_combination UNIQUE (prototypeseasonalid, regionid, widthid) DEFERRABLE INITIALLY DEFERRED;

-- CW-070, CW-073: presets belong to the user who saved them.
CREATE TABLE size_range_presets (
  sizerangepresetid serial PRIMARY KEY,
  userid            integer NOT NULL REFERENCES users ON DELETE CASCADE,
  presetname        text NOT NULL CHECK (btrim(presetname) <> '' AND length(presetname) <= 100),
  createdon         timestamptz NOT NULL DEFAULT now(),
  changedon         timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX size_range_presets_name ON size_range_presets (userid, lower(btrim(presetname)));

CREATE TABLE size_range_preset_rows (
  sizerangepresetrowid serial PRIMARY KEY,
  sizerangepresetid    integer NOT NULL REFERENCES size_range_presets ON DELETE CASCADE,
  regionid             integer NOT NULL REFERENCES size_regions,
  widthid              integer NOT NULL REFERENCES size_widths,
  sizerange            text NOT NULL CHECK (btrim(sizerange) <> '' AND length(sizerange) <= 50),
  CONSTRAINT size_range_preset_rows_combination UNIQUE (sizerangepresetid, regionid, widthid) DEFERRABLE INITIALLY DEFERRED
);
