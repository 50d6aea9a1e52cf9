CREATE TABLE "wear_session_days" (
	"user_id" integer NOT NULL,
	"day" date NOT NULL,
	"session_start" timestamp with time zone NOT NULL,
	"first_at" timestamp with time zone NOT NULL,
	"last_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wear_session_days_user_id_day_session_start_pk" PRIMARY KEY("user_id","day","session_start")
);
