CREATE TABLE "job_runs" (
	"job" varchar(40) NOT NULL,
	"day" date NOT NULL,
	"ran_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_runs_job_day_pk" PRIMARY KEY("job","day")
);
