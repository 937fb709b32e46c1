CREATE TABLE "candle_rollups" (
	"symbol" text NOT NULL,
	"interval_minutes" integer NOT NULL,
	"open_time" timestamp with time zone NOT NULL,
	"open" bigint NOT NULL,
	"high" bigint NOT NULL,
	"low" bigint NOT NULL,
	"close" bigint NOT NULL,
	"volume" bigint NOT NULL,
	CONSTRAINT "candle_rollups_symbol_interval_minutes_open_time_pk" PRIMARY KEY("symbol","interval_minutes","open_time")
);
