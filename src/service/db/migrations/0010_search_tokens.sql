ALTER TABLE "files" ADD COLUMN "search_tokens" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Keyword search by words: each file keeps the words of its search_text that search_words keeps (split at spaces
-- and punctuation, 3 characters or more, not only digits), and a keyword made of letters and digits is looked up
-- as the brandspace's known words containing it (a trigram index on search_words), then the files holding one of
-- them (a GIN index on search_tokens). Two keywords intersect two short lists of files instead of the posting
-- lists of every trigram of both. A run of over 64 characters is kept as pieces of 64 starting every 32, so any
-- keyword of up to 33 characters inside it lies whole in one piece; longer keywords use the trigram index.
CREATE FUNCTION "search_tokens_of"(body text) RETURNS text[] LANGUAGE sql STABLE AS $$
  select coalesce(array_agg(distinct piece), '{}'::text[])
  from regexp_split_to_table(body, '[[:space:][:punct:]]+') w
  cross join lateral generate_series(1, greatest(length(w) - 32, 1), 32) s
  cross join lateral substr(w, s, 64) piece
  where length(piece) >= 3 and piece !~ '^[0-9]+$'
$$;--> statement-breakpoint
CREATE FUNCTION "remember_search_tokens"(brandspace text, tokens text[]) RETURNS void LANGUAGE sql AS $$
  insert into search_words (brandspace_id, word)
  select brandspace, w from unnest(tokens) w
  where not exists (select 1 from search_words s where s.brandspace_id = brandspace and s.word = w)
  on conflict do nothing
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "refresh_file_search_text"(target text) RETURNS void LANGUAGE sql AS $$
  with fresh as (
    select id, lower(concat_ws(E'\n', name, array_to_string(tags, E'\n'), file_search_extras(target))) as body
    from files where id = target
  ), refreshed as (
    update files f
    set search_text = fresh.body, search_tokens = search_tokens_of(fresh.body)
    from fresh
    where f.id = fresh.id
    returning f.brandspace_id, f.search_tokens
  )
  select remember_search_tokens(brandspace_id, search_tokens) from refreshed
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "files_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.name, array_to_string(NEW.tags, E'\n'),
    CASE WHEN TG_OP = 'UPDATE' THEN file_search_extras(NEW.id) END));
  NEW.search_tokens := search_tokens_of(NEW.search_text);
  PERFORM remember_search_tokens(NEW.brandspace_id, NEW.search_tokens);
  RETURN NEW;
END
$$;--> statement-breakpoint
DROP FUNCTION "remember_search_words"(text, text);--> statement-breakpoint
UPDATE "files" SET "search_tokens" = search_tokens_of("search_text");--> statement-breakpoint
-- The pieces of long runs are new known words.
SELECT remember_search_tokens(brandspace_id, search_tokens) FROM files
WHERE search_text ~ '[^[:space:][:punct:]]{65}';--> statement-breakpoint
CREATE INDEX "files_search_tokens" ON "files" USING gin ("search_tokens");--> statement-breakpoint
CREATE INDEX "search_words_trgm" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
ANALYZE "files";--> statement-breakpoint
ANALYZE "search_words";
