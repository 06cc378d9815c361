-- The usual capacity of each weekday and arrival window (ISO weekday: 1 Monday to 7 Sunday).
-- A date's own number in booking_slots comes first; a weekday without a row here takes
-- booking_settings.default_capacity. 0 closes that window every such weekday.
CREATE TABLE weekday_capacity (
  weekday smallint NOT NULL CHECK (weekday BETWEEN 1 AND 7),
  slot_window text NOT NULL CHECK (slot_window IN ('morning', 'afternoon')),
  capacity integer NOT NULL CHECK (capacity BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (weekday, slot_window)
);
