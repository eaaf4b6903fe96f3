-- Read by the quote engine: rate_czk is the CZK price of one unit of the currency.
CREATE TABLE exchange_rates (
  currency TEXT PRIMARY KEY CHECK (length(currency) = 3 AND currency = upper(currency)),
  rate_czk REAL NOT NULL CHECK (rate_czk > 0),
  amount INTEGER NOT NULL DEFAULT 1,
  valid_on TEXT
);
