CREATE TABLE "inscription_evenements" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"type" varchar(30) NOT NULL,
	"detail" varchar(1000),
	CONSTRAINT "inscription_evenements_type_check" CHECK (type in ('recue', 'confirmee', 'louee', 'retiree', 'modification_proposee', 'modification_validee', 'modification_refusee', 'validee', 'refusee', 'expiree', 'relance'))
);
--> statement-breakpoint
CREATE TABLE "inscription_liens" (
	"id" serial PRIMARY KEY NOT NULL,
	"inscription_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "inscription_liens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "date_confirmation" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "date_relance" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "motif_archivage" varchar(10);--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "motif_archivage_texte" varchar(500);--> statement-breakpoint
ALTER TABLE "inscriptions" ADD COLUMN "tempdata" jsonb;--> statement-breakpoint
ALTER TABLE "inscription_evenements" ADD CONSTRAINT "inscription_evenements_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscription_liens" ADD CONSTRAINT "inscription_liens_inscription_id_inscriptions_id_fk" FOREIGN KEY ("inscription_id") REFERENCES "public"."inscriptions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inscription_evenements_inscription_idx" ON "inscription_evenements" USING btree ("inscription_id","date");--> statement-breakpoint
CREATE INDEX "inscription_liens_inscription_idx" ON "inscription_liens" USING btree ("inscription_id");--> statement-breakpoint
CREATE INDEX "inscription_liens_expire_idx" ON "inscription_liens" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "inscriptions_confirmation_idx" ON "inscriptions" USING btree ("statut_id","date_confirmation");--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_motif_archivage_check" CHECK ("inscriptions"."motif_archivage" in ('loue', 'retiree', 'expiree'));--> statement-breakpoint
-- Validated offers count their first « still available? » check from their last validation (or their deposit).
UPDATE "inscriptions" SET "date_confirmation" = coalesce("date_validation", "date") WHERE "statut_id" = 2;
