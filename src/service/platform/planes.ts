import type { Plane } from "../../contract/meta.ts";
import type { Operation } from "../../contract/operation.ts";
import type { Config } from "../env.ts";
import { ApiError } from "./errors.ts";

export type HostPlane = Exclude<Plane, "both">;

/** A listener: which plane it is and, for a regional host, which region it serves. */
export interface Host {
  plane: HostPlane;
  region: string;
}

export function regionalUrlOf(config: Config, region: string): string {
  return config.regionalUrls[region] ?? config.regionalUrls[config.region]!;
}

/** Before authentication: a central-only path on a regional host is 404 and names the central host. */
export function checkPlaneBeforeAuth(host: Host, operation: Operation, config: Config): void {
  if (host.plane === "regional" && operation.plane === "central") {
    throw new ApiError("not_found", `${operation.path} is served by the central host.`, {
      host: config.centralUrl,
    });
  }
}

/** After authentication: a regional host answers only for brandspaces of its own region. */
export function checkRegion(
  host: Host,
  operation: Operation,
  brandspaceRegion: string,
  config: Config,
): void {
  if (host.plane === "regional" && operation.plane !== "both" && brandspaceRegion !== host.region) {
    throw new ApiError(
      "misdirected_request",
      `This brandspace lives in region ${brandspaceRegion}; send the request to its regional host.`,
      { host: regionalUrlOf(config, brandspaceRegion) },
    );
  }
}

/** A request target as sent may hold `>`, spaces or quotes, which would end or break a Link's `<…>`: encoded. */
const asUriReference = (target: string) =>
  target.replace(/[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]/gu, (c) => encodeURIComponent(c));

/** A regional path served by the central host still works, with deprecation headers pointing at the regional host. */
export function deprecationHeaders(
  host: Host,
  operation: Operation,
  url: string,
  brandspaceRegion: string | undefined,
  config: Config,
): Record<string, string> {
  if (host.plane !== "central" || operation.plane !== "regional") return {};
  const regional = regionalUrlOf(config, brandspaceRegion ?? config.region);
  const headers: Record<string, string> = {
    Deprecation: "true",
    Link: `<${regional}${asUriReference(url)}>; rel="alternate"`,
  };
  if (config.sunsetDate) headers.Sunset = config.sunsetDate;
  return headers;
}
