-- A student's current address may be abroad: its country (ISO 3166-1 alpha-2, France for every
-- request made before), and a postal code of up to ten characters. PostgreSQL does not change the
-- type of a column a generated column reads: the search text is dropped with its index and
-- statistics, then rebuilt as it was (same expression as 0002, same statistics as 0021).
DROP STATISTICS IF EXISTS "etudiants_recherche_trigrammes";--> statement-breakpoint
DROP INDEX IF EXISTS "etudiants_recherche_trgm";--> statement-breakpoint
ALTER TABLE "etudiants" DROP COLUMN "recherche";--> statement-breakpoint
ALTER TABLE "etudiants" ALTER COLUMN "cp" SET DATA TYPE varchar(10);--> statement-breakpoint
ALTER TABLE "etudiants" ADD COLUMN "pays" varchar(2) DEFAULT 'FR' NOT NULL;--> statement-breakpoint
ALTER TABLE "etudiants" ADD COLUMN "recherche" text GENERATED ALWAYS AS (immutable_unaccent(lower(coalesce(email::text, '') || ' ' || coalesce(adresse::text, '') || ' ' || coalesce(cp::text, '') || ' ' || coalesce(ville::text, '') || ' ' || coalesce(ecole::text, '')))) STORED;--> statement-breakpoint
CREATE INDEX "etudiants_recherche_trgm" ON "etudiants" USING gin ("recherche" gin_trgm_ops);--> statement-breakpoint
CREATE STATISTICS "etudiants_recherche_trigrammes" ON (show_trgm("recherche")) FROM "etudiants";
