-- Header bar message above the navbar, one active row per territory.
CREATE TABLE header_bar (
  id INTEGER PRIMARY KEY,
  territory TEXT NOT NULL CHECK (territory IN ('cz', 'sk')),
  message_cs TEXT NOT NULL,
  message_en TEXT NOT NULL,
  popup_content_cs TEXT,
  popup_content_en TEXT,
  button_text_cs TEXT,
  button_text_en TEXT,
  instant INTEGER NOT NULL DEFAULT 0 CHECK (instant IN (0, 1)),
  postpone_days INTEGER NOT NULL DEFAULT 3 CHECK (postpone_days >= 0),
  active INTEGER NOT NULL DEFAULT 1 CHECK (active IN (0, 1))
);
CREATE INDEX header_bar_territory_active ON header_bar (territory, active, id);
