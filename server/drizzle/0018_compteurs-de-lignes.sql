CREATE TABLE "row_counts" (
	"table_name" varchar(63) PRIMARY KEY NOT NULL,
	"rows" bigint NOT NULL
);
--> statement-breakpoint
-- The exact count of one table, counted once: at this migration, or if its row went missing.
CREATE FUNCTION row_counts_recount(name text) RETURNS void LANGUAGE plpgsql AS $$
DECLARE n bigint;
BEGIN
  EXECUTE format('SELECT count(*) FROM %I', name) INTO n;
  INSERT INTO row_counts (table_name, rows) VALUES (name, n)
  ON CONFLICT (table_name) DO UPDATE SET rows = excluded.rows;
END $$;
--> statement-breakpoint
-- Statement-level triggers: a bulk insert or delete changes the count once, by the number of rows it touched.
CREATE FUNCTION row_counts_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET rows = rows + (SELECT count(*) FROM touched) WHERE table_name = TG_TABLE_NAME;
  IF NOT FOUND THEN PERFORM row_counts_recount(TG_TABLE_NAME); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION row_counts_remove() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE row_counts SET rows = rows - (SELECT count(*) FROM touched) WHERE table_name = TG_TABLE_NAME;
  IF NOT FOUND THEN PERFORM row_counts_recount(TG_TABLE_NAME); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION row_counts_empty() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO row_counts (table_name, rows) VALUES (TG_TABLE_NAME, 0)
  ON CONFLICT (table_name) DO UPDATE SET rows = 0;
  RETURN NULL;
END $$;
--> statement-breakpoint
SELECT row_counts_recount(t) FROM unnest(ARRAY['inscriptions', 'etudiants', 'partenaires']) AS t;
--> statement-breakpoint
CREATE TRIGGER inscriptions_count_insert AFTER INSERT ON inscriptions REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER inscriptions_count_delete AFTER DELETE ON inscriptions REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER inscriptions_count_truncate AFTER TRUNCATE ON inscriptions FOR EACH STATEMENT EXECUTE FUNCTION row_counts_empty();
--> statement-breakpoint
CREATE TRIGGER etudiants_count_insert AFTER INSERT ON etudiants REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER etudiants_count_delete AFTER DELETE ON etudiants REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER etudiants_count_truncate AFTER TRUNCATE ON etudiants FOR EACH STATEMENT EXECUTE FUNCTION row_counts_empty();
--> statement-breakpoint
CREATE TRIGGER partenaires_count_insert AFTER INSERT ON partenaires REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION row_counts_add();
--> statement-breakpoint
CREATE TRIGGER partenaires_count_delete AFTER DELETE ON partenaires REFERENCING OLD TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION row_counts_remove();
--> statement-breakpoint
CREATE TRIGGER partenaires_count_truncate AFTER TRUNCATE ON partenaires FOR EACH STATEMENT EXECUTE FUNCTION row_counts_empty();
