import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ErrorBody } from "../../contract/errors.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { PublicFile, PublicShare, SharedLink } from "../../contract/sharing.ts";
import { events, sharedLinks } from "../db/schema/index.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, type ApiResponse, apiClient, pathAndQuery } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";
import { counterChange } from "../testing/usage-counter.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let viewer: ApiCall;
let visitor: ApiCall;
let libraryId: string;
let folderId: string;
let subfolderId: string;
let fileInFolder: string;
let fileInSubfolder: string;
let fileOutside: string;
let hiddenFileId: string;
let boardId: string;
let teamFileId: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  visitor = apiClient(service.regionalUrl);
  const users = service.seed.users;
  editor = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.editor.email }));
  viewer = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.viewer.email }));
  libraryId = (await owner("POST", "/v1/libraries", { body: { name: "Press kit" } })).body.id;
  folderId = (await owner("POST", "/v1/folders", { body: { name: "Logos", library_id: libraryId } })).body.id;
  subfolderId = (
    await owner("POST", "/v1/folders", { body: { name: "Dark", library_id: libraryId, parent_id: folderId } })
  ).body.id;
  fileInFolder = (await uploadBytes(owner, await solidPng(), { name: "logo.png", folder_id: folderId })).id;
  fileInSubfolder = (await uploadBytes(owner, await solidPng(), { name: "dark.png", folder_id: subfolderId }))
    .id;
  fileOutside = (await uploadBytes(owner, await solidPng(), { name: "top.png", library_id: libraryId })).id;
  const hidden = await owner("POST", "/v1/libraries", { body: { name: "Owner only" } });
  hiddenFileId = (
    await uploadBytes(owner, await solidPng(), { name: "secret.png", library_id: hidden.body.id })
  ).id;
  teamFileId = (
    await uploadBytes(owner, await solidPng(), {
      name: "team.png",
      library_id: service.seed.libraries.shared,
    })
  ).id;
  boardId = (await owner("POST", "/v1/boards", { body: { name: "Launch" } })).body.id;
  await owner("POST", `/v1/boards/${boardId}/files`, { body: { file_ids: [fileOutside] } });
});
afterAll(() => service?.close());

function expectError(res: ApiResponse, status: number, code: string) {
  expect(res.status, res.text).toBe(status);
  expect(ErrorBody.parse(res.body).code).toBe(code);
}

const tokenOf = (link: { url: string }) => link.url.split("/s/")[1]!;

async function share(body: Record<string, unknown>, api = owner) {
  const res = await api("POST", "/v1/shared-links", { body });
  expect(res.status, res.text).toBe(201);
  return SharedLink.parse(res.body);
}

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

