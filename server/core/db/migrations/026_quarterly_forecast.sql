-- Quarterly forecast (issue 16, QF-001..009, DECISIONS QF-009, ADR 026): the units of a sales region
-- per year and quarter ("pairs": quarter → units), for the two years of its brand's season; and the
-- currency rates revenue is converted with, kept as data (rates per US dollar, the currency WsPrice
-- is kept in). A sales region removed in the settings takes its units with it.
CREATE TABLE sales_forecast_pairs (
  salesregionid integer  NOT NULL REFERENCES sales_regions ON DELETE CASCADE,
  forecastyear  integer  NOT NULL CHECK (forecastyear BETWEEN 2000 AND 2099),
  quarter       smallint NOT NULL CHECK (quarter BETWEEN 1 AND 4),
  units         integer  NOT NULL CHECK (units >= 0),
  changedon     timestamptz NOT NULL DEFAULT now(),
  changedby     integer REFERENCES users,
  PRIMARY KEY (salesregionid, forecastyear, quarter)
);

-- One row per currency the revenue can be shown in: how many units of it make one US dollar.
CREATE TABLE currency_rates (
  currencykey text PRIMARY KEY CHECK (currencykey ~ '^[A-Z]{3}$'),
  perusd      numeric(18,6) NOT NULL CHECK (perusd > 0),
  ratedate    date NOT NULL,
  sortorder   integer NOT NULL DEFAULT 0
);

INSERT INTO currency_rates (currencykey, perusd, ratedate, sortorder) VALUES
  ('USD', 1, '2026-01-02', 1),
  ('EUR', 0.92, '2026-01-02', 2),
  ('GBP', 0.79, '2026-01-02', 3),
  ('CAD', 1.36, '2026-01-02', 4),
  ('JPY', 148.5, '2026-01-02', 5),
  ('CNY', 7.18, '2026-01-02', 6),
  ('HKD', 7.82, '2026-01-02', 7),
  ('MXN', 17.05, '2026-01-02', 8),
  ('INR', 83.2, '2026-01-02', 9);
