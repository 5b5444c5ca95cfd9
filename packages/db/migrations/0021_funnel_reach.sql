-- Steps a funnel row reached within window_seconds of its first step, as a bit mask: a step's
-- recorded time, or for a step recorded without one, the row's last sighting. Immutable (the
-- epoch of a timestamptz does not depend on the time zone), so generated columns can keep it.
CREATE FUNCTION "funnel_reach"(steps bigint, step_times bigint[], first_seen timestamptz, last_seen timestamptz, window_seconds integer)
RETURNS bigint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(bit_or(1::bigint << (position - 1)), 0)
  FROM generate_series(1, 63) AS position
  WHERE coalesce(
      step_times[position],
      CASE WHEN steps & (1::bigint << (position - 1)) <> 0 THEN date_part('epoch', last_seen)::bigint END
    ) - date_part('epoch', first_seen)::bigint <= window_seconds
$$;--> statement-breakpoint
ALTER TABLE "funnel_visitors" ADD COLUMN "reach_1d" bigint GENERATED ALWAYS AS (funnel_reach(steps, step_times, first_seen_at, last_seen_at, 86400)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_visitors" ADD COLUMN "reach_7d" bigint GENERATED ALWAYS AS (funnel_reach(steps, step_times, first_seen_at, last_seen_at, 604800)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_visitors" ADD COLUMN "reach_14d" bigint GENERATED ALWAYS AS (funnel_reach(steps, step_times, first_seen_at, last_seen_at, 1209600)) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "funnel_visitors" ADD COLUMN "reach_30d" bigint GENERATED ALWAYS AS (funnel_reach(steps, step_times, first_seen_at, last_seen_at, 2592000)) STORED NOT NULL;