-- The staff searches of « Journal » and « Courriels » (features/journal/journal.repository.ts,
-- platform/mail/mail.repository.ts) read their columns through db/search.ts's expression: a trigram
-- index on the same expression answers « contains » without reading every line, like the big lists.
CREATE INDEX "journal_recherche_trgm" ON "journal" USING gin ((immutable_unaccent(lower(coalesce("agent"::text, '') || ' ' || coalesce("resume"::text, '')))) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "mail_outbox_recherche_trgm" ON "mail_outbox" USING gin ((immutable_unaccent(lower(coalesce("to"::text, '') || ' ' || coalesce("subject"::text, '')))) gin_trgm_ops);
