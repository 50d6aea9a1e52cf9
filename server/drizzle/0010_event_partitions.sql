-- The raw event tables become tables partitioned BY RANGE (ts), one partition a month, with no
-- query change (every primary key starts with ts; event-id uniqueness is event_ledger's). Rows
-- already stored stay where they are: the old table becomes the partition of everything before
-- next month. An empty table gets monthly partitions from two months back instead, its first
-- partition holding only what is older. A last partition holds what lies beyond the monthly ones
-- (clocks set wrong). The server keeps two months ahead at every start and daily, splitting the
-- last partition (lavo_ensure_event_partitions); old months can be detached for archiving
-- (lavo_detach_event_partitions). ARCHITECTURE.md 'Scale'.
CREATE FUNCTION "lavo_event_tables"() RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT ARRAY['presence_events', 'bed_events', 'hygiene_events', 'dispense_events', 'reminder_events',
               'heartbeat_events', 'station_events', 'counter_events']
$$;
--> statement-breakpoint
-- The upper bound of a partition, read from its bound expression (null for a default partition).
CREATE FUNCTION "lavo_partition_upper"(part regclass) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT substring(pg_get_expr(c.relpartbound, c.oid) from $re$TO \('([^']*)'\)$re$)::timestamptz
  FROM pg_class c WHERE c.oid = part
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
  pk text;
  defs text[];
  ix record;
  n int;
  this_month timestamptz := date_trunc('month', now() at time zone 'UTC') at time zone 'UTC';
  boundary timestamptz;
BEGIN
  FOREACH t IN ARRAY lavo_event_tables() LOOP
    IF EXISTS (SELECT 1 FROM pg_partitioned_table p WHERE p.partrelid = t::regclass) THEN
      CONTINUE;
    END IF;
    EXECUTE format('SELECT CASE WHEN EXISTS (SELECT 1 FROM %I) THEN $1 ELSE $2 END', t)
      INTO boundary USING (this_month at time zone 'UTC' + interval '1 month') at time zone 'UTC',
                          (this_month at time zone 'UTC' - interval '2 months') at time zone 'UTC';
    SELECT conname INTO pk FROM pg_constraint WHERE conrelid = t::regclass AND contype = 'p';
    SELECT array_agg(pg_get_indexdef(i.indexrelid)) INTO defs FROM pg_index i WHERE i.indrelid = t::regclass AND NOT i.indisprimary;
    EXECUTE format('ALTER TABLE %I RENAME TO %I', t, t || '_p_initial');
    FOR ix IN SELECT c.relname FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid WHERE i.indrelid = (t || '_p_initial')::regclass LOOP
      EXECUTE format('ALTER INDEX %I RENAME TO %I', ix.relname, left(ix.relname, 50) || '_initial');
    END LOOP;
    EXECUTE format('CREATE TABLE %I (LIKE %I INCLUDING DEFAULTS INCLUDING CONSTRAINTS) PARTITION BY RANGE (ts)', t, t || '_p_initial');
    EXECUTE format('ALTER TABLE %I ADD CONSTRAINT %I PRIMARY KEY (ts, event_id)', t, pk);
    FOR n IN 1 .. coalesce(array_length(defs, 1), 0) LOOP
      EXECUTE defs[n];
    END LOOP;
    EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (MINVALUE) TO (%L)', t, t || '_p_initial', boundary);
    EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (MAXVALUE)', t || '_p_future', t, boundary);
  END LOOP;
END
$$;
--> statement-breakpoint
-- Makes sure every month through `months_ahead` months after this one has its partition, cutting
-- each from the last partition (moving the few rows it held for that month); returns how many it
-- created. It locks the table while it works, so servers running it at once take turns.
CREATE FUNCTION "lavo_ensure_event_partitions"(months_ahead integer) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  t text;
  m timestamptz;
  next_m timestamptz;
  future text;
  created integer := 0;
  last_month timestamptz := (date_trunc('month', now() at time zone 'UTC') + make_interval(months => months_ahead)) at time zone 'UTC';
BEGIN
  FOREACH t IN ARRAY lavo_event_tables() LOOP
    EXECUTE format('LOCK TABLE %I IN SHARE ROW EXCLUSIVE MODE', t);
    SELECT max(lavo_partition_upper(i.inhrelid)) INTO m FROM pg_inherits i WHERE i.inhparent = t::regclass;
    future := t || '_p_future';
    WHILE m IS NOT NULL AND m <= last_month LOOP
      next_m := (m at time zone 'UTC' + interval '1 month') at time zone 'UTC';
      IF to_regclass(future) IS NOT NULL THEN
        EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', t, future);
      END IF;
      EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', t || '_p' || to_char(m at time zone 'UTC', 'YYYYMM'), t, m, next_m);
      IF to_regclass(future) IS NOT NULL THEN
        EXECUTE format('INSERT INTO %I SELECT * FROM %I WHERE ts < %L', t, future, next_m);
        EXECUTE format('DELETE FROM %I WHERE ts < %L', future, next_m);
        EXECUTE format('ALTER TABLE %I ATTACH PARTITION %I FOR VALUES FROM (%L) TO (MAXVALUE)', t, future, next_m);
      END IF;
      created := created + 1;
      m := next_m;
    END LOOP;
  END LOOP;
  RETURN created;
END
$$;
--> statement-breakpoint
-- Detaches every partition whose months all fall before `before`; returns their names. They stay
-- as ordinary tables, to archive (pg_dump) and drop. The derived tables keep their rows.
CREATE FUNCTION "lavo_detach_event_partitions"(before timestamptz) RETURNS SETOF text LANGUAGE plpgsql AS $$
DECLARE
  r record;
BEGIN
  FOR r IN
    SELECT parent.relname AS parent, child.relname AS child
    FROM pg_inherits i
    JOIN pg_class parent ON parent.oid = i.inhparent
    JOIN pg_class child ON child.oid = i.inhrelid
    WHERE parent.relname = ANY (lavo_event_tables()) AND lavo_partition_upper(child.oid) <= before
    ORDER BY 2
  LOOP
    EXECUTE format('ALTER TABLE %I DETACH PARTITION %I', r.parent, r.child);
    RETURN NEXT r.child;
  END LOOP;
END
$$;
--> statement-breakpoint
SELECT lavo_ensure_event_partitions(2);
