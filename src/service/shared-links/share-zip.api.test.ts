import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../contract/errors.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { SHARING_LIMITS, SharedLink, ShareZipUrl } from "../../contract/sharing.ts";
import { files, sharedLinks } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
import { type ApiCall, type ApiResponse, apiClient, pathAndQuery } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { fetchZip } from "../testing/unzip.ts";
import { counterChange } from "../testing/usage-counter.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let visitor: ApiCall;
let libraryId: string;
let folderId: string;
const bytes: Record<string, Buffer> = {};

async function upload(name: string, color: number, target: Record<string, string>, api = owner) {
  const png = await solidPng(8 + color, 8, { r: color * 40, g: 0, b: 0 });
  const id = (await uploadBytes(api, png, { name, ...target } as never)).id as string;
  bytes[id] = png;
  return id;
}

let logo: string;
let logoAgain: string;
let dark: string;
let top: string;
let trashedFile: string;
let inTrashedFolder: string;
let teamFile: string;
let ownerOnlyFile: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.editor.email }),
  );
  visitor = apiClient(service.regionalUrl);
  libraryId = (await owner("POST", "/v1/libraries", { body: { name: "Press kit" } })).body.id;
  const folder = (name: string, parent?: string) =>
    owner("POST", "/v1/folders", {
      body: { name, library_id: libraryId, ...(parent ? { parent_id: parent } : {}) },
    }).then((r) => r.body.id as string);
  folderId = await folder("Logos");
  const darkFolder = await folder("Dark", folderId);
  const trashedFolder = await folder("Old", folderId);
  logo = await upload("logo.png", 1, { folder_id: folderId });
  logoAgain = await upload("LOGO.png", 2, { folder_id: folderId });
  dark = await upload("logo.png", 3, { folder_id: darkFolder });
  top = await upload("top.png", 4, { library_id: libraryId });
  trashedFile = await upload("gone.png", 5, { folder_id: folderId });
  inTrashedFolder = await upload("old.png", 6, { folder_id: trashedFolder });
  expect((await owner("DELETE", `/v1/files/${trashedFile}`)).status).toBe(200);
  // Trashing a folder hides what is inside it.
  expect((await owner("DELETE", `/v1/folders/${trashedFolder}`)).status).toBe(200);
  teamFile = await upload("team.png", 7, { library_id: service.seed.libraries.shared });
  const ownerOnly = (await owner("POST", "/v1/libraries", { body: { name: "Owner only" } })).body.id;
  ownerOnlyFile = await upload("secret.png", 8, { library_id: ownerOnly });
});
afterAll(() => service?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
}

async function share(body: Record<string, unknown>, api = owner) {
  const res = await api("POST", "/v1/shared-links", { body: { access: "download", ...body } });
  expect(res.status, res.text).toBe(201);
  const link = SharedLink.parse(res.body);
  return { ...link, token: link.url.split("/s/")[1]! };
}

async function zipUrl(token: string, headers: Record<string, string> = {}) {
  const res = await visitor("GET", `/v1/public/shared-links/${token}/download`, { headers });
  expect(res.status, res.text).toBe(200);
  return ShareZipUrl.parse(res.body);
}

/** `logo.png` and `LOGO.png` share a folder: whichever the listing gives first keeps its name, the other gets `(2)`. */
function expectTwoLogos(entries: Map<string, Buffer | null>, dir: string) {
  const names = [...entries.keys()].filter((k) => /^logo( \(2\))?\.png$/i.test(k.slice(dir.length)));
  expect(names.map((n) => n.slice(dir.length).toLowerCase()).sort()).toEqual(["logo (2).png", "logo.png"]);
  const contents = names.map((n) => entries.get(n)!.toString("base64")).sort();
  expect(contents).toEqual([bytes[logo]!, bytes[logoAgain]!].map((b) => b.toString("base64")).sort());
}

