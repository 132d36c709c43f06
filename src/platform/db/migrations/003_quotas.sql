-- Rolling 24-hour quotas (docs/decisions.md §4), counted in one-minute buckets per subject
-- ("key:<id>" or "plan:<agency>:<env>") so that every server process sees the same count.

CREATE TABLE quota_buckets (
  subject text NOT NULL,
  minute bigint NOT NULL,
  used integer NOT NULL,
  PRIMARY KEY (subject, minute)
);

-- Takes up to p_amounts[i] calls from each subject, under per-subject advisory locks so that
-- concurrent takers on any process are serialised. With p_all_or_nothing, one subject short
-- of its amount means nothing is taken from any. A negative amount gives unused calls back.
-- Returns, per subject, the calls used in the window after the take, what was granted, and
-- the oldest counted minute (which decides when capacity frees up).
CREATE FUNCTION quota_take(p_subjects text[], p_limits integer[], p_amounts integer[], p_minute bigint, p_window integer, p_all_or_nothing boolean)
RETURNS TABLE (subject text, used integer, granted integer, oldest bigint)
LANGUAGE plpgsql AS $$
DECLARE
  n integer := coalesce(array_length(p_subjects, 1), 0);
  v_used integer[] := '{}';
  v_oldest bigint[] := '{}';
  v_grant integer[] := '{}';
  s_used integer;
  s_oldest bigint;
  g integer;
  refuse boolean := false;
BEGIN
  FOR i IN 1..n LOOP
    PERFORM pg_advisory_xact_lock(hashtextextended(p_subjects[i], 7305114));
  END LOOP;
  FOR i IN 1..n LOOP
    SELECT coalesce(sum(b.used), 0)::integer, min(b.minute) INTO s_used, s_oldest
      FROM quota_buckets b WHERE b.subject = p_subjects[i] AND b.minute > p_minute - p_window;
    g := least(p_amounts[i], greatest(p_limits[i] - s_used, 0));
    IF g < p_amounts[i] AND p_all_or_nothing THEN refuse := true; END IF;
    v_used := v_used || s_used;
    v_oldest := v_oldest || s_oldest;
    v_grant := v_grant || g;
  END LOOP;
  FOR i IN 1..n LOOP
    g := CASE WHEN refuse THEN 0 ELSE v_grant[i] END;
    IF g <> 0 THEN
      INSERT INTO quota_buckets AS b (subject, minute, used) VALUES (p_subjects[i], p_minute, g)
        ON CONFLICT ON CONSTRAINT quota_buckets_pkey DO UPDATE SET used = b.used + g;
    END IF;
    subject := p_subjects[i];
    used := v_used[i] + g;
    granted := g;
    oldest := CASE WHEN v_oldest[i] IS NULL AND g > 0 THEN p_minute ELSE v_oldest[i] END;
    RETURN NEXT;
  END LOOP;
END $$;
