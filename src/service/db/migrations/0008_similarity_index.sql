-- Look-alikes through an index (cube's GiST, nearest first by Euclidean distance) instead of a scan. Each version's
-- visual descriptor (`features`, see src/service/media/features.ts) yields a 20-dimensional point that its mirror
-- image shares. Per dHash bit, the bit plus the same bit of the mirror image's dHash does not change when the
-- picture is mirrored (a mirror image swaps the two hashes); those sums, added up over 2x2 blocks of the 8x8 grid,
-- give 16 dimensions (0 to 8 each), and four coarse colour cells (red and green, 2 levels each, weighted x4) the
-- rest. Few dimensions keep the GiST index selective (with many, every bounding box overlaps every query and
-- nearest-first degrades to a scan). Version 2 descriptors carry the mirror image's dHash; for version 1 it is
-- predicted (columns c and 7 - c swapped, the bit inverted). The service ranks the nearest few hundred with the
-- full similarity.
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE FUNCTION "visual_embedding"(features real[]) RETURNS cube LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
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
  ELSIF version = 2 AND array_length(features, 1) = 81 THEN
    bins_at := 18;
  ELSE
    RETURN NULL;
  END IF;
  FOR r IN 0..7 LOOP
    row_byte := features[2 + r]::int;
    FOR c IN 0..7 LOOP
      block := (r / 2) * 4 + (c / 2) + 1;
      IF version = 2 THEN
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
$$;--> statement-breakpoint
ALTER TABLE "file_versions" ADD COLUMN "visual_embedding" cube GENERATED ALWAYS AS (visual_embedding("features")) STORED;--> statement-breakpoint
CREATE INDEX "file_versions_visual_embedding" ON "file_versions" USING gist ("visual_embedding");--> statement-breakpoint
ANALYZE "file_versions";