describe("download all of a shared link", () => {
  it("zips a folder share's subtree with its folder paths, without trashed or hidden files", async () => {
    const link = await share({ target: { type: "folder", id: folderId } });
    const answer = await zipUrl(link.token);
    expect(answer).toMatchObject({
      object: "download_url",
      name: "Logos.zip",
      mime: "application/zip",
      file_count: 3,
    });
    expect(answer.url).toMatch(/\/v1\/shared-link-content\/shl_[^/]+\/zip\?expires=\d+&signature=/);
    expect(Date.parse(answer.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);

    const { res, entries } = await fetchZip(answer.url);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="Logos.zip"; filename*=UTF-8''Logos.zip`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect([...entries.keys()].filter((k) => k.startsWith("Dark/")).sort()).toEqual([
      "Dark/",
      "Dark/logo.png",
    ]);
    expect(entries.get("Dark/logo.png")).toEqual(bytes[dark]);
    expectTwoLogos(entries, "");
    for (const absent of [trashedFile, inTrashedFolder])
      expect([...entries.values()].some((b) => b?.equals(bytes[absent]!))).toBe(false);
  });

  it("zips a library share's every folder and top-level file", async () => {
    const link = await share({ target: { type: "library", id: libraryId } });
    const { entries } = await fetchZip((await zipUrl(link.token)).url);
    expect(entries.size).toBe(6);
    for (const name of ["Logos/", "Logos/Dark/", "Logos/Dark/logo.png", "top.png"])
      expect(entries.has(name), name).toBe(true);
    expectTwoLogos(entries, "Logos/");
    expect(entries.get("top.png")).toEqual(bytes[top]);
    expect(entries.get("Logos/Dark/logo.png")).toEqual(bytes[dark]);
  });

  it("zips a board share flat, without files of libraries the link's creator cannot see", async () => {
    const board = (await editor("POST", "/v1/boards", { body: { name: "Picks" } })).body.id;
    const added = await owner("POST", `/v1/boards/${board}/files`, {
      body: { file_ids: [teamFile, ownerOnlyFile, dark] },
    });
    expect(added.status, added.text).toBe(200);
    const link = await share({ target: { type: "board", id: board } }, editor);
    const answer = await zipUrl(link.token);
    expect(answer).toMatchObject({ name: "Picks.zip", file_count: 1 });
    const { entries } = await fetchZip(answer.url);
    expect([...entries.keys()]).toEqual(["team.png"]);
    expect(entries.get("team.png")).toEqual(bytes[teamFile]);
  });

  it("counts on the downloads counter when the URL is issued, like a single file's download", async () => {
    const central = apiClient(service.centralUrl, service.seed.ownerKey);
    const link = await share({ target: { type: "folder", id: folderId } });
    let url = "";
    const issued = await counterChange(central, "downloads", async () => {
      url = (await zipUrl(link.token)).url;
    });
    expect(issued.change).toBe(1);
    expect((await counterChange(central, "downloads", () => fetchZip(url))).change).toBe(0);
  });

  it("needs the access token of a password-protected link", async () => {
    const link = await share({ target: { type: "folder", id: folderId }, password: "correct horse" });
    const locked = await visitor("GET", `/v1/public/shared-links/${link.token}/download`);
    expectError(locked, 401, "unauthorized");
    expect(locked.body.details.password_required).toBe(true);
    const unlocked = await visitor("POST", `/v1/public/shared-links/${link.token}/unlock`, {
      body: { password: "correct horse" },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    const answer = await zipUrl(link.token, { "x-access-token": unlocked.body.token });
    expect((await fetchZip(answer.url)).entries.get("Dark/logo.png")).toEqual(bytes[dark]);
  });

  it("refuses view and comment links (403), file links (409), expired (410) and revoked (404) ones", async () => {
    for (const access of ["view", "comment"]) {
      const link = await share({ target: { type: "folder", id: folderId }, access });
      expectError(await visitor("GET", `/v1/public/shared-links/${link.token}/download`), 403, "forbidden");
    }
    const fileLink = await share({ target: { type: "file", id: logo } });
    expectError(await visitor("GET", `/v1/public/shared-links/${fileLink.token}/download`), 409, "conflict");

    const expiring = await share({ target: { type: "folder", id: folderId } });
    const { url } = await zipUrl(expiring.token);
    await service.deps.db
      .update(sharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedLinks.id, expiring.id));
    expectError(await visitor("GET", `/v1/public/shared-links/${expiring.token}/download`), 410, "expired");
    expectError(await visitor("GET", pathAndQuery(url)), 410, "expired");

    const revoked = await share({ target: { type: "folder", id: folderId } });
    const issued = await zipUrl(revoked.token);
    expect((await owner("DELETE", `/v1/shared-links/${revoked.id}`)).status).toBe(200);
    expectError(await visitor("GET", `/v1/public/shared-links/${revoked.token}/download`), 404, "not_found");
    expectError(await visitor("GET", pathAndQuery(issued.url)), 404, "not_found");
    expectError(await visitor("GET", "/v1/public/shared-links/nope/download"), 404, "not_found");
  });

  it("refuses a share of more than 10,000 files with 409 before counting a download", async () => {
    const big = (await owner("POST", "/v1/folders", { body: { name: "Archive", library_id: libraryId } }))
      .body.id as string;
    // Ten thousand uploads would take minutes: the rows are copies of one uploaded file (same bytes, new ids).
    const [row] = await service.deps.db.select().from(files).where(eq(files.id, logo));
    const copies = Array.from({ length: SHARING_LIMITS.zipFilesMax + 1 }, (_, i) => ({
      ...row!,
      id: newId("file"),
      folderId: big,
      name: `scan-${i}.png`,
    }));
    for (let i = 0; i < copies.length; i += 1000)
      await service.deps.db.insert(files).values(copies.slice(i, i + 1000));
    const link = await share({ target: { type: "folder", id: big } });
    const central = apiClient(service.centralUrl, service.seed.ownerKey);
    let res!: ApiResponse;
    const refused = await counterChange(central, "downloads", async () => {
      res = await visitor("GET", `/v1/public/shared-links/${link.token}/download`);
    });
    expectError(res, 409, "conflict");
    expect(res.body.details).toEqual({ file_limit: 10_000 });
    expect(refused.change).toBe(0);
  }, 120_000);

  it("refuses a tampered signed URL, and one whose link changed to view since", async () => {
    const link = await share({ target: { type: "folder", id: folderId } });
    const other = await share({ target: { type: "library", id: libraryId } });
    const path = pathAndQuery((await zipUrl(link.token)).url);
    expectError(await visitor("GET", path.replace(link.id, other.id)), 404, "not_found");
    expectError(
      await visitor("GET", path.replace(/signature=[^&]+/, `signature=${"A".repeat(32)}`)),
      404,
      "not_found",
    );
    expectError(await visitor("GET", path.replace(/expires=\d+/, "expires=9999999999")), 404, "not_found");
    expect((await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "view" } })).status).toBe(
      200,
    );
    expectError(await visitor("GET", path), 403, "forbidden");
  });
});
