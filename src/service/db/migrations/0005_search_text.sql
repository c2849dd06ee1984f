CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE TABLE "search_words" (
	"brandspace_id" text NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "search_words_brandspace_id_word_pk" PRIMARY KEY("brandspace_id","word")
);
--> statement-breakpoint
ALTER TABLE "search_words" ADD CONSTRAINT "search_words_brandspace_id_brandspaces_id_fk" FOREIGN KEY ("brandspace_id") REFERENCES "public"."brandspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Keyword search reads one lower-case column per file through a trigram index (pg_trgm answers substring
-- patterns). The column holds, one per line, what a keyword may match: the
-- name, each tag, text property values, the labels of chosen options, comments and replies. These triggers keep
-- it true on every write, whichever code path makes it, and record each new word in search_words, where a
-- keyword's one-typo neighbours are looked up.
CREATE FUNCTION "file_search_extras"(target text) RETURNS text LANGUAGE sql STABLE AS $$
  select concat_ws(E'\n',
    (select string_agg(pv.value #>> '{}', E'\n') from property_values pv
      where pv.file_id = target and jsonb_typeof(pv.value) = 'string'),
    (select string_agg(po.label, E'\n') from property_values pv
      join property_options po on po.property_id = pv.property_id
      where pv.file_id = target
        and (pv.value ->> 'option_id' = po.id
          or pv.value @> jsonb_build_array(jsonb_build_object('option_id', po.id)))),
    (select string_agg(c.text, E'\n') from comments c where c.file_id = target),
    (select string_agg(r.text, E'\n') from comment_replies r join comments c on c.id = r.comment_id
      where c.file_id = target))
$$;--> statement-breakpoint
CREATE FUNCTION "remember_search_words"(brandspace text, body text) RETURNS void LANGUAGE sql AS $$
  insert into search_words (brandspace_id, word)
  select distinct brandspace, w from regexp_split_to_table(body, '[[:space:][:punct:]]+') w
  where length(w) between 3 and 64 and w !~ '^[0-9]+$'
    and not exists (select 1 from search_words s where s.brandspace_id = brandspace and s.word = w)
  on conflict do nothing
$$;--> statement-breakpoint
CREATE FUNCTION "refresh_file_search_text"(target text) RETURNS void LANGUAGE sql AS $$
  with refreshed as (
    update files
    set search_text = lower(concat_ws(E'\n', name, array_to_string(tags, E'\n'), file_search_extras(target)))
    where id = target
    returning brandspace_id, search_text
  )
  select remember_search_words(brandspace_id, search_text) from refreshed
$$;--> statement-breakpoint
CREATE FUNCTION "files_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.name, array_to_string(NEW.tags, E'\n'),
    CASE WHEN TG_OP = 'UPDATE' THEN file_search_extras(NEW.id) END));
  PERFORM remember_search_words(NEW.brandspace_id, NEW.search_text);
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "files_search_text" BEFORE INSERT OR UPDATE OF name, tags ON "files"
  FOR EACH ROW EXECUTE FUNCTION files_search_text();--> statement-breakpoint
CREATE FUNCTION "property_values_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM refresh_file_search_text(OLD.file_id); END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.file_id <> OLD.file_id) THEN
    PERFORM refresh_file_search_text(NEW.file_id);
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_values_search_text" AFTER INSERT OR UPDATE OR DELETE ON "property_values"
  FOR EACH ROW EXECUTE FUNCTION property_values_search_text();--> statement-breakpoint
CREATE FUNCTION "property_options_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_file_search_text(pv.file_id) FROM property_values pv
  WHERE pv.property_id = OLD.property_id
    AND (pv.value ->> 'option_id' = OLD.id
      OR pv.value @> jsonb_build_array(jsonb_build_object('option_id', OLD.id)));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "property_options_search_text" AFTER UPDATE OF label OR DELETE ON "property_options"
  FOR EACH ROW EXECUTE FUNCTION property_options_search_text();--> statement-breakpoint
CREATE FUNCTION "comments_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_file_search_text(CASE WHEN TG_OP = 'DELETE' THEN OLD.file_id ELSE NEW.file_id END);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comments_search_text" AFTER INSERT OR UPDATE OF text OR DELETE ON "comments"
  FOR EACH ROW EXECUTE FUNCTION comments_search_text();--> statement-breakpoint
CREATE FUNCTION "comment_replies_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM refresh_file_search_text(c.file_id) FROM comments c
  WHERE c.id = CASE WHEN TG_OP = 'DELETE' THEN OLD.comment_id ELSE NEW.comment_id END;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "comment_replies_search_text" AFTER INSERT OR UPDATE OF text OR DELETE ON "comment_replies"
  FOR EACH ROW EXECUTE FUNCTION comment_replies_search_text();--> statement-breakpoint
UPDATE "files"
SET "search_text" = lower(concat_ws(E'\n', "name", array_to_string("tags", E'\n'), file_search_extras("id")));--> statement-breakpoint
SELECT remember_search_words(brandspace_id, search_text) FROM files;--> statement-breakpoint
CREATE INDEX "files_search_text" ON "files" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "files_name_lower" ON "files" USING btree ("brandspace_id",lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "files_name_trgm" ON "files" USING gin (lower("name") gin_trgm_ops);
