-- Customer reviews; the aggregate and the per-country (price-list) rating are computed from them.
CREATE TABLE ratings (
  id INTEGER PRIMARY KEY,
  author TEXT NOT NULL,
  score REAL NOT NULL CHECK (score BETWEEN 1 AND 5 AND score * 2 = CAST(score * 2 AS INTEGER)),
  comment TEXT NOT NULL DEFAULT '',
  created_at TEXT NOT NULL,
  carrier TEXT,
  country TEXT REFERENCES countries (code)
);
CREATE INDEX ratings_created_at ON ratings (created_at, id);
CREATE INDEX ratings_score ON ratings (score, created_at);
CREATE INDEX ratings_country ON ratings (country, score);
CREATE INDEX ratings_carrier ON ratings (carrier);
