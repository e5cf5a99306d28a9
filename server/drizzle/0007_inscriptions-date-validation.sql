ALTER TABLE "inscriptions" ADD COLUMN "date_validation" timestamp with time zone;--> statement-breakpoint
-- Offers validated before this column existed: their registration date is the only date known, and
-- the earliest they can have been validated (a student sees them as older, never as fresher).
UPDATE "inscriptions" SET "date_validation" = "date" WHERE "statut_id" = 2;
