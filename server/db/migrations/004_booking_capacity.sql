-- Inspection capacity: every date and window takes
-- default_capacity bookings unless booking_slots holds another number for it.
-- A booking locks its slot row, so two visitors racing for the last place queue
-- on that lock and the second one sees the first one's booking.
CREATE TABLE booking_settings (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  default_capacity integer NOT NULL DEFAULT 3 CHECK (default_capacity BETWEEN 0 AND 100),
  updated_at timestamptz NOT NULL DEFAULT now()
);

INSERT INTO booking_settings (id) VALUES (true);

CREATE TABLE booking_slots (
  slot_date date NOT NULL,
  slot_window text NOT NULL CHECK (slot_window IN ('morning', 'afternoon')),
  -- NULL: booking_settings.default_capacity applies.
  capacity integer NULL CHECK (capacity BETWEEN 0 AND 100),
  PRIMARY KEY (slot_date, slot_window)
);
