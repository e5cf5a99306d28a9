CREATE TABLE "journal" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"agent_id" integer,
	"agent" varchar(250),
	"action" varchar(40) NOT NULL,
	"entite" varchar(20),
	"entite_id" integer,
	"resume" varchar(500),
	"avant" jsonb,
	"apres" jsonb
);
--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "digest_quotidien" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "agents" ADD COLUMN "notifications_vues_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "partenaires" ADD COLUMN "renouvellement_reponse" varchar(10);--> statement-breakpoint
ALTER TABLE "partenaires" ADD COLUMN "renouvellement_repondu_le" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "kind" varchar(40);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "entite" varchar(20);--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "entite_id" integer;--> statement-breakpoint
CREATE INDEX "journal_date_idx" ON "journal" USING btree ("date","id");--> statement-breakpoint
CREATE INDEX "journal_entite_idx" ON "journal" USING btree ("entite","entite_id","date");--> statement-breakpoint
CREATE INDEX "journal_action_idx" ON "journal" USING btree ("action","date");--> statement-breakpoint
CREATE INDEX "journal_agent_idx" ON "journal" USING btree ("agent_id","date");--> statement-breakpoint
CREATE INDEX "inscription_evenements_type_idx" ON "inscription_evenements" USING btree ("type","date");--> statement-breakpoint
CREATE INDEX "inscriptions_email_idx" ON "inscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "inscriptions_telephone_idx" ON "inscriptions" USING btree ("telephone");--> statement-breakpoint
CREATE INDEX "inscriptions_adresse_idx" ON "inscriptions" USING btree (lower("adresse"),"cp");--> statement-breakpoint
CREATE INDEX "partenaires_nom_idx" ON "partenaires" USING btree (lower("nom"));--> statement-breakpoint
CREATE INDEX "partenaires_mail_idx" ON "partenaires" USING btree (lower("mail"));--> statement-breakpoint
CREATE INDEX "mail_outbox_date_idx" ON "mail_outbox" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "mail_outbox_entite_idx" ON "mail_outbox" USING btree ("entite","entite_id");