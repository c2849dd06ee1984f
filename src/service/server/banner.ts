import { existsSync } from "node:fs";
import type { Config } from "../env.ts";
import type { RunningService } from "./start-service.ts";
import { listenerUrl } from "./urls.ts";

/** The friendly text `npm start` prints once the service is up. The owner key appears on the first start only. */
export function formatBanner(
  service: RunningService,
  config: Config,
  dashboard?: { url: string; loginLink: string | null },
): string {
  const lines = [
    "",
    service.urls ? "  Brandspace is running." : "  Brandspace worker is running (no listeners).",
    "",
  ];
  if (service.urls) {
    lines.push(
      `  Central API    ${service.urls.central}`,
      `  Regional API   ${service.urls.regional}  (region ${config.region})`,
      dashboard
        ? `  Dashboard      ${dashboard.url}`
        : `  Dashboard      ${listenerUrl(config.host, config.dashboardPort)}  (not started by this command)`,
    );
    if (service.metricsUrl) lines.push(`  Metrics        ${service.metricsUrl}/metrics`);
    if (dashboard?.loginLink) {
      lines.push(
        "",
        "  No dashboard password is set. Log in once with this link (single use, valid 1 hour):",
        `    ${dashboard.loginLink}`,
        "  Then set one: npm run admin -- dashboard set-password",
      );
    }
  }
  lines.push(
    `  Data           ${config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `${config.dataDir} (embedded PGlite)`}`,
    ...mediaLines(service),
    "",
    ...ownerKeyLines(service),
    "  Admin          npm run admin -- help",
    "",
    "  Press Ctrl+C to stop.",
    "",
  );
  return `${lines.join("\n")}\n`;
}

function ownerKeyLines(service: RunningService): string[] {
  if (service.ownerKey) {
    const tryIt = service.urls
      ? [
          `  Try it:  curl -H "Authorization: Bearer $(cat ${service.ownerKeyFile})" ${service.urls.central}/v1/me`,
          "",
        ]
      : [];
    return [
      `  Your owner key (shown this once; also saved to ${service.ownerKeyFile}, mode 0600):`,
      "",
      `    ${service.ownerKey}`,
      "",
      ...tryIt,
    ];
  }
  if (existsSync(service.ownerKeyFile)) return [`  Owner key      in ${service.ownerKeyFile}`];
  return ["  Owner key      not on this machine: create a key with npm run admin -- keys create"];
}

function mediaLines(service: RunningService): string[] {
  const { ffmpeg, ffprobe } = service.media;
  const line = (label: string, tool: typeof ffmpeg) => {
    const version = tool.version?.replace(/^\S+ version /, "") ?? "does not run";
    return `  ${label.padEnd(15)}${version} (${tool.source}: ${tool.path ?? "none for this platform"})`;
  };
  const lines = [line("ffmpeg", ffmpeg), line("ffprobe", ffprobe)];
  // The bundled ffmpeg is a static build from 2018, and it parses untrusted uploads.
  if (ffmpeg.source === "bundled") {
    lines.push(`${" ".repeat(17)}old build: apt-get install ffmpeg for a maintained one`);
  }
  return lines;
}
