-- Colorway costing (CW-043): the service fee % a factory charges a brand, looked up by the brand's
-- SAP brand id and the factory key (through the factory's group). Reference data, kept as data:
-- the demo's fee is per factory group and the same for every brand.
CREATE TABLE service_fees (
  sapbrandid      text NOT NULL,
  factorygroupkey text NOT NULL,
  servicefee      numeric(6,3) NOT NULL CHECK (servicefee >= 0 AND servicefee <= 100),
  PRIMARY KEY (sapbrandid, factorygroupkey)
);

INSERT INTO service_fees (sapbrandid, factorygroupkey, servicefee)
SELECT b.sapbrandid, g.factorygroupkey, g.servicefee
  FROM (VALUES ('1010'), ('1020'), ('1030'), ('1040')) AS b (sapbrandid)
 CROSS JOIN (VALUES ('FG10', 7), ('FG20', 6.5), ('FG30', 8), ('FG40', 7.5), ('FG50', 6)) AS g (factorygroupkey, servicefee);
