CREATE TABLE "derived_day_versions" (
	"day" date PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "directory_version" (
	"id" smallint PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
-- Every statement that writes the directory the reports read counts once, whichever code wrote it.
CREATE FUNCTION "lavo_count_directory_write"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "directory_version" ("id", "version") VALUES (1, 1)
    ON CONFLICT ("id") DO UPDATE SET "version" = "directory_version"."version" + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_count_directory_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "lavo_count_directory_write"();
--> statement-breakpoint
CREATE TRIGGER "organizations_count_directory_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "organizations"
  FOR EACH STATEMENT EXECUTE FUNCTION "lavo_count_directory_write"();
--> statement-breakpoint
CREATE TRIGGER "groups_count_directory_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION "lavo_count_directory_write"();
--> statement-breakpoint
CREATE TRIGGER "professions_count_directory_write" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "professions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lavo_count_directory_write"();
