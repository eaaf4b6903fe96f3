-- One row per client start (POST v1/app/handshake).
CREATE TABLE handshakes (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  url TEXT NOT NULL,
  referrer TEXT,
  user_agent TEXT,
  anonymous_id TEXT NOT NULL
);
CREATE INDEX handshakes_created_at ON handshakes (created_at);
CREATE INDEX handshakes_anonymous_id ON handshakes (anonymous_id);
