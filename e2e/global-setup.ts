import { mkdtemp, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { loadBffConfig } from "../src/bff/config.ts";
import { LoginTokens } from "../src/bff/login-tokens.ts";
import { setDashboardPassword } from "../src/bff/password-file.ts";
import { startBff } from "../src/bff/server.ts";
import { buildDashboardIfStale } from "../src/dashboard-build.ts";
import { seedSyntheticFiles } from "../src/service/seed/synthetic-seed.ts";
import { solidPng } from "../src/service/testing/content-fixtures.ts";
import { startTestService } from "../src/service/testing/test-service.ts";
import type { E2eEnvironment } from "./environment.ts";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
/** Every request is still counted, but nothing the browser does in a test answers 429. */
const UNLIMITED = "sustained=100000000/1m,month=1000000000/1mo";
const DASHBOARD_PASSWORD = "e2e-dashboard-password";
/** One-time login links issued up front: the tests run in other processes than this BFF. */
const LOGIN_LINKS = 5;
/** Files in the seeded flat folder that browse tests scroll through. */
const SYNTHETIC_FILES = 300;

/**
 * Once per `vitest run` of the e2e project: builds the SPA if its sources changed, starts the real service
 * (a fresh seeded database: PGlite, or TEST_DATABASE_URL's server; job workers on) and a real BFF in front of it
 * serving dist/web with a known dashboard password, and hands their addresses to the test files (`inject("e2e")`).
 */
export default async function setup(project: TestProject) {
  const started = Date.now();
  const staticDir = path.join(ROOT, "dist", "web");
  const built = await buildDashboardIfStale(ROOT, staticDir);

  const importServer = await startImportServer();
  const service = await startTestService({
    workers: true,
    env: {
      WEBHOOK_ALLOW_LOOPBACK: "1",
      RATE_LIMITS: UNLIMITED,
      JOB_POLL_MS: "50",
      IMPORT_ALLOW_HOSTS: new URL(importServer.url).host,
    },
  });
  const bffDataDir = await mkdtemp(path.join(os.tmpdir(), "bs-e2e-bff-"));
  let bff: Awaited<ReturnType<typeof startBff>> | null = null;
  try {
    const synthetic = await seedSyntheticFiles(service.deps.db, service.deps.blobs, {
      brandspaceId: service.seed.brandspaceId,
      files: SYNTHETIC_FILES,
      flat: true,
    });
    await setDashboardPassword(bffDataDir, DASHBOARD_PASSWORD);
    const config = loadBffConfig({
      HOST: "127.0.0.1",
      DASHBOARD_PORT: "0",
      CENTRAL_URL: service.centralUrl,
      DASHBOARD_API_KEY: service.seed.ownerKey,
      BRANDSPACE_DATA_DIR: bffDataDir,
      DASHBOARD_STATIC_DIR: staticDir,
      LOG_LEVEL: process.env.E2E_BFF_LOG_LEVEL ?? "silent",
    });
    const loginTokens = new LoginTokens();
    bff = await startBff(config, { loginTokens });
    const dashboardUrl = bff.url;
    // Shared-link, transfer and page URLs point at the visitor pages this dashboard serves.
    service.deps.config.visitorUrl = dashboardUrl;

    const environment: E2eEnvironment = {
      dashboardUrl,
      password: DASHBOARD_PASSWORD,
      loginLinks: Array.from({ length: LOGIN_LINKS }, () => `${dashboardUrl}/login/${loginTokens.issue()}`),
      centralUrl: service.centralUrl,
      regionalUrl: service.regionalUrl,
      ownerKey: service.seed.ownerKey,
      brandspaceId: service.seed.brandspaceId,
      seed: {
        libraries: service.seed.libraries,
        users: service.seed.users,
        synthetic: {
          libraryId: synthetic.libraryId,
          folderId: synthetic.folderIds[0]!,
          files: synthetic.files,
        },
      },
      artifactsDir: path.join(ROOT, ".cache", "e2e-artifacts"),
      importServerUrl: importServer.url,
    };
    project.provide("e2e", environment);
    if (process.env.E2E_VERBOSE) {
      process.stdout.write(
        `e2e: ${built ? "built dist/web, " : ""}dashboard ${dashboardUrl} ready in ${Date.now() - started} ms\n`,
      );
    }
  } catch (error) {
    await bff?.stop();
    await service.close();
    await importServer.close();
    await rm(bffDataDir, { recursive: true, force: true });
    throw error;
  }

  return async () => {
    await bff?.stop();
    await service.close();
    await importServer.close();
    await rm(bffDataDir, { recursive: true, force: true });
  };
}

/** The web server URL imports fetch from in the e2e tests: a PNG at `/hero.png`, a 404 at `/gone`. */
async function startImportServer() {
  const png = await solidPng(320, 200, { r: 30, g: 90, b: 200 });
  const server = createServer((request, response) => {
    if (request.url === "/hero.png") {
      response.writeHead(200, { "content-type": "image/png", "content-length": String(png.length) }).end(png);
      return;
    }
    response.writeHead(404).end("not here");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
