-- Countries of spec §3: a country is banned when priority < 1.
CREATE TABLE countries (
  code TEXT PRIMARY KEY CHECK (length(code) = 2 AND code = lower(code)),
  name_cs TEXT NOT NULL,
  name_en TEXT NOT NULL,
  name_sk TEXT NOT NULL,
  name_es TEXT NOT NULL,
  phone_prefix TEXT,
  eu INTEGER NOT NULL DEFAULT 0 CHECK (eu IN (0, 1)),
  import INTEGER NOT NULL DEFAULT 1 CHECK (import IN (0, 1)),
  export INTEGER NOT NULL DEFAULT 1 CHECK (export IN (0, 1)),
  priority INTEGER NOT NULL DEFAULT 0,
  favourite INTEGER NOT NULL DEFAULT 0 CHECK (favourite IN (0, 1)),
  currency TEXT
);
