-- A file's tokens are known words from the moment they are set (this trigger remembers them, nothing forgets
-- one), so an update looks up only the tokens the file did not have. The lookup is written here rather than
-- through remember_search_tokens(), a SQL function planned again at each call, where PL/pgSQL keeps the plan of
-- its own statements: retagging 10,000 files spent about half of this trigger's time planning that call.
CREATE OR REPLACE FUNCTION "files_search_text"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  new_tokens text[];
BEGIN
  NEW.search_text := lower(concat_ws(E'\n', NEW.name, array_to_string(NEW.tags, E'\n'),
    CASE WHEN TG_OP = 'UPDATE' THEN file_search_extras(NEW.id) END));
  NEW.search_tokens := search_tokens_of(NEW.search_text);
  IF TG_OP = 'INSERT' THEN
    new_tokens := NEW.search_tokens;
  ELSIF NEW.search_tokens <@ OLD.search_tokens THEN
    RETURN NEW;
  ELSE
    new_tokens := array(SELECT unnest(NEW.search_tokens) EXCEPT SELECT unnest(OLD.search_tokens));
  END IF;
  INSERT INTO search_words (brandspace_id, word)
  SELECT NEW.brandspace_id, w FROM unnest(new_tokens) w
  WHERE NOT EXISTS (SELECT 1 FROM search_words s WHERE s.brandspace_id = NEW.brandspace_id AND s.word = w)
  ON CONFLICT DO NOTHING;
  RETURN NEW;
END
$$;
