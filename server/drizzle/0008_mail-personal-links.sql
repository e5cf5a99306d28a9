ALTER TABLE "mail_outbox" ADD COLUMN "personal_links" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- Renewal mails already sent or abandoned before this column existed: their link goes the same way.
UPDATE "mail_outbox" SET
  "text" = regexp_replace("text", 'https?://[^[:space:]<>"]*/update/partenaire/[A-Za-z0-9_-]+', '[lien personnel retiré après envoi]', 'g'),
  "html" = regexp_replace("html", 'https?://[^[:space:]<>"]*/update/partenaire/[A-Za-z0-9_-]+', '[lien personnel retiré après envoi]', 'g')
WHERE "status" IN ('sent', 'failed');