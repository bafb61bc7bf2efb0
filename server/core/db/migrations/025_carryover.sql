-- Carryover and season shift (issue 16, CARRY-001..020, ADR 025). A carried-over seasonal shares its
-- base record (prototype, pattern, brief) with the source and remembers the seasonal it was carried
-- from: CARRY-008's "has this colorway been carried over" is one indexed lookup, and a second carryover
-- of the same seasonal is refused (CARRY-013) even after the first copy moved season.
ALTER TABLE prototype_seasonals ADD COLUMN carriedfromseasonalid integer REFERENCES prototype_seasonals;
ALTER TABLE pattern_seasonals ADD COLUMN carriedfromseasonalid integer REFERENCES pattern_seasonals;
CREATE INDEX prototype_seasonals_carried ON prototype_seasonals (carriedfromseasonalid) WHERE carriedfromseasonalid IS NOT NULL;
CREATE INDEX pattern_seasonals_carried ON pattern_seasonals (carriedfromseasonalid) WHERE carriedfromseasonalid IS NOT NULL;
