-- CW-053: the ECN reasons list (an ECN's reason is one of these or free text). Reference data,
-- kept as data; the spec names no reasons, so these are the usual engineering-change causes.
CREATE TABLE ecn_reasons (
  ecnreasonid serial PRIMARY KEY,
  reason      text NOT NULL CHECK (length(trim(reason)) BETWEEN 1 AND 200),
  sortorder   integer NOT NULL DEFAULT 0,
  isactive    boolean NOT NULL DEFAULT true
);
CREATE UNIQUE INDEX ecn_reasons_reason ON ecn_reasons (lower(reason));

INSERT INTO ecn_reasons (reason, sortorder) VALUES
  ('Material change', 10), ('Color change', 20), ('Construction change', 30), ('Fit or sizing change', 40),
  ('Cost reduction', 50), ('Quality issue', 60), ('Compliance or testing result', 70), ('Factory request', 80);