describe("shared links", () => {
  it("creates a link with defaults, a visitor URL and shared_link.created", async () => {
    const link = await share({ target: { type: "folder", id: folderId } });
    expect(link).toMatchObject({
      object: "shared_link",
      target: { type: "folder", id: folderId },
      target_name: "Logos",
      access: "view",
      password_protected: false,
      expires_at: null,
      expired: false,
      anonymous_comments: false,
      show_versions: false,
      show_properties: false,
      display_mode: "grid",
      board_views: { default: "gallery", allowed: ["gallery", "list"] },
      view_count: 0,
      created_by_id: service.seed.users.owner.id,
    });
    expect(link.id).toMatch(/^shl_/);
    expect(link.url).toMatch(/\/s\/[\w-]{32}$/);
    const emitted = await eventsOf(link.id);
    expect(emitted.map((e) => [e.type, e.actorType])).toEqual([["shared_link.created", "user"]]);
    expect(emitted[0]!.data).toEqual({
      object: "shared_link",
      id: link.id,
      target: { type: "folder", id: folderId },
    });
  });

  it("shares each target type; unknown, invisible or trashed targets are 404", async () => {
    for (const target of [
      { type: "file", id: fileInFolder },
      { type: "library", id: libraryId },
      { type: "board", id: boardId },
    ]) {
      expect((await share({ target })).target).toEqual(target);
    }
    expectError(
      await owner("POST", "/v1/shared-links", { body: { target: { type: "file", id: "fil_nope" } } }),
      404,
      "not_found",
    );
    expectError(
      await editor("POST", "/v1/shared-links", { body: { target: { type: "file", id: hiddenFileId } } }),
      404,
      "not_found",
    );
    expectError(
      await owner("POST", "/v1/shared-links", { body: { target: { type: "page", id: fileInFolder } } }),
      400,
      "validation_error",
    );
  });

  it("a link to a trashed item stays its owner's to read, change and revoke; visitors get nothing meanwhile", async () => {
    const file = (
      await uploadBytes(owner, await solidPng(), {
        name: "soon-trashed.png",
        library_id: service.seed.libraries.shared,
      })
    ).id;
    const link = await share({ target: { type: "file", id: file } });
    expect((await owner("DELETE", `/v1/files/${file}`)).status).toBe(200);
    expectError(await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}`), 404, "not_found");
    const listed = (await owner("GET", `/v1/files/${file}/shared-links`)).body.data as { id: string }[];
    expect(listed.map((l) => l.id)).toEqual([link.id]);
    expect((await owner("GET", `/v1/shared-links/${link.id}`)).status).toBe(200);
    const changed = await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "download" } });
    expect(changed.status, changed.text).toBe(200);
    expect((await owner("DELETE", `/v1/shared-links/${link.id}`)).status).toBe(200);
    // Revoked while in the trash: restoring the file does not bring the link back.
    await owner("POST", `/v1/files/${file}/restore`);
    expectError(await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}`), 404, "not_found");
  });

  it("a link goes with its target's deletion for good: revoked, with shared_link.deleted by the system", async () => {
    const board = (await owner("POST", "/v1/boards", { body: { name: "Short-lived" } })).body.id;
    const file = (
      await uploadBytes(owner, await solidPng(), {
        name: "gone.png",
        library_id: service.seed.libraries.shared,
      })
    ).id;
    const library = (await owner("POST", "/v1/libraries", { body: { name: "Short-lived too" } })).body.id;
    const folder = (await owner("POST", "/v1/folders", { body: { name: "Gone", library_id: library } })).body
      .id;
    const kept = (await owner("POST", "/v1/folders", { body: { name: "Kept", library_id: library } })).body
      .id;
    const boardLink = await share({ target: { type: "board", id: board } });
    const fileLink = await share({ target: { type: "file", id: file } });
    const folderLink = await share({ target: { type: "folder", id: folder } });
    const keptLink = await share({ target: { type: "folder", id: kept } });
    const libraryLink = await share({ target: { type: "library", id: library } });
    expect((await owner("DELETE", `/v1/boards/${board}`)).status).toBe(200);
    expect((await owner("DELETE", `/v1/files/${file}?permanent=true`)).status).toBe(200);
    expect((await owner("DELETE", `/v1/folders/${folder}?permanent=true`)).status).toBe(200);
    expect((await owner("GET", `/v1/shared-links/${keptLink.id}`)).status).toBe(200);
    expect((await owner("DELETE", `/v1/libraries/${library}`)).status).toBe(200);
    for (const link of [boardLink, fileLink, folderLink, keptLink, libraryLink]) {
      expectError(await owner("GET", `/v1/shared-links/${link.id}`), 404, "not_found");
      expectError(await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}`), 404, "not_found");
      const deleted = (await eventsOf(link.id)).filter((e) => e.type === "shared_link.deleted");
      expect(deleted).toHaveLength(1);
      expect(deleted[0]).toMatchObject({ actorType: "system", actorId: null });
    }
  });

  it("a link's shared_link.deleted comes before its target's own event, in a folder's and a library's deletion too", async () => {
    for (const container of ["folder", "library"] as const) {
      const library = (await owner("POST", "/v1/libraries", { body: { name: `Order ${container}` } })).body
        .id;
      const folder = (await owner("POST", "/v1/folders", { body: { name: "Held", library_id: library } }))
        .body.id;
      const file = (await uploadBytes(owner, await solidPng(), { name: "held.png", folder_id: folder })).id;
      const fileLink = await share({ target: { type: "file", id: file } });
      const folderLink = await share({ target: { type: "folder", id: folder } });
      const gone =
        container === "folder" ? `/v1/folders/${folder}?permanent=true` : `/v1/libraries/${library}`;
      expect((await owner("DELETE", gone)).status).toBe(200);
      const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
      const at = (type: string, id: string) =>
        rows.findIndex((e) => e.type === type && (e.data as { id?: string }).id === id);
      const containerDeleted = at(`${container}.deleted`, container === "folder" ? folder : library);
      const order = [
        at("shared_link.deleted", fileLink.id),
        at("file.deleted", file),
        at("shared_link.deleted", folderLink.id),
        containerDeleted,
      ];
      expect(
        order.every((index) => index >= 0),
        container,
      ).toBe(true);
      // The file's link, then the file; the folder's link before the container's own event.
      expect(order[0]!, container).toBeLessThan(order[1]!);
      expect(order[2]!, container).toBeLessThan(order[3]!);
      expect(order[1]!, container).toBeLessThan(order[3]!);
    }
  });

  it("validates settings", async () => {
    const target = { type: "folder", id: folderId };
    for (const body of [
      { target, access: "edit" },
      { target, expires_at: "2001-01-01T00:00:00Z" },
      { target, password: "" },
      { target, board_views: { default: "list", allowed: ["gallery"] } },
      { target, display_mode: "masonry" },
      { target, extra: 1 },
    ]) {
      expectError(await owner("POST", "/v1/shared-links", { body }), 400, "validation_error");
    }
    expectError(
      await viewer("POST", "/v1/shared-links", { body: { target: { type: "file", id: teamFileId } } }),
      403,
      "forbidden",
    );
  });

  it("lists newest first without file-scoped links; the file's own list has them", async () => {
    const a = await share({ target: { type: "library", id: libraryId } });
    const b = await share({ target: { type: "file", id: fileOutside } });
    const list = await owner("GET", "/v1/shared-links?limit=100");
    expect(list.status).toBe(200);
    const ids = list.body.data.map((l: { id: string }) => l.id);
    expect(ids[0]).toBe(a.id);
    expect(ids).not.toContain(b.id);
    expect(list.body.data.every((l: SharedLink) => l.target.type !== "file")).toBe(true);
    const fileLinks = await owner("GET", `/v1/files/${fileOutside}/shared-links`);
    expect(fileLinks.body.data.map((l: { id: string }) => l.id)).toEqual([b.id]);
    // Asking this list for file links would always answer nothing: 400 says where they are.
    const asked = await owner("GET", "/v1/shared-links?target_type=file");
    expect(asked.status).toBe(400);
    expect(asked.body.details.errors[0]).toMatchObject({
      param: "target_type",
      message: expect.stringMatching(/per file/),
    });
    expect((await owner("GET", "/v1/shared-links?target_type=library")).body.data[0].id).toBe(a.id);
    const page = await owner("GET", "/v1/shared-links?limit=1");
    expect(page.body.has_more).toBe(true);
    const next = await owner("GET", `/v1/shared-links?limit=1&cursor=${page.body.next_cursor}`);
    expect(next.body.data[0].id).not.toBe(page.body.data[0].id);
  });

  it("updates only sent fields, removes password and expiry with null, and revokes", async () => {
    const link = await share({
      target: { type: "file", id: teamFileId },
      password: "open sesame",
      expires_at: "2099-01-01T00:00:00Z",
    });
    expect(link.password_protected).toBe(true);
    const updated = await owner("PATCH", `/v1/shared-links/${link.id}`, {
      body: { access: "download", password: null },
    });
    expect(updated.status, updated.text).toBe(200);
    expect(updated.body).toMatchObject({
      access: "download",
      password_protected: false,
      expires_at: "2099-01-01T00:00:00.000Z",
    });
    const cleared = await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { expires_at: null } });
    expect(cleared.body.expires_at).toBeNull();
    expectError(await owner("PATCH", `/v1/shared-links/${link.id}`, { body: {} }), 400, "validation_error");
    expectError(
      await editor("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "view" } }),
      403,
      "forbidden",
    );
    const revoked = await owner("DELETE", `/v1/shared-links/${link.id}`);
    expect(revoked.body).toEqual({
      object: "shared_link",
      id: link.id,
      deleted: true,
      permanent: true,
      trashed_at: null,
    });
    expectError(await owner("GET", `/v1/shared-links/${link.id}`), 404, "not_found");
    expectError(await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}`), 404, "not_found");
    expect((await eventsOf(link.id)).map((e) => e.type)).toEqual([
      "shared_link.created",
      "shared_link.updated",
      "shared_link.updated",
      "shared_link.deleted",
    ]);
  });
});

