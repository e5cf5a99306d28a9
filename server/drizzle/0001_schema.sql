CREATE TABLE "agent_roles" (
	"agent_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "agent_roles_agent_id_role_id_pk" PRIMARY KEY("agent_id","role_id")
);
--> statement-breakpoint
CREATE TABLE "agents" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"password_hash" text NOT NULL,
	"prenom" varchar(100) NOT NULL,
	"nom" varchar(100) NOT NULL,
	"photo" text,
	"actif" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agents_username_unique" UNIQUE("username")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"libelle" varchar(100) NOT NULL,
	CONSTRAINT "categories_libelle_unique" UNIQUE("libelle")
);
--> statement-breakpoint
CREATE TABLE "etudiants" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"email" varchar(180) NOT NULL,
	"adresse" varchar(255) DEFAULT '' NOT NULL,
	"cp" varchar(5) NOT NULL,
	"ville" varchar(100) NOT NULL,
	"ecole" varchar(80) NOT NULL,
	"statut_id" smallint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "filtres" (
	"id" smallint PRIMARY KEY NOT NULL,
	"libelle" varchar(100) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inscriptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"statut_id" smallint DEFAULT 1 NOT NULL,
	"nom" varchar(100) NOT NULL,
	"prenom" varchar(100) NOT NULL,
	"telephone" varchar(10) NOT NULL,
	"email" varchar(180) NOT NULL,
	"adresse" varchar(255) NOT NULL,
	"cp" varchar(5) NOT NULL,
	"ville" varchar(100) NOT NULL,
	"proximite" varchar(120) NOT NULL,
	"type" varchar(30) NOT NULL,
	"colocation" varchar(3) NOT NULL,
	"immeuble" varchar(3) NOT NULL,
	"etage" varchar(30),
	"surface" varchar(40) NOT NULL,
	"chauffage" varchar(40) NOT NULL,
	"loyer" varchar(40) NOT NULL,
	"charges" numeric(8, 2) NOT NULL,
	"equipement" varchar(40) NOT NULL,
	"info_logement" varchar(60) NOT NULL,
	"ascenceur" boolean NOT NULL,
	"parking" varchar(3) NOT NULL,
	"type_parking" varchar(20),
	"local_velo" boolean NOT NULL,
	"caf" varchar(3) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" varchar(100) NOT NULL,
	"ip" varchar(64) NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "logos" (
	"name" varchar(80) PRIMARY KEY NOT NULL,
	"content_type" varchar(30) NOT NULL,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mail_attachments_sha256_unique" UNIQUE("sha256")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"message_id" varchar(200) NOT NULL,
	"to" varchar(500) NOT NULL,
	"subject" varchar(300) NOT NULL,
	"text" text NOT NULL,
	"html" text NOT NULL,
	"attachments" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" varchar(10) DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "params" (
	"cle" varchar(50) PRIMARY KEY NOT NULL,
	"valeur" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partenaires" (
	"id" serial PRIMARY KEY NOT NULL,
	"date" timestamp with time zone DEFAULT now() NOT NULL,
	"date_last_update" timestamp with time zone,
	"type_partenaire" varchar(20) DEFAULT 'guichet' NOT NULL,
	"nom" varchar(150) NOT NULL,
	"lien" varchar(500) NOT NULL,
	"lien_offres" varchar(500) NOT NULL,
	"presentation" varchar(255) NOT NULL,
	"logo" varchar(80) NOT NULL,
	"nom_complet" varchar(255) NOT NULL,
	"adresse" varchar(255) NOT NULL,
	"cp" varchar(5) NOT NULL,
	"ville" varchar(100) NOT NULL,
	"telephone" varchar(10) NOT NULL,
	"mail" varchar(180) NOT NULL,
	"civilite_r" varchar(10) NOT NULL,
	"nom_r" varchar(100) NOT NULL,
	"prenom_r" varchar(100) NOT NULL,
	"fonction_r" varchar(150) NOT NULL,
	"telephone_r" varchar(10) NOT NULL,
	"mail_r" varchar(180) NOT NULL,
	"statut_id" smallint DEFAULT 1 NOT NULL,
	"categorie_id" integer,
	"filtre_id" smallint,
	"actif" boolean DEFAULT false NOT NULL,
	"token_hash" varchar(64),
	"token_sent_at" timestamp with time zone,
	"tempdata" jsonb,
	CONSTRAINT "partenaires_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "roles" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" varchar(50) NOT NULL,
	"libelle" varchar(100) NOT NULL,
	CONSTRAINT "roles_code_unique" UNIQUE("code")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" varchar(64) PRIMARY KEY NOT NULL,
	"agent_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "statuts" (
	"id" smallint PRIMARY KEY NOT NULL,
	"libelle" varchar(50) NOT NULL
);
--> statement-breakpoint
ALTER TABLE "agent_roles" ADD CONSTRAINT "agent_roles_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_roles" ADD CONSTRAINT "agent_roles_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "etudiants" ADD CONSTRAINT "etudiants_statut_id_statuts_id_fk" FOREIGN KEY ("statut_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inscriptions" ADD CONSTRAINT "inscriptions_statut_id_statuts_id_fk" FOREIGN KEY ("statut_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partenaires" ADD CONSTRAINT "partenaires_statut_id_statuts_id_fk" FOREIGN KEY ("statut_id") REFERENCES "public"."statuts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partenaires" ADD CONSTRAINT "partenaires_categorie_id_categories_id_fk" FOREIGN KEY ("categorie_id") REFERENCES "public"."categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partenaires" ADD CONSTRAINT "partenaires_filtre_id_filtres_id_fk" FOREIGN KEY ("filtre_id") REFERENCES "public"."filtres"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_roles_role_idx" ON "agent_roles" USING btree ("role_id");--> statement-breakpoint
CREATE INDEX "etudiants_date_idx" ON "etudiants" USING btree ("date");--> statement-breakpoint
CREATE INDEX "etudiants_statut_idx" ON "etudiants" USING btree ("statut_id","date");--> statement-breakpoint
CREATE INDEX "etudiants_email_idx" ON "etudiants" USING btree ("email");--> statement-breakpoint
CREATE INDEX "inscriptions_date_idx" ON "inscriptions" USING btree ("date");--> statement-breakpoint
CREATE INDEX "inscriptions_statut_idx" ON "inscriptions" USING btree ("statut_id","date");--> statement-breakpoint
CREATE INDEX "login_failures_username_idx" ON "login_failures" USING btree ("username","at");--> statement-breakpoint
CREATE INDEX "login_failures_ip_idx" ON "login_failures" USING btree ("ip","at");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "partenaires_date_idx" ON "partenaires" USING btree ("date");--> statement-breakpoint
CREATE INDEX "partenaires_public_idx" ON "partenaires" USING btree ("statut_id","actif","categorie_id");--> statement-breakpoint
CREATE INDEX "sessions_agent_idx" ON "sessions" USING btree ("agent_id");--> statement-breakpoint
CREATE INDEX "sessions_last_seen_idx" ON "sessions" USING btree ("last_seen_at");