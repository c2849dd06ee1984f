import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ZipDownloadUrl } from "../../contract/downloads.ts";
import { ErrorBody } from "../../contract/errors.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { SHARING_LIMITS } from "../../contract/sharing.ts";
import { files, roles, zipDownloads } from "../db/schema/index.ts";
import { newId } from "../platform/ids.ts";
import { signPath } from "../platform/signed-urls.ts";
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
const bytes: Record<string, Buffer> = {};

async function upload(name: string, color: number, target: Record<string, string>, api = owner) {
  const png = await solidPng(8 + color, 8, { r: color * 20, g: 0, b: 0 });
  const id = (await uploadBytes(api, png, { name, ...target } as never)).id as string;
  bytes[id] = png;
  return id;
}

const folder = (name: string, parent?: string, library = libraryId) =>
  owner("POST", "/v1/folders", {
    body: { name, library_id: library, ...(parent ? { parent_id: parent } : {}) },
  }).then((r) => r.body.id as string);

const page = (title: string, target: Record<string, string>) =>
  owner("POST", "/v1/pages", { body: { title, ...target } }).then((r) => {
    expect(r.status, r.text).toBe(201);
    return r.body.id as string;
  });

// Brand kit/            (asked for as a folder)
//   logo.png, Logo.PNG  (a collision inside the folder)
//   Dark/logo.png
//   Empty/              (an empty folder: still a directory entry)
//   Notes               (a page: left out)
// top.png               (asked for as a file; the top also has a folder "logo.png"'s namesake below)
let kit: string;
let logo: string;
let logoAgain: string;
let darkLogo: string;
let top: string;
let topLogo: string;
let topPage: string;
let trashedFile: string;
let trashedFolder: string;
let ownerOnlyFile: string;
let ownerOnlyFolder: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(ALL_SCOPES, { email: service.seed.users.editor.email }),
  );
  visitor = apiClient(service.regionalUrl);
  libraryId = (await owner("POST", "/v1/libraries", { body: { name: "Zips" } })).body.id;
  kit = await folder("Brand kit");
  const dark = await folder("Dark", kit);
  await folder("Empty", kit);
  logo = await upload("logo.png", 1, { folder_id: kit });
  logoAgain = await upload("Logo.PNG", 2, { folder_id: kit });
  darkLogo = await upload("logo.png", 3, { folder_id: dark });
  await page("Notes", { folder_id: kit });
  top = await upload("top.png", 4, { library_id: libraryId });
  topLogo = await upload("logo.png", 5, { library_id: libraryId });
  topPage = await page("Top notes", { library_id: libraryId });
  trashedFile = await upload("gone.png", 6, { library_id: libraryId });
  expect((await owner("DELETE", `/v1/files/${trashedFile}`)).status).toBe(200);
  trashedFolder = await folder("Old");
  expect((await owner("DELETE", `/v1/folders/${trashedFolder}`)).status).toBe(200);
  const ownerOnly = (await owner("POST", "/v1/libraries", { body: { name: "Owner only" } })).body.id;
  ownerOnlyFile = await upload("secret.png", 7, { library_id: ownerOnly });
  ownerOnlyFolder = await folder("Secrets", undefined, ownerOnly);
});
afterAll(() => service?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
  return res.body;
}

async function issue(body: Record<string, unknown>, api = owner) {
  const res = await api("POST", "/v1/downloads/zip", { body });
  expect(res.status, res.text).toBe(200);
  return ZipDownloadUrl.parse(res.body);
}

const issuedCount = async () =>
  (await service.deps.db.select({ id: zipDownloads.id }).from(zipDownloads)).length;

