import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../contract/errors.ts";
import { PublicFile, SharedLink } from "../../contract/sharing.ts";
import { sharedLinks } from "../db/schema/index.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, type ApiResponse, apiClient, pathAndQuery } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

// A visitor's renditions: the workers run here, so that uploaded pictures get their thumbnails and previews.
let service: TestService;
let owner: ApiCall;
let visitor: ApiCall;
let folderId: string;
let fileInFolder: string;
let otherFile: string;

beforeAll(async () => {
  service = await startTestService({ workers: true });
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  visitor = apiClient(service.regionalUrl);
  const libraryId = (await owner("POST", "/v1/libraries", { body: { name: "Press kit" } })).body.id;
  folderId = (await owner("POST", "/v1/folders", { body: { name: "Logos", library_id: libraryId } })).body.id;
  fileInFolder = (await uploadBytes(owner, await solidPng(), { name: "logo.png", folder_id: folderId })).id;
  otherFile = (await uploadBytes(owner, await solidPng(), { name: "other.png", folder_id: folderId })).id;
  for (const id of [fileInFolder, otherFile])
    expect((await waitUntilProcessed(owner, id)).status).toBe("ready");
});
afterAll(() => service?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
}

const tokenOf = (link: { url: string }) => link.url.split("/s/")[1]!;

async function share(body: Record<string, unknown>) {
  const res = await owner("POST", "/v1/shared-links", { body });
  expect(res.status, res.text).toBe(201);
  return SharedLink.parse(res.body);
}

describe("a visitor's renditions", () => {
  it("a visitor's thumbnails and previews name the link and stop with it: revoked 404, expired 410", async () => {
    const link = await share({ target: { type: "folder", id: folderId } });
    const token = tokenOf(link);
    const listed = await visitor("GET", `/v1/public/shared-links/${token}/files`);
    const item = (listed.body.data as PublicFile[]).find((f) => f.id === fileInFolder)!;
    const one = PublicFile.parse(
      (await visitor("GET", `/v1/public/shared-links/${token}/files/${fileInFolder}`)).body,
    );
    const scoped = `/v1/shared-link-content/${link.id}/files/${fileInFolder}/`;
    expect(item.thumbnail_url).toContain(scoped);
    expect(item.thumbnail_url).toMatch(/\/thumbnail\?expires=\d+&signature=/);
    expect(one.thumbnail_url).toBe(item.thumbnail_url);
    expect(one.preview_url).toContain(scoped);
    const thumbnail = pathAndQuery(item.thumbnail_url!);
    const preview = pathAndQuery(one.preview_url!);
    // A view link shows them, though it does not allow downloads.
    for (const path of [thumbnail, preview]) {
      const res = await fetch(`${service.regionalUrl}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^image\//);
    }
    // A signature holds for its own rendition, file and link only.
    expectError(await visitor("GET", thumbnail.replace("/thumbnail?", "/preview?")), 404, "not_found");
    expectError(await visitor("GET", thumbnail.replace(fileInFolder, otherFile)), 404, "not_found");
    // The original is only at the download's URL (download access, counted).
    expectError(
      await visitor("GET", thumbnail.replace("/thumbnail?", "/original?")),
      400,
      "validation_error",
    );

    expect((await owner("DELETE", `/v1/shared-links/${link.id}`)).status).toBe(200);
    expectError(await visitor("GET", thumbnail), 404, "not_found");
    expectError(await visitor("GET", preview), 404, "not_found");

    const expiring = await share({ target: { type: "file", id: fileInFolder } });
    const [shown] = (await visitor("GET", `/v1/public/shared-links/${tokenOf(expiring)}/files`)).body.data;
    const expiringThumbnail = pathAndQuery(shown.thumbnail_url);
    expect((await fetch(`${service.regionalUrl}${expiringThumbnail}`)).status).toBe(200);
    await service.deps.db
      .update(sharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedLinks.id, expiring.id));
    expectError(await visitor("GET", expiringThumbnail), 410, "expired");
  });

  it("an older version's thumbnail is shown only while the link shows versions", async () => {
    const library = (await owner("POST", "/v1/libraries", { body: { name: "Versions" } })).body.id;
    const file = (await uploadBytes(owner, await solidPng(), { name: "mark.png", library_id: library })).id;
    await waitUntilProcessed(owner, file);
    await uploadBytes(owner, await solidPng(80, 60, { r: 10, g: 120, b: 200 }), {
      name: "mark.png",
      file_id: file,
    });
    await waitUntilProcessed(owner, file);
    const link = await share({ target: { type: "file", id: file }, show_versions: true });
    const shown = PublicFile.parse(
      (await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}/files/${file}`)).body,
    );
    const older = shown.versions!.find((v) => !v.is_active)!;
    expect(older.thumbnail_url).toContain(
      `/v1/shared-link-content/${link.id}/files/${file}/${older.id}/thumbnail?`,
    );
    const path = pathAndQuery(older.thumbnail_url!);
    expect((await fetch(`${service.regionalUrl}${path}`)).status).toBe(200);
    expect(
      (await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { show_versions: false } })).status,
    ).toBe(200);
    expectError(await visitor("GET", path), 404, "not_found");
    expect((await fetch(`${service.regionalUrl}${pathAndQuery(shown.thumbnail_url!)}`)).status).toBe(200);
  });

  it("a new password, or none, stops the URLs handed out under the old one", async () => {
    const link = await share({
      target: { type: "folder", id: folderId },
      access: "download",
      password: "first secret",
    });
    const token = tokenOf(link);
    const unlock = async (password: string) => {
      const res = await visitor("POST", `/v1/public/shared-links/${token}/unlock`, { body: { password } });
      expect(res.status, res.text).toBe(200);
      return { "x-access-token": res.body.token as string };
    };
    // A thumbnail, a file's download and the share's zip, as the visitor's page would be handed them.
    const handedOut = async (headers: Record<string, string>) => {
      const base = `/v1/public/shared-links/${token}`;
      const listed = await visitor("GET", `${base}/files`, { headers });
      const item = (listed.body.data as PublicFile[]).find((f) => f.id === fileInFolder)!;
      const download = await visitor("GET", `${base}/files/${fileInFolder}/download`, { headers });
      const zip = await visitor("GET", `${base}/download`, { headers });
      return [item.thumbnail_url!, download.body.url as string, zip.body.url as string].map(pathAndQuery);
    };
    const expectServed = async (paths: string[], status: number) => {
      for (const path of paths) {
        const res = await fetch(`${service.regionalUrl}${path}`);
        await res.arrayBuffer();
        expect(res.status, path).toBe(status);
      }
    };
    const first = await handedOut(await unlock("first secret"));
    await expectServed(first, 200);
    const changed = await owner("PATCH", `/v1/shared-links/${link.id}`, {
      body: { password: "second secret" },
    });
    expect(changed.status, changed.text).toBe(200);
    await expectServed(first, 404);
    const second = await handedOut(await unlock("second secret"));
    await expectServed(second, 200);
    const removed = await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { password: null } });
    expect(removed.status, removed.text).toBe(200);
    await expectServed(second, 404);
    await expectServed(await handedOut({}), 200);
  });
});