describe("the public side of a shared link", () => {
  it("opens a folder: counts views, lists its files and subfolders, and reaches nothing outside", async () => {
    const link = await share({ target: { type: "folder", id: folderId } });
    const token = tokenOf(link);
    const opened = await visitor("GET", `/v1/public/shared-links/${token}`);
    expect(opened.status, opened.text).toBe(200);
    expect(PublicShare.parse(opened.body)).toMatchObject({
      target: { type: "folder", name: "Logos" },
      password_required: false,
      root_folder_id: folderId,
    });
    const files = await visitor("GET", `/v1/public/shared-links/${token}/files`);
    expect(files.body.data.map((f: PublicFile) => f.name)).toEqual(["logo.png"]);
    PublicFile.parse(files.body.data[0]);
    const folders = await visitor("GET", `/v1/public/shared-links/${token}/folders`);
    expect(folders.body.data.map((f: { name: string }) => f.name)).toEqual(["Dark"]);
    const deeper = await visitor("GET", `/v1/public/shared-links/${token}/files?folder_id=${subfolderId}`);
    expect(deeper.body.data.map((f: PublicFile) => f.name)).toEqual(["dark.png"]);
    const detail = await visitor("GET", `/v1/public/shared-links/${token}/files/${fileInSubfolder}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ name: "dark.png", versions: null, properties: null });
    // Nothing outside the shared folder, by id guessing or otherwise.
    for (const id of [fileOutside, hiddenFileId, "fil_nope"]) {
      expectError(await visitor("GET", `/v1/public/shared-links/${token}/files/${id}`), 404, "not_found");
      expectError(
        await visitor("GET", `/v1/public/shared-links/${token}/files/${id}/download`),
        404,
        "not_found",
      );
    }
    expectError(
      await visitor("GET", `/v1/public/shared-links/${token}/files?folder_id=${libraryId}`),
      404,
      "not_found",
    );
    // A HEAD only asks whether the link answers: no view.
    expect((await visitor("HEAD", `/v1/public/shared-links/${token}`)).status).toBe(200);
    const [row] = await service.deps.db.select().from(sharedLinks).where(eq(sharedLinks.id, link.id));
    expect(row!.viewCount).toBe(1);
    expect((await owner("GET", `/v1/shared-links/${link.id}`)).body.view_count).toBe(1);
  });

  it("a file link reaches that file only; downloads only with download access", async () => {
    const viewLink = await share({ target: { type: "file", id: fileInFolder } });
    const t = tokenOf(viewLink);
    const files = await visitor("GET", `/v1/public/shared-links/${t}/files`);
    expect(files.body.data.map((f: PublicFile) => f.id)).toEqual([fileInFolder]);
    expectError(
      await visitor("GET", `/v1/public/shared-links/${t}/files/${fileInSubfolder}`),
      404,
      "not_found",
    );
    expectError(
      await visitor("GET", `/v1/public/shared-links/${t}/files/${fileInFolder}/download`),
      403,
      "forbidden",
    );
    const downloadLink = await share({ target: { type: "file", id: fileInFolder }, access: "download" });
    const d = await visitor(
      "GET",
      `/v1/public/shared-links/${tokenOf(downloadLink)}/files/${fileInFolder}/download`,
    );
    expect(d.status, d.text).toBe(200);
    const bytes = await fetch(d.body.url);
    expect(bytes.status).toBe(200);
    expect(bytes.headers.get("content-disposition")).toContain("logo.png");
  });

  it("a shared file's download URL counts once when issued, and stops with its link: narrowed 403, revoked 404, expired 410", async () => {
    const link = await share({ target: { type: "folder", id: folderId }, access: "download" });
    const downloadUrl = async (id = link.id, token = tokenOf(link)) => {
      const res = await visitor("GET", `/v1/public/shared-links/${token}/files/${fileInFolder}/download`);
      expect(res.status, res.text).toBe(200);
      expect(res.body.url).toContain(`/v1/shared-link-content/${id}/files/${fileInFolder}/`);
      return pathAndQuery(res.body.url as string);
    };
    // Issuing counts once on the downloads counter (a URL issued); fetching does not.
    const central = apiClient(service.centralUrl, service.seed.ownerKey);
    let path = "";
    const issued = await counterChange(central, "downloads", async () => {
      path = await downloadUrl();
    });
    expect(issued.change).toBe(1);
    let whole!: Response;
    const fetched = await counterChange(central, "downloads", async () => {
      whole = await fetch(`${service.regionalUrl}${path}`);
    });
    expect(fetched.change).toBe(0);
    expect(whole.status).toBe(200);
    expect(whole.headers.get("content-disposition")).toContain("logo.png");
    const bytes = Buffer.from(await whole.arrayBuffer());
    const part = await fetch(`${service.regionalUrl}${path}`, { headers: { range: "bytes=0-9" } });
    expect(part.status).toBe(206);
    expect(Buffer.from(await part.arrayBuffer())).toEqual(bytes.subarray(0, 10));
    // Another file of the share under the same signature is 404.
    expectError(await visitor("GET", path.replace(fileInFolder, fileInSubfolder)), 404, "not_found");

    expect((await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "view" } })).status).toBe(
      200,
    );
    expectError(await visitor("GET", path), 403, "forbidden");
    expect(
      (await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "download" } })).status,
    ).toBe(200);
    expect((await visitor("GET", path)).status).toBe(200);
    expect((await owner("DELETE", `/v1/shared-links/${link.id}`)).status).toBe(200);
    expectError(await visitor("GET", path), 404, "not_found");

    const expiring = await share({ target: { type: "folder", id: folderId }, access: "download" });
    const expiringPath = await downloadUrl(expiring.id, tokenOf(expiring));
    await service.deps.db
      .update(sharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedLinks.id, expiring.id));
    expectError(await visitor("GET", expiringPath), 410, "expired");
  });

  it("a board link lists the board's files; a library link its top level", async () => {
    const board = tokenOf(await share({ target: { type: "board", id: boardId } }));
    expect(
      (await visitor("GET", `/v1/public/shared-links/${board}/files`)).body.data.map((f: PublicFile) => f.id),
    ).toEqual([fileOutside]);
    expectError(
      await visitor("GET", `/v1/public/shared-links/${board}/files/${fileInFolder}`),
      404,
      "not_found",
    );
    const library = tokenOf(await share({ target: { type: "library", id: libraryId } }));
    expect(
      (await visitor("GET", `/v1/public/shared-links/${library}/files`)).body.data.map(
        (f: PublicFile) => f.id,
      ),
    ).toEqual([fileOutside]);
    expect(
      (await visitor("GET", `/v1/public/shared-links/${library}/folders`)).body.data.map(
        (f: { id: string }) => f.id,
      ),
    ).toEqual([folderId]);
    expect((await visitor("GET", `/v1/public/shared-links/${library}/files/${fileInSubfolder}`)).status).toBe(
      200,
    );
  });

  it("never shows a page, published or draft: a page reaches the public by being published, not through a link", async () => {
    const library = (await owner("POST", "/v1/libraries", { body: { name: "With pages" } })).body.id;
    const picture = await uploadBytes(owner, Buffer.from("picture"), {
      name: "picture.txt",
      library_id: library,
    });
    const page = async (title: string) =>
      (await owner("POST", "/v1/pages", { body: { title, library_id: library } })).body.id as string;
    const draft = await page("Tone of voice (draft)");
    const published = await page("Brand guidelines");
    expect((await owner("POST", `/v1/pages/${published}/publish`)).status).toBe(200);
    const board = (await owner("POST", "/v1/boards", { body: { name: "Board with a page" } })).body.id;
    expect(
      (await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [picture.id, draft] } })).status,
    ).toBe(200);
    for (const target of [
      { type: "library", id: library },
      { type: "board", id: board },
    ]) {
      const token = tokenOf(await share({ target }));
      const listed = await visitor("GET", `/v1/public/shared-links/${token}/files`);
      expect(listed.body.data.map((f: PublicFile) => f.id)).toEqual([picture.id]);
      for (const id of [draft, published])
        expectError(await visitor("GET", `/v1/public/shared-links/${token}/files/${id}`), 404, "not_found");
    }
    expectError(
      await owner("POST", "/v1/shared-links", { body: { target: { type: "file", id: draft } } }),
      409,
      "conflict",
    );
  });

  it("a board link shows only the board's files its creator can see, in every public call", async () => {
    const editorsBoard = (await editor("POST", "/v1/boards", { body: { name: "Editor's picks" } })).body.id;
    const added = await owner("POST", `/v1/boards/${editorsBoard}/files`, {
      body: { file_ids: [teamFileId, hiddenFileId] },
    });
    expect(added.status, added.text).toBe(200);
    const token = tokenOf(
      await share(
        {
          target: { type: "board", id: editorsBoard },
          access: "download",
          show_versions: true,
          show_properties: true,
          anonymous_comments: true,
        },
        editor,
      ),
    );
    const base = `/v1/public/shared-links/${token}/files`;
    expect((await visitor("GET", base)).body.data.map((f: PublicFile) => f.id)).toEqual([teamFileId]);
    expect((await visitor("GET", `${base}/${teamFileId}`)).status).toBe(200);
    const before = await eventsOf(hiddenFileId);
    expectError(await visitor("GET", `${base}/${hiddenFileId}`), 404, "not_found");
    expectError(await visitor("GET", `${base}/${hiddenFileId}/download`), 404, "not_found");
    expectError(await visitor("GET", `${base}/${hiddenFileId}/comments`), 404, "not_found");
    expectError(
      await visitor("POST", `${base}/${hiddenFileId}/comments`, {
        body: { anonymous_name: "Visitor", text: "Hello" },
      }),
      404,
      "not_found",
    );
    const comments = await owner("GET", `/v1/files/${hiddenFileId}/comments`);
    expect(comments.body.data).toEqual([]);
    expect(await eventsOf(hiddenFileId)).toEqual(before);
  });

  it("a password guards the content; wrong passwords are throttled per client", async () => {
    const link = await share({ target: { type: "folder", id: folderId }, password: "correct horse" });
    const token = tokenOf(link);
    const opened = await visitor("GET", `/v1/public/shared-links/${token}`);
    expect(opened.body).toMatchObject({
      password_required: true,
      target: { type: "folder", name: null },
      root_folder_id: null,
    });
    const locked = await visitor("GET", `/v1/public/shared-links/${token}/files`);
    expectError(locked, 401, "unauthorized");
    // Every 401 names its challenge: here the access token an unlock gives.
    expect(locked.headers.get("www-authenticate")).toBe("X-Access-Token");
    const unlocked = await visitor("POST", `/v1/public/shared-links/${token}/unlock`, {
      body: { password: "correct horse" },
    });
    expect(unlocked.status, unlocked.text).toBe(200);
    const headers = { "x-access-token": unlocked.body.token };
    expect((await visitor("GET", `/v1/public/shared-links/${token}/files`, { headers })).status).toBe(200);
    expect(
      (await visitor("GET", `/v1/public/shared-links/${token}`, { headers })).body.password_required,
    ).toBe(false);
    // A token of one link opens no other link.
    const other = tokenOf(
      await share({ target: { type: "folder", id: folderId }, password: "correct horse" }),
    );
    expectError(
      await visitor("GET", `/v1/public/shared-links/${other}/files`, { headers }),
      401,
      "unauthorized",
    );
    for (let i = 0; i < 5; i++) {
      const wrong = await visitor("POST", `/v1/public/shared-links/${token}/unlock`, {
        body: { password: "wrong" },
      });
      expectError(wrong, 401, "unauthorized");
      expect(wrong.headers.get("www-authenticate")).toBe("X-Access-Token");
    }
    const throttled = await visitor("POST", `/v1/public/shared-links/${token}/unlock`, {
      body: { password: "correct horse" },
    });
    expectError(throttled, 429, "rate_limited");
    expect(Number(throttled.headers.get("retry-after"))).toBeGreaterThan(0);
    // Changing the password invalidates tokens handed out before.
    await owner("PATCH", `/v1/shared-links/${link.id}`, { body: { password: "a new one" } });
    expectError(
      await visitor("GET", `/v1/public/shared-links/${token}/files`, { headers }),
      401,
      "unauthorized",
    );
  });

  it("counts wrong passwords sent at once: no more than five are checked, the rest are 429", async () => {
    const token = tokenOf(
      await share({ target: { type: "folder", id: folderId }, password: "correct horse" }),
    );
    const unlock = (password: string) =>
      visitor("POST", `/v1/public/shared-links/${token}/unlock`, { body: { password } });
    // A right password takes nothing from the allowance.
    expect((await unlock("correct horse")).status).toBe(200);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => unlock(`guess ${i}`)));
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 401)).toHaveLength(5);
    expect(statuses.filter((status) => status === 429)).toHaveLength(15);
    const throttled = answers.find((answer) => answer.status === 429)!;
    expect(throttled.body.details).toMatchObject({ counter: "password_attempts", limit: 5 });
    expectError(await unlock("correct horse"), 429, "rate_limited");
  });

  it("an expired link answers 410, a revoked or unknown one 404", async () => {
    const link = await share({
      target: { type: "folder", id: folderId },
      expires_at: "2099-01-01T00:00:00Z",
    });
    await service.deps.db
      .update(sharedLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sharedLinks.id, link.id));
    expectError(await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}`), 410, "expired");
    expectError(await visitor("GET", `/v1/public/shared-links/${tokenOf(link)}/files`), 410, "expired");
    expect((await owner("GET", `/v1/shared-links/${link.id}`)).body.expired).toBe(true);
    expectError(await visitor("GET", "/v1/public/shared-links/not-a-token"), 404, "not_found");
  });

  it("visitors comment anonymously where the link allows it", async () => {
    const viewOnly = tokenOf(await share({ target: { type: "file", id: fileInFolder } }));
    expectError(
      await visitor("GET", `/v1/public/shared-links/${viewOnly}/files/${fileInFolder}/comments`),
      403,
      "forbidden",
    );
    const link = await share({
      target: { type: "file", id: fileInFolder },
      access: "comment",
      anonymous_comments: true,
    });
    const t = tokenOf(link);
    // A visitor's name is one line people read: no line breaks or direction overrides to shape how it shows.
    for (const anonymous_name of ["Agency\nAnn", "\u202EnnA"]) {
      const refused = await visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
        body: { anonymous_name, text: "Hi" },
      });
      expect(refused.status).toBe(400);
      expect(refused.body.details.errors[0].param).toBe("anonymous_name");
    }
    // Nothing to unlock on a link without a password: a conflict, not an unknown link.
    const unlock = await visitor("POST", `/v1/public/shared-links/${t}/unlock`, { body: { password: "x" } });
    expect(unlock.status).toBe(409);
    expect(unlock.body.code).toBe("conflict");
    const posted = await visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
      body: { anonymous_name: "Agency Ann", text: "Can we get this in blue?" },
    });
    expect(posted.status, posted.text).toBe(201);
    expect(posted.body).toMatchObject({
      author: null,
      anonymous_name: "Agency Ann",
      text: "Can we get this in blue?",
    });
    const emitted = await eventsOf(posted.body.id);
    expect(emitted.map((e) => e.type)).toEqual(["comment.created"]);
    expect(emitted[0]).toMatchObject({ actorType: "anonymous", actorId: null });
    // No playhead as null, as the team's own comments take it (and every comment gives it back).
    const noPlayhead = await visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
      body: { anonymous_name: "Agency Ann", text: "And the wordmark?", timestamp_ms: null },
    });
    expect(noPlayhead.status, noPlayhead.text).toBe(201);
    expect(noPlayhead.body.timestamp_ms).toBeNull();
    // A playhead is bounded as the team's is, with one error however far out.
    const far = await visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
      body: { anonymous_name: "Agency Ann", text: "Late", timestamp_ms: 1e20 },
    });
    expectError(far, 400, "validation_error");
    expect(far.body.details.errors).toEqual([{ param: "timestamp_ms", message: "must be at most 86400000" }]);
    const listed = await visitor("GET", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`);
    expect(listed.body.data.map((c: { id: string }) => c.id)).toContain(posted.body.id);
    const team = await owner("GET", `/v1/files/${fileInFolder}/comments`);
    expect(team.body.data.map((c: { id: string }) => c.id)).toContain(posted.body.id);
    expectError(
      await visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
        body: { text: "no name" },
      }),
      400,
      "validation_error",
    );

    // A visitor's retry with the same Idempotency-Key gets the first answer again: no second comment, no event.
    const retried = async (text: string) =>
      visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
        body: { anonymous_name: "Agency Ann", text },
        headers: { "idempotency-key": "visitor-retry-1" },
      });
    const first = await retried("Once only");
    expect(first.status, first.text).toBe(201);
    const again = await retried("Once only");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.id).toBe(first.body.id);
    expect((await eventsOf(first.body.id)).map((e) => e.type)).toEqual(["comment.created"]);
    expectError(await retried("Something else"), 422, "idempotency_key_reused");
    // Another visitor's access token is another scope: its request runs, it sees no one else's answer.
    const elsewhere = await visitor("POST", `/v1/public/shared-links/${t}/files/${fileInFolder}/comments`, {
      body: { anonymous_name: "Agency Ann", text: "Once only" },
      headers: { "idempotency-key": "visitor-retry-1", "x-access-token": "another-visitor" },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expect(elsewhere.headers.get("idempotent-replayed")).toBeNull();
    expect(elsewhere.body.id).not.toBe(first.body.id);

    // Turned on for a view link, anonymous comments open the comments to its visitors too.
    const invited = await owner("POST", "/v1/shared-links", {
      body: { target: { type: "file", id: fileInFolder }, anonymous_comments: true },
    });
    expect(invited.status, invited.text).toBe(201);
    expect(invited.body).toMatchObject({ access: "view", anonymous_comments: true });
    const v = tokenOf(invited.body);
    const byViewer = await visitor("POST", `/v1/public/shared-links/${v}/files/${fileInFolder}/comments`, {
      body: { anonymous_name: "Agency Ann", text: "Lovely" },
    });
    expect(byViewer.status, byViewer.text).toBe(201);
    const seen = await visitor("GET", `/v1/public/shared-links/${v}/files/${fileInFolder}/comments`);
    expect(seen.body.data.map((c: { id: string }) => c.id)).toContain(byViewer.body.id);
  });

  it("visitors read the team's replies to a comment where the link shows comments", async () => {
    const t = tokenOf(await share({ target: { type: "file", id: fileInFolder }, access: "comment" }));
    const asked = await owner("POST", `/v1/files/${fileInFolder}/comments`, {
      body: { text: "Blue or green?" },
    });
    expect(asked.status, asked.text).toBe(201);
    const answers = ["Blue", "Green", "Either"];
    for (const text of answers) {
      const replied = await owner("POST", `/v1/files/${fileInFolder}/comments/${asked.body.id}/replies`, {
        body: { text },
      });
      expect(replied.status, replied.text).toBe(200);
    }
    const repliesOf = (token: string, commentId: string) =>
      visitor("GET", `/v1/public/shared-links/${token}/files/${fileInFolder}/comments/${commentId}/replies`);
    const path = `/v1/public/shared-links/${t}/files/${fileInFolder}/comments/${asked.body.id}/replies`;
    const first = await visitor("GET", `${path}?limit=2`);
    expect(first.status, first.text).toBe(200);
    expect(first.body.data.map((r: { text: string }) => r.text)).toEqual(["Blue", "Green"]);
    expect(first.body.data[0]).toMatchObject({
      object: "reply",
      comment_id: asked.body.id,
      author: { name: expect.any(String) },
    });
    expect(first.body.has_more).toBe(true);
    const rest = await visitor("GET", `${path}?limit=2&cursor=${first.body.next_cursor}`);
    expect(rest.body.data.map((r: { text: string }) => r.text)).toEqual(["Either"]);

    // Where comments are not shown, neither are replies; an unknown comment is not there.
    const viewOnly = tokenOf(await share({ target: { type: "file", id: fileInFolder } }));
    expectError(await repliesOf(viewOnly, asked.body.id), 403, "forbidden");
    expectError(await repliesOf(t, "cmt_unknown"), 404, "not_found");
    // A comment of another file is not reached through this file.
    const elsewhere = await owner("POST", `/v1/files/${fileOutside}/comments`, {
      body: { text: "Elsewhere" },
    });
    expect(elsewhere.status, elsewhere.text).toBe(201);
    expectError(await repliesOf(t, elsewhere.body.id), 404, "not_found");
  });
});

describe("a shared link write that changes nothing", () => {
  const inAWeek = new Date(Math.floor(Date.now() / 1000) * 1000 + 7 * 86_400_000);

  // On the team's shared library, where the viewer has view access only.
  async function shareLibrary(body: Record<string, unknown> = {}) {
    const res = await owner("POST", "/v1/shared-links", {
      body: {
        target: { type: "library", id: service.seed.libraries.shared },
        access: "comment",
        expires_at: inAWeek.toISOString(),
        ...body,
      },
    });
    expect(res.status, res.text).toBe(201);
    return res.body;
  }

  it("stored settings: 200 as stored, no event; a change emits shared_link.updated", async () => {
    const before = await shareLibrary();
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `/v1/shared-links/${before.id}`, {
      body: {
        access: "comment",
        // The same instant, written another way.
        expires_at: inAWeek.toISOString().replace(".000Z", "+00:00"),
        password: null,
        anonymous_comments: false,
        show_versions: false,
        show_properties: false,
        display_mode: "grid",
        board_views: { allowed: ["gallery", "list"], default: "gallery" },
      },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(before);
    expect((await owner("GET", `/v1/shared-links/${before.id}`)).body.updated_at).toBe(before.updated_at);
    expect(await emitted()).toEqual([]);

    const changed = await owner("PATCH", `/v1/shared-links/${before.id}`, { body: { access: "view" } });
    expect(changed.body.access).toBe("view");
    expect(await emitted()).toEqual(["shared_link.updated"]);
  });

  it("a password sent is always a change (only its hash is kept); clearing none is not", async () => {
    const link = await shareLibrary();
    const path = `/v1/shared-links/${link.id}`;
    const emitted = await watchEvents(service.deps.db);
    expect((await owner("PATCH", path, { body: { password: "open sesame" } })).status).toBe(200);
    expect((await owner("PATCH", path, { body: { password: "open sesame" } })).status).toBe(200);
    expect(await emitted()).toEqual(["shared_link.updated", "shared_link.updated"]);
    expect((await owner("PATCH", path, { body: { password: null } })).status).toBe(200);
    expect((await owner("PATCH", path, { body: { password: null } })).status).toBe(200);
    expect(await emitted()).toEqual(["shared_link.updated", "shared_link.updated", "shared_link.updated"]);
  });

  it("a no-op by someone who may not change the link is still 403", async () => {
    const link = await shareLibrary();
    const emitted = await watchEvents(service.deps.db);
    const res = await viewer("PATCH", `/v1/shared-links/${link.id}`, { body: { access: "comment" } });
    expect(res.status, res.text).toBe(403);
    expect(await emitted()).toEqual([]);
  });
});
