-- Marketing figures of the home page; exactly one row.
CREATE TABLE benefit_stats (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  happy_user_rating_current REAL NOT NULL,
  shipments_last_year_current INTEGER NOT NULL,
  users_current INTEGER NOT NULL,
  years_of_experience_current INTEGER NOT NULL
);
