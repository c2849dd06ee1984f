import { dominantColors } from "./colors.ts";
import { visualFeatures } from "./features.ts";
import type { StillDescription } from "./media-types.ts";
import { blurhashPlaceholder } from "./placeholder.ts";
import { settleAll } from "./settle-all.ts";
import type { RawStill } from "./still.ts";

/** Colours for search, a placeholder for the dashboard and features for similarity, from one decoded still. */
export async function describeStill(still: RawStill): Promise<StillDescription> {
  const [colors, placeholder, features] = await settleAll([
    dominantColors(still),
    blurhashPlaceholder(still),
    visualFeatures(still),
  ] as const);
  return { dominantColors: colors, placeholder, features };
}
