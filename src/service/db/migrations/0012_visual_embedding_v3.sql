-- Version 3 descriptors (src/service/media/features.ts) add a fine hash and two vertical ones after the bins
-- and keep the coarse hashes and the bins where version 2 has them, so their point in the look-alike index is made
-- exactly as a version 2 one's (see 0008). Points already stored do not change.
CREATE OR REPLACE FUNCTION "visual_embedding"(features real[]) RETURNS cube LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
DECLARE
  blocks float8[] := array_fill(0::float8, ARRAY[16]);
  colours float8[] := array_fill(0::float8, ARRAY[4]);
  version int;
  bins_at int;
  row_byte int;
  mirror_byte int;
  block int;
  cell int;
BEGIN
  IF features IS NULL THEN
    RETURN NULL;
  END IF;
  version := features[1]::int;
  IF version = 1 AND array_length(features, 1) = 73 THEN
    bins_at := 10;
  ELSIF (version = 2 AND array_length(features, 1) = 81) OR (version = 3 AND array_length(features, 1) = 137) THEN
    bins_at := 18;
  ELSE
    RETURN NULL;
  END IF;
  FOR r IN 0..7 LOOP
    row_byte := features[2 + r]::int;
    FOR c IN 0..7 LOOP
      block := (r / 2) * 4 + (c / 2) + 1;
      IF version >= 2 THEN
        mirror_byte := features[10 + r]::int;
        blocks[block] := blocks[block] + ((row_byte >> (7 - c)) & 1) + ((mirror_byte >> (7 - c)) & 1);
      ELSE
        blocks[block] := blocks[block] + ((row_byte >> (7 - c)) & 1) + 1 - ((row_byte >> c) & 1);
      END IF;
    END LOOP;
  END LOOP;
  FOR i IN 0..63 LOOP
    cell := ((i / 16) / 2) * 2 + (((i / 4) % 4) / 2) + 1;
    colours[cell] := colours[cell] + features[bins_at + i];
  END LOOP;
  FOR k IN 1..4 LOOP
    colours[k] := colours[k] * 4.0;
  END LOOP;
  RETURN cube(blocks || colours);
END
$$
