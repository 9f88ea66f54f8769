-- The repair's version (issue 37): its ETag. Every change to the row counts
-- it up, whatever statement makes it, so a screen that sends the version it
-- showed (If-Match) is refused (412) once anyone else changed the repair.
ALTER TABLE "repairs" ADD COLUMN "version" INTEGER NOT NULL DEFAULT 1;

CREATE FUNCTION "repairs_version_next"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."version" := OLD."version" + 1;
  RETURN NEW;
END $$;

CREATE TRIGGER "repairs_version_next"
  BEFORE UPDATE ON "repairs"
  FOR EACH ROW EXECUTE FUNCTION "repairs_version_next"();
