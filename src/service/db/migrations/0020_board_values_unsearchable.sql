-- A board property's values are seen only by those who see the board; keyword search reads one search text per
-- file for everyone who sees the file, so it holds the values (and chosen option labels) of brandspace-wide
-- properties only. Before, `q` found a file by a value set on a board the caller could not see.
CREATE OR REPLACE FUNCTION "file_search_extras"(target text) RETURNS text LANGUAGE sql STABLE AS $$
  select concat_ws(E'\n',
    (select string_agg(pv.value #>> '{}', E'\n') from property_values pv
      join properties p on p.id = pv.property_id and p.board_id is null
      where pv.file_id = target and jsonb_typeof(pv.value) = 'string'),
    (select string_agg(po.label, E'\n') from property_values pv
      join properties p on p.id = pv.property_id and p.board_id is null
      join property_options po on po.property_id = pv.property_id
      where pv.file_id = target
        and (pv.value ->> 'option_id' = po.id
          or pv.value @> jsonb_build_array(jsonb_build_object('option_id', po.id)))),
    (select string_agg(c.text, E'\n') from comments c where c.file_id = target),
    (select string_agg(r.text, E'\n') from comment_replies r join comments c on c.id = r.comment_id
      where c.file_id = target))
$$;--> statement-breakpoint
SELECT refresh_file_search_text(f.file_id) FROM (
  SELECT DISTINCT pv.file_id FROM property_values pv
  JOIN properties p ON p.id = pv.property_id AND p.board_id IS NOT NULL
) f;
