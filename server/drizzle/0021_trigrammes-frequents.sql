-- What ANALYZE learns of the trigrams of each searched text: which ones most rows hold (« pro » in
-- every « proprietaire… » e-mail). No index and nothing stored per row; a search leaves those
-- trigrams out of its index lookup (platform/search-pieces.ts).
CREATE STATISTICS "inscriptions_recherche_trigrammes" ON (show_trgm("recherche")) FROM "inscriptions_recherche";
--> statement-breakpoint
CREATE STATISTICS "etudiants_recherche_trigrammes" ON (show_trgm("recherche")) FROM "etudiants";
--> statement-breakpoint
CREATE STATISTICS "partenaires_recherche_trigrammes" ON (show_trgm("recherche")) FROM "partenaires";
