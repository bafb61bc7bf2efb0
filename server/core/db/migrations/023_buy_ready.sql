-- Buy ready (issue 15, BR-006..009, DECISIONS "Buy-ready rule"): an override forces the buy-ready
-- result of the colorways with its stock number at its factory. One override per stock number
-- (ignoring case) and factory.
CREATE TABLE buy_ready_overrides (
  id          serial PRIMARY KEY,
  stocknumber text NOT NULL CHECK (btrim(stocknumber) <> ''),
  factorykey  text NOT NULL REFERENCES factories (factorykey),
  buyready    boolean NOT NULL,
  changedon   timestamptz NOT NULL DEFAULT now(),
  changedby   integer REFERENCES users
);
CREATE UNIQUE INDEX buy_ready_overrides_key ON buy_ready_overrides (upper(btrim(stocknumber)), factorykey);
