-- Baseline for drizzle-kit: the tables 0001_countries … 0010_parcel_points created, as
-- src/server/db/schema.ts describes them (meta/ holds the snapshot). Nothing to apply.
SELECT 1;
