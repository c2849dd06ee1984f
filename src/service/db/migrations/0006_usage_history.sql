CREATE TABLE "usage_history" (
	"brandspace_id" text NOT NULL,
	"granularity" text NOT NULL,
	"bucket_start" timestamp (3) with time zone NOT NULL,
	"counter" text NOT NULL,
	"used" integer NOT NULL,
	CONSTRAINT "usage_history_brandspace_id_granularity_bucket_start_counter_pk" PRIMARY KEY("brandspace_id","granularity","bucket_start","counter")
);
