DROP INDEX "etudiants_date_idx";--> statement-breakpoint
DROP INDEX "inscriptions_date_idx";--> statement-breakpoint
DROP INDEX "partenaires_date_idx";--> statement-breakpoint
CREATE INDEX "etudiants_date_idx" ON "etudiants" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "inscriptions_date_idx" ON "inscriptions" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "partenaires_date_idx" ON "partenaires" USING btree ("date","id");