import { expect, test } from "vitest";
import { type Dashboard, openDashboard } from "./harness.ts";

/** Waits until the page has made no request for a moment, so every answer of the screen is recorded. */
async function settle(d: Dashboard) {
  await d.page.waitForLoadState("networkidle").catch(() => {});
}

/** What a leak would look like: the whole key, or its secret part alone. */
function secretsOf(ownerKey: string) {
  const secret = ownerKey.slice(ownerKey.lastIndexOf("_") + 1);
  return [ownerKey, secret];
}

test("no screen, answer, cookie, storage or console line carries the API key", async () => {
  const d = await openDashboard();
  const library = await d.fixtures.createLibrary();
  const folder = await d.fixtures.createFolder(library.id, "Leak check folder");
  const file = await d.fixtures.uploadPng({ name: "leak-check.png", folder_id: folder.id });
  const trashed = await d.fixtures.uploadPng({ name: "leak-check-trashed.png", folder_id: folder.id });
  await d.api("DELETE", `/v1/files/${trashed.id}`);
  // An endpoint nothing listens on, subscribed to an event no test causes, removed at the end.
  const webhook = await d.api("POST", "/v1/webhooks", {
    url: "http://127.0.0.1:9/never",
    events: ["library.deleted"],
    description: "Leak check",
  });

  const screens = [
    "/",
    `/libraries/${library.id}`,
    `/folders/${folder.id}`,
    "/files",
    "/files?q=leak",
    `/files/${file.id}`,
    "/trash",
    "/webhooks",
    `/webhooks/${webhook.id}`,
    "/usage",
    "/settings",
  ];
  for (const screen of screens) {
    await d.goto(screen);
    await settle(d);
  }
  // The command palette searches as the user types.
  await d.page.keyboard.press("Control+k");
  await d.page.keyboard.type("leak");
  await settle(d);
  await d.page.keyboard.press("Escape");

  // Uploads and downloads through the BFF, as the SPA makes them: signed URLs rewritten to /api/v1.
  const roundTrip = await d.page.evaluate(
    async ({ folderId }) => {
      const viaBff = (url: string) => {
        const parsed = new URL(url, window.location.origin);
        return `/api${parsed.pathname}${parsed.search}`;
      };
      const bytes = new TextEncoder().encode("uploaded by the browser through the BFF\n");
      const json = { "content-type": "application/json" };
      const created = await fetch("/api/v1/uploads", {
        method: "POST",
        headers: json,
        body: JSON.stringify({ name: "browser-upload.txt", size: bytes.length, folder_id: folderId }),
      }).then((r) => r.json());
      const put = await fetch(viaBff(created.upload_url), { method: "PUT", body: bytes });
      const completed = await fetch(`/api/v1/uploads/${created.id}/complete`, { method: "POST" });
      const file = await completed.json();
      const download = await fetch(`/api/v1/files/${file.id}/download`).then((r) => r.json());
      const content = await fetch(viaBff(download.url)).then((r) => r.text());
      return { put: put.status, completed: completed.status, content };
    },
    { folderId: folder.id },
  );
  expect(roundTrip).toEqual({
    put: 200,
    completed: 201,
    content: "uploaded by the browser through the BFF\n",
  });

  const traces = await d.traces();
  const urls = traces.responses.map((r) => new URL(r.url).pathname);
  expect(
    urls.some((u) => u.startsWith("/assets/") && u.endsWith(".js")),
    "the SPA's scripts were recorded",
  ).toBe(true);
  expect(urls.filter((u) => u.startsWith("/api/v1/")).length).toBeGreaterThan(10);
  for (const secret of secretsOf(d.service.ownerKey)) {
    expect(await d.findInTraces(secret)).toEqual([]);
  }
  // Nothing the browser received names the upstream authorization at all.
  expect(traces.responses.filter((r) => "authorization" in r.headers).map((r) => r.url)).toEqual([]);
  // And walking every screen raised no uncaught error in the page.
  expect(traces.pageErrors).toEqual([]);
  await d.api("DELETE", `/v1/webhooks/${webhook.id}`);
});
