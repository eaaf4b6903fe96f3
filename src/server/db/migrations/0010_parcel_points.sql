-- Parcel points of the map networks (spec §3 Parcel point). A point may serve several
-- networks (parcel_point_carriers). Rows with sample = 1 are generated sample data (seed).
-- isLocker / isPostOffice / isDepot derive from kind; openSaturday, openSunday and
-- noLunchBreak derive from opening_hours, so they cannot contradict it.
CREATE TABLE parcel_points (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('locker', 'post_office', 'shop', 'depot')),
  street TEXT NOT NULL,
  city TEXT NOT NULL,
  zip TEXT NOT NULL CHECK (length(zip) = 5),
  country TEXT NOT NULL CHECK (country IN ('cz', 'sk')),
  lat REAL NOT NULL CHECK (lat BETWEEN -90 AND 90),
  lng REAL NOT NULL CHECK (lng BETWEEN -180 AND 180),
  is_collection INTEGER NOT NULL DEFAULT 0 CHECK (is_collection IN (0, 1)),
  card_payment INTEGER NOT NULL DEFAULT 0 CHECK (card_payment IN (0, 1)),
  wheelchair_access INTEGER NOT NULL DEFAULT 0 CHECK (wheelchair_access IN (0, 1)),
  -- JSON: [{ "day": 1..7, "hours": ["08:00-12:00", ...] }]
  opening_hours TEXT NOT NULL DEFAULT '[]',
  -- JSON string arrays
  phones TEXT NOT NULL DEFAULT '[]',
  notes TEXT NOT NULL DEFAULT '[]',
  statuses TEXT NOT NULL DEFAULT '[]',
  sample INTEGER NOT NULL DEFAULT 0 CHECK (sample IN (0, 1))
);

-- bounding-box and radius searches range over lat first, then filter lng
CREATE INDEX parcel_points_lat_lng ON parcel_points (lat, lng);

CREATE TABLE parcel_point_carriers (
  point_id TEXT NOT NULL REFERENCES parcel_points (id) ON DELETE CASCADE,
  carrier TEXT NOT NULL CHECK (carrier IN ('balikovna', 'dpd', 'gls', 'ppl', 'zasilkovna', 'wedo')),
  PRIMARY KEY (point_id, carrier)
) WITHOUT ROWID;

CREATE INDEX parcel_point_carriers_carrier ON parcel_point_carriers (carrier, point_id);
