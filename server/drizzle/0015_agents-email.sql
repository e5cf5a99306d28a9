ALTER TABLE "agents" ADD COLUMN "email" varchar(254);--> statement-breakpoint
-- Until now the digest went to the username when it was an address: those agents keep receiving it.
UPDATE "agents" SET "email" = lower("username") WHERE "username" ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$';
