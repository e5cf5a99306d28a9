CREATE TABLE "inscriptions_recherche" (
	"id" integer PRIMARY KEY NOT NULL,
	"recherche" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "inscriptions_recherche" ADD CONSTRAINT "inscriptions_recherche_id_inscriptions_id_fk" FOREIGN KEY ("id") REFERENCES "public"."inscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Copied first, indexed after: one index build rather than an insert into it per offer.
INSERT INTO "inscriptions_recherche" ("id", "recherche") SELECT "id", "recherche" FROM "inscriptions";
--> statement-breakpoint
CREATE INDEX "inscriptions_recherche_copie_trgm" ON "inscriptions_recherche" USING gin ("recherche" gin_trgm_ops);
--> statement-breakpoint
-- The copy changes with the offers, in the same transaction (a rollback undoes both); a deleted
-- offer takes its copy with it (the foreign key's cascade). A bulk insert copies once, per statement.
CREATE FUNCTION inscriptions_recherche_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inscriptions_recherche (id, recherche) SELECT id, recherche FROM touched;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Only a change of the searched text writes (a status change, most updates, does not); an upsert,
-- so a missing copy is mended rather than left out of the counts.
CREATE FUNCTION inscriptions_recherche_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO inscriptions_recherche (id, recherche) VALUES (NEW.id, NEW.recherche)
  ON CONFLICT (id) DO UPDATE SET recherche = excluded.recherche;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER inscriptions_recherche_insert AFTER INSERT ON inscriptions REFERENCING NEW TABLE AS touched FOR EACH STATEMENT EXECUTE FUNCTION inscriptions_recherche_insert();
--> statement-breakpoint
CREATE TRIGGER inscriptions_recherche_update AFTER UPDATE ON inscriptions FOR EACH ROW WHEN (OLD.recherche IS DISTINCT FROM NEW.recherche) EXECUTE FUNCTION inscriptions_recherche_update();
