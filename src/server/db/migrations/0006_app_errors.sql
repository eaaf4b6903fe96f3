-- Client error reports (POST v1/app/error); object fields are JSON text with secrets masked.
CREATE TABLE app_errors (
  id INTEGER PRIMARY KEY,
  created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%fZ', 'now')),
  url TEXT,
  build TEXT,
  error TEXT,
  xhr TEXT,
  store TEXT,
  context TEXT,
  note TEXT,
  debug TEXT
);
CREATE INDEX app_errors_created_at ON app_errors (created_at);