describe("POST /v1/downloads/zip", () => {
  it("zips files at the top and a folder's whole subtree, with unique names and empty folders", async () => {
    const answer = await issue({ file_ids: [top, topLogo, top], folder_ids: [kit] });
    const size = [top, topLogo, logo, logoAgain, darkLogo].reduce((sum, id) => sum + bytes[id]!.length, 0);
    expect(answer).toMatchObject({
      object: "download_url",
      name: "5 files.zip",
      mime: "application/zip",
      file_count: 5,
      size,
    });
    expect(answer.url).toMatch(/\/v1\/download-zips\/zdl_[0-9A-Z]{26}\?expires=\d+&signature=/);
    expect(Date.parse(answer.expires_at) - Date.now()).toBeGreaterThan(14 * 60_000);
    expect(Date.parse(answer.expires_at) - Date.now()).toBeLessThanOrEqual(15 * 60_000);

    const { res, entries } = await fetchZip(answer.url);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="5 files.zip"; filename*=UTF-8''5%20files.zip`,
    );
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-security-policy")).toBe("default-src 'none'; sandbox");
    expect(res.headers.get("accept-ranges")).toBe("none");
    expect(res.headers.get("cache-control")).toMatch(/^private, max-age=(8\d\d|900)$/);
    expect([...entries.keys()].sort()).toEqual([
      "Brand kit/",
      "Brand kit/Dark/",
      "Brand kit/Dark/logo.png",
      "Brand kit/Empty/",
      "Brand kit/Logo (2).PNG",
      "Brand kit/logo.png",
      "logo.png",
      "top.png",
    ]);
    for (const dir of ["Brand kit/", "Brand kit/Dark/", "Brand kit/Empty/"])
      expect(entries.get(dir)).toBeNull();
    expect(entries.get("top.png")).toEqual(bytes[top]);
    expect(entries.get("logo.png")).toEqual(bytes[topLogo]);
    expect(entries.get("Brand kit/Dark/logo.png")).toEqual(bytes[darkLogo]);
    // The folder's two logos sort by name: `logo.png` keeps its name, `Logo.PNG` becomes `Logo (2).PNG`.
    expect(entries.get("Brand kit/logo.png")).toEqual(bytes[logo]);
    expect(entries.get("Brand kit/Logo (2).PNG")).toEqual(bytes[logoAgain]);
  });

  it("gives names unique ignoring case between files and folders at the top", async () => {
    const clash = await upload("Brand kit", 8, { library_id: libraryId });
    const answer = await issue({ file_ids: [clash], folder_ids: [kit] });
    const { entries } = await fetchZip(answer.url);
    expect(entries.get("Brand kit")).toEqual(bytes[clash]);
    expect(entries.has("Brand kit (2)/Dark/logo.png")).toBe(true);
  });

  it("is a snapshot: the bytes of the moment it was issued, whatever happens to the files after", async () => {
    const file = await upload("snap.png", 9, { library_id: libraryId });
    const original = bytes[file]!;
    const answer = await issue({ file_ids: [file] });
    expect(answer.name).toBe("1 file.zip");
    const newer = await upload("snap.png", 10, { file_id: file });
    expect((await owner("DELETE", `/v1/files/${file}`)).status).toBe(200);
    const { entries } = await fetchZip(answer.url);
    expect([...entries.keys()]).toEqual(["snap.png"]);
    expect(entries.get("snap.png")).toEqual(original);
    expect(bytes[newer]).not.toEqual(original);
  });

  it("names the zip after a folder asked for alone", async () => {
    const answer = await issue({ folder_ids: [kit] });
    expect(answer).toMatchObject({ name: "Brand kit.zip", file_count: 3 });
    const { res, entries } = await fetchZip(answer.url);
    expect(res.headers.get("content-disposition")).toContain(`filename="Brand kit.zip"`);
    expect(entries.has("Brand kit/Empty/")).toBe(true);
  });

  it("zips a whole library under its name: top-level files and every active folder, nothing trashed", async () => {
    const brand = (await owner("POST", "/v1/libraries", { body: { name: "Brand" } })).body.id as string;
    const atTop = await upload("wordmark.png", 12, { library_id: brand });
    const fonts = await folder("Fonts", undefined, brand);
    const web = await folder("Web", fonts, brand);
    const inWeb = await upload("font.png", 13, { folder_id: web });
    await folder("Empty", undefined, brand);
    await page("Guidelines", { library_id: brand });
    const old = await folder("Old", undefined, brand);
    await upload("old.png", 14, { folder_id: old });
    expect((await owner("DELETE", `/v1/folders/${old}`)).status).toBe(200);
    const trashed = await upload("trashed.png", 15, { library_id: brand });
    expect((await owner("DELETE", `/v1/files/${trashed}`)).status).toBe(200);

    const answer = await issue({ library_ids: [brand] });
    expect(answer).toMatchObject({
      name: "Brand.zip",
      file_count: 2,
      size: bytes[atTop]!.length + bytes[inWeb]!.length,
    });
    const { entries } = await fetchZip(answer.url);
    expect([...entries.keys()].sort()).toEqual([
      "Brand/",
      "Brand/Empty/",
      "Brand/Fonts/",
      "Brand/Fonts/Web/",
      "Brand/Fonts/Web/font.png",
      "Brand/wordmark.png",
    ]);
    expect(entries.get("Brand/wordmark.png")).toEqual(bytes[atTop]);
    expect(entries.get("Brand/Fonts/Web/font.png")).toEqual(bytes[inWeb]);

    const mixed = await issue({ file_ids: [top], library_ids: [brand, brand] });
    expect(mixed).toMatchObject({ name: "3 files.zip", file_count: 3 });
    expect([...(await fetchZip(mixed.url)).entries.keys()]).toContain("Brand/Fonts/Web/font.png");
  });

  it("answers 404 for a library the caller cannot see or that does not exist", async () => {
    const ownerOnly = (await owner("POST", "/v1/libraries", { body: { name: "Private" } })).body.id as string;
    const before = await issuedCount();
    expectError(
      await editor("POST", "/v1/downloads/zip", { body: { library_ids: [ownerOnly] } }),
      404,
      "not_found",
    );
    expectError(
      await owner("POST", "/v1/downloads/zip", { body: { library_ids: ["lib_nope"] } }),
      404,
      "not_found",
    );
    expect(await issuedCount()).toBe(before);
  });

  it("leaves pages out, named directly or inside a folder; only pages is 409", async () => {
    const answer = await issue({ file_ids: [top, topPage] });
    expect(answer).toMatchObject({ file_count: 1, name: "1 file.zip" });
    expect([...(await fetchZip(answer.url)).entries.keys()]).toEqual(["top.png"]);

    const before = await issuedCount();
    expectError(await owner("POST", "/v1/downloads/zip", { body: { file_ids: [topPage] } }), 409, "conflict");
    const onlyPages = await folder("Pages only");
    await page("Draft", { folder_id: onlyPages });
    await folder("Nothing", onlyPages);
    expectError(
      await owner("POST", "/v1/downloads/zip", { body: { folder_ids: [onlyPages] } }),
      409,
      "conflict",
    );
    expect(await issuedCount()).toBe(before);
  });

  it("answers 404 and issues nothing for an invisible, unknown or trashed id", async () => {
    const before = await issuedCount();
    const cases: [ApiCall, Record<string, string[]>][] = [
      [editor, { file_ids: [ownerOnlyFile] }],
      [editor, { folder_ids: [ownerOnlyFolder] }],
      [owner, { file_ids: [top, "fil_01JUNKNOWN00000000000000000"] }],
      [owner, { file_ids: [top], folder_ids: ["fld_nope"] }],
      [owner, { file_ids: [top, trashedFile] }],
      [owner, { folder_ids: [kit, trashedFolder] }],
    ];
    for (const [api, body] of cases)
      expectError(await api("POST", "/v1/downloads/zip", { body }), 404, "not_found");
    expect(await issuedCount()).toBe(before);
    // The owner sees its own library's file; the editor was refused only for want of access.
    expect((await issue({ file_ids: [ownerOnlyFile] })).file_count).toBe(1);
  });

  it("needs the files:read scope (403 insufficient_scope)", async () => {
    const key = await service.createKey(["libraries:read", "boards:write"]);
    const res = await apiClient(service.regionalUrl, key)("POST", "/v1/downloads/zip", {
      body: { file_ids: [top] },
    });
    expect(expectError(res, 403, "insufficient_scope").details).toEqual({ required_scope: "files:read" });
    const reader = await service.createKey(["files:read"]);
    const ok = await apiClient(service.regionalUrl, reader)("POST", "/v1/downloads/zip", {
      body: { file_ids: [top] },
    });
    expect(ok.status, ok.text).toBe(200);
  });

  it("needs the role permission files.download (403 forbidden)", async () => {
    const [viewerRole] = await service.deps.db
      .select({ id: roles.id, permissions: roles.permissions })
      .from(roles)
      .where(eq(roles.slug, "viewer"));
    await service.deps.db
      .update(roles)
      .set({ permissions: viewerRole!.permissions.filter((p) => p !== "files.download") })
      .where(eq(roles.id, viewerRole!.id));
    try {
      const key = await service.createKey(ALL_SCOPES, { email: service.seed.users.viewer.email });
      const viewer = apiClient(service.regionalUrl, key);
      const shared = await upload("team.png", 11, { library_id: service.seed.libraries.shared });
      const before = await issuedCount();
      const body = expectError(
        await viewer("POST", "/v1/downloads/zip", { body: { file_ids: [shared] } }),
        403,
        "forbidden",
      );
      expect(body.message).toMatch(/download/);
      expect(await issuedCount()).toBe(before);
    } finally {
      await service.deps.db
        .update(roles)
        .set({ permissions: viewerRole!.permissions })
        .where(eq(roles.id, viewerRole!.id));
    }
  });

  it("refuses bad bodies with 400 validation_error", async () => {
    const bad: unknown[] = [
      {},
      { file_ids: [], folder_ids: [] },
      { file_ids: Array.from({ length: 1001 }, (_, i) => `fil_${i}`) },
      { folder_ids: Array.from({ length: 101 }, (_, i) => `fld_${i}`) },
      { library_ids: Array.from({ length: 11 }, (_, i) => `lib_${i}`) },
      { library_ids: [] },
      { library_ids: "lib_1" },
      { file_ids: 5 },
      { file_ids: [5] },
      { file_ids: [""] },
      { file_ids: [top], shape: "flat" },
      { file_ids: ["fil_\u0000"] },
      [top],
    ];
    for (const body of bad)
      expectError(
        await owner("POST", "/v1/downloads/zip", { body: body as Record<string, unknown> }),
        400,
        "validation_error",
      );
    const res = await owner("POST", "/v1/downloads/zip", { body: { file_ids: [top], shape: "flat" } });
    expect(res.body.details.errors).toContainEqual({
      param: "shape",
      message: "is not a field of this request",
    });
  });

  it("refuses more than 10,000 files with 409 and the share zip's details", async () => {
    const big = await folder("Archive");
    // Ten thousand uploads would take minutes: the rows are copies of one uploaded file (same bytes, new ids).
    const [row] = await service.deps.db.select().from(files).where(eq(files.id, top));
    const copies = Array.from({ length: SHARING_LIMITS.zipFilesMax + 1 }, (_, i) => ({
      ...row!,
      id: newId("file"),
      folderId: big,
      name: `scan-${i}.png`,
    }));
    for (let i = 0; i < copies.length; i += 1000)
      await service.deps.db.insert(files).values(copies.slice(i, i + 1000));
    const res = await owner("POST", "/v1/downloads/zip", { body: { folder_ids: [big] } });
    expect(expectError(res, 409, "conflict").details).toEqual({ file_limit: 10_000 });
    expect(res.body.message).toMatch(/more than 10000 files/);
  }, 120_000);
});

describe("GET /v1/download-zips/{zipId}", () => {
  it("refuses a tampered signature or another zip's (404) and an expired URL (410)", async () => {
    const path = pathAndQuery((await issue({ file_ids: [top] })).url);
    const other = pathAndQuery((await issue({ file_ids: [topLogo] })).url);
    const otherId = other.split("/")[3]!.split("?")[0]!;
    expectError(await visitor("GET", path.replace(/zdl_[^?]+/, otherId)), 404, "not_found");
    expectError(
      await visitor("GET", path.replace(/signature=[^&]+/, `signature=${"A".repeat(32)}`)),
      404,
      "not_found",
    );
    expectError(await visitor("GET", path.replace(/expires=\d+/, "expires=9999999999")), 404, "not_found");
    expectError(await visitor("GET", "/v1/download-zips/zdl_nope?expires=1&signature=x"), 404, "not_found");

    const id = path.split("/")[3]!.split("?")[0]!;
    const expired = signPath(
      service.deps.keyring.key("download"),
      `/v1/download-zips/${id}`,
      new Date(Date.now() - 1000),
    );
    expectError(await visitor("GET", expired), 410, "expired");
    // A row the cleanup job deleted (its URL expired) is gone for good.
    await service.deps.db.delete(zipDownloads).where(eq(zipDownloads.id, id));
    expectError(await visitor("GET", path), 404, "not_found");
  });

  it("answers HEAD with the headers only", async () => {
    const answer = await issue({ folder_ids: [kit] });
    const res = await fetch(answer.url, { method: "HEAD" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/zip");
    expect(res.headers.get("content-disposition")).toContain(`filename="Brand kit.zip"`);
    expect(res.headers.get("accept-ranges")).toBe("none");
    expect(Buffer.from(await res.arrayBuffer()).length).toBe(0);
    // The URL still serves the zip afterwards.
    expect((await fetchZip(answer.url)).entries.has("Brand kit/Dark/logo.png")).toBe(true);
  });

  it("counts once on the downloads counter when issued, not when fetched", async () => {
    const central = apiClient(service.centralUrl, service.seed.ownerKey);
    let url = "";
    const issued = await counterChange(central, "downloads", async () => {
      url = (await issue({ file_ids: [top, topLogo], folder_ids: [kit] })).url;
    });
    expect(issued.change).toBe(1);
    expect((await counterChange(central, "downloads", () => fetchZip(url))).change).toBe(0);
  });
});
