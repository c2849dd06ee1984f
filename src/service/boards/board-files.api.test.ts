import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BoardFile } from "../../contract/boards.ts";
import { events } from "../db/schema/index.ts";
import { solidPng, uploadBytes } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let viewer: ApiCall;
let editor: ApiCall;
const fileIds: string[] = [];
let restrictedFile: string;

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  viewer = apiClient(
    service.regionalUrl,
    await service.createKey(["boards:write", "files:read"], { email: "viewer@example.com" }),
  );
  editor = apiClient(
    service.regionalUrl,
    await service.createKey(["boards:write", "files:read"], { email: "editor@example.com" }),
  );
  const png = await solidPng();
  for (const name of ["alpha.png", "beta.png", "gamma.png"]) {
    fileIds.push((await uploadBytes(owner, png, { name, library_id: service.seed.libraries.shared })).id);
  }
  restrictedFile = (
    await uploadBytes(owner, png, { name: "secret.png", library_id: service.seed.libraries.restricted })
  ).id;
});
afterAll(() => service?.close());

async function eventsOfType(type: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => e.type === type);
}

const newBoard = async (name: string) =>
  (await owner("POST", "/v1/boards", { body: { name } })).body.id as string;

describe("board files", () => {
  it("adds in batches: added, already present, duplicates once, one event per file added", async () => {
    const board = await newBoard("Batch");
    const first = await owner("POST", `/v1/boards/${board}/files`, {
      body: { file_ids: [fileIds[0], fileIds[1], fileIds[0]] },
    });
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({
      object: "board_files_batch",
      board_id: board,
      results: [
        { file_id: fileIds[0], status: "added" },
        { file_id: fileIds[1], status: "added" },
      ],
    });
    const second = await owner("POST", `/v1/boards/${board}/files`, {
      body: { file_ids: [fileIds[1], fileIds[2]] },
    });
    expect(second.body.results).toEqual([
      { file_id: fileIds[1], status: "already_present" },
      { file_id: fileIds[2], status: "added" },
    ]);
    const added = (await eventsOfType("board.file.added")).filter(
      (e) => (e.data as { board_id: string }).board_id === board,
    );
    expect(added.map((e) => e.data)).toEqual(
      [fileIds[0], fileIds[1], fileIds[2]].map((id) => ({
        object: "board_file",
        board_id: board,
        file_id: id,
      })),
    );

    const listed = await owner("GET", `/v1/boards/${board}/files?sort=name&order=asc`);
    expect(listed.status).toBe(200);
    expect(listed.body.data.map((f: BoardFile) => f.name)).toEqual(["alpha.png", "beta.png", "gamma.png"]);
    expect(() => BoardFile.array().parse(listed.body.data)).not.toThrow();
    const page = await owner("GET", `/v1/boards/${board}/files?sort=name&order=asc&limit=2`);
    const rest = await owner(
      "GET",
      `/v1/boards/${board}/files?sort=name&order=asc&limit=2&cursor=${encodeURIComponent(page.body.next_cursor)}`,
    );
    expect(rest.body.data.map((f: BoardFile) => f.name)).toEqual(["gamma.png"]);
    const searched = await owner("GET", `/v1/boards/${board}/files?q=beta`);
    expect(searched.body.data.map((f: BoardFile) => f.name)).toEqual(["beta.png"]);
    // As on the file list, the envelope says how the query was read.
    expect(searched.body.search).toMatchObject({ query: "beta", interpreted: { text: "beta" } });
    expect(listed.body).not.toHaveProperty("search");
  });

  it("adds nothing when one id cannot be served", async () => {
    const board = await newBoard("All or nothing");
    // The editor's own board, and a file in a library only the owner was granted: invisible to the editor.
    const privateLibrary = (await owner("POST", "/v1/libraries", { body: { name: "Owner's own" } })).body.id;
    const invisible = (
      await uploadBytes(owner, await solidPng(), { name: "own.png", library_id: privateLibrary })
    ).id;
    const editorBoard = (await editor("POST", "/v1/boards", { body: { name: "Editor's" } })).body.id;
    const refused = await editor("POST", `/v1/boards/${editorBoard}/files`, {
      body: { file_ids: [fileIds[0], invisible] },
    });
    expect(refused.status).toBe(404);
    expect((await editor("GET", `/v1/boards/${editorBoard}/files`)).body.data).toEqual([]);
    expect(
      (
        await viewer("POST", `/v1/boards/${service.seed.boards.shared}/files`, {
          body: { file_ids: [fileIds[0]] },
        })
      ).status,
    ).toBe(403);
    const unknown = await owner("POST", `/v1/boards/${board}/files`, {
      body: { file_ids: [fileIds[0], "fil_01ARZ3NDEKTSV4RRFFQ69G5FAV"] },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.code).toBe("not_found");
    expect((await owner("GET", `/v1/boards/${board}/files`)).body.data).toEqual([]);

    const granted = await editor("POST", `/v1/boards/${service.seed.boards.shared}/files`, {
      body: { file_ids: [fileIds[0], restrictedFile] },
    });
    expect(granted.status).toBe(200);
    const tooMany = await owner("POST", `/v1/boards/${board}/files`, {
      body: { file_ids: Array.from({ length: 1001 }, (_, i) => `fil_${i}`) },
    });
    expect(tooMany.status).toBe(400);
    // Duplicates count once; an id no key could serve (empty, overlong) is 404 like any unknown one.
    const repeated = await owner("POST", `/v1/boards/${board}/files`, {
      body: { file_ids: Array.from({ length: 1001 }, () => fileIds[0]) },
    });
    expect(repeated.status, repeated.text).toBe(200);
    expect(repeated.body.results).toHaveLength(1);
    for (const odd of ["", "f".repeat(300)]) {
      const refusedOdd = await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [odd] } });
      expect(refusedOdd.status).toBe(404);
    }
    expect((await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [] } })).status).toBe(400);
  });

  it("removes files with their board values, and lists a file's boards", async () => {
    const board = await newBoard("Removal");
    await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [fileIds[0], fileIds[1]] } });
    const stage = (
      await owner("POST", `/v1/boards/${board}/properties`, {
        body: { name: "Stage", type: "status", options: [{ label: "Ready" }] },
      })
    ).body;
    const set = await owner("PUT", `/v1/boards/${board}/files/${fileIds[0]}/properties/${stage.id}`, {
      body: { value: { option_id: stage.options[0].id } },
    });
    expect(set.status, set.text).toBe(200);
    expect(set.body).toMatchObject({
      property_id: stage.id,
      type: "status",
      status: { option_id: stage.options[0].id },
    });
    const listed = await owner("GET", `/v1/boards/${board}/files?sort=name&order=asc`);
    expect(listed.body.data[0].properties).toEqual([set.body]);
    expect(listed.body.data[1].properties).toEqual([]);
    expect((await owner("GET", `/v1/files/${fileIds[0]}`)).body.properties).toEqual([]);

    const filtered = await owner(
      "GET",
      `/v1/files?filter=${encodeURIComponent(JSON.stringify({ property_id: stage.id, op: "eq", value: stage.options[0].id }))}`,
    );
    expect(filtered.body.data.map((f: BoardFile) => f.id)).toEqual([fileIds[0]]);

    const boardsOfFile = await owner("GET", `/v1/files/${fileIds[0]}/boards`);
    expect(boardsOfFile.body.data.map((b: { id: string }) => b.id)).toContain(board);

    const removed = await owner("DELETE", `/v1/boards/${board}/files`, {
      body: { file_ids: [fileIds[0], fileIds[2]] },
    });
    // The batch, acknowledged as every DELETE is.
    expect(removed.body).toEqual({
      object: "board_files_batch",
      id: board,
      board_id: board,
      deleted: true,
      permanent: true,
      trashed_at: null,
      results: [
        { file_id: fileIds[0], status: "removed" },
        { file_id: fileIds[2], status: "not_present" },
      ],
    });
    expect(
      (await owner("GET", `/v1/files/${fileIds[0]}/boards`)).body.data.map((b: { id: string }) => b.id),
    ).not.toContain(board);
    const readded = await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [fileIds[0]] } });
    expect(readded.body.results[0].status).toBe("added");
    expect(
      (await owner("GET", `/v1/boards/${board}/files?sort=name&order=asc`)).body.data[0].properties,
    ).toEqual([]);
    const updated = await eventsOfType("board.file.property_updated");
    expect(updated.at(-1)!.data).toEqual({
      object: "property_value",
      property_id: stage.id,
      file_id: fileIds[0],
      board_id: board,
    });
    expect((await eventsOfType("board.file.removed")).at(-1)!.data).toEqual({
      object: "board_file",
      board_id: board,
      file_id: fileIds[0],
    });
  });

  it("refuses board values for files off the board, other boards' properties and hidden properties", async () => {
    const board = await newBoard("Values");
    const other = await newBoard("Other");
    await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [fileIds[0]] } });
    const notes = (
      await owner("POST", `/v1/boards/${board}/properties`, { body: { name: "Notes", type: "text" } })
    ).body;
    const elsewhere = (
      await owner("POST", `/v1/boards/${other}/properties`, { body: { name: "Notes", type: "text" } })
    ).body;
    const put = (fileId: string, propertyId: string, value: unknown) =>
      owner("PUT", `/v1/boards/${board}/files/${fileId}/properties/${propertyId}`, { body: { value } });
    expect((await put(fileIds[1]!, notes.id, "x")).status).toBe(404);
    expect((await put(fileIds[0]!, elsewhere.id, "x")).status).toBe(404);
    expect((await put(fileIds[0]!, notes.id, 42)).status).toBe(400);
    await owner("PATCH", `/v1/boards/${board}/properties/${notes.id}`, { body: { hidden: true } });
    expect((await put(fileIds[0]!, notes.id, "x")).status).toBe(409);
    expect((await put(fileIds[0]!, notes.id, null)).status).toBe(200);
  });

  it("shows a viewer only granted boards' files, read-only", async () => {
    const shared = service.seed.boards.shared;
    await owner("POST", `/v1/boards/${shared}/files`, { body: { file_ids: [fileIds[2]] } });
    expect((await viewer("GET", `/v1/boards/${shared}/files`)).status).toBe(200);
    expect((await viewer("GET", `/v1/boards/${service.seed.boards.restricted}/files`)).status).toBe(404);
    expect(
      (await viewer("DELETE", `/v1/boards/${shared}/files`, { body: { file_ids: [fileIds[2]] } })).status,
    ).toBe(403);
    const ownerOnly = await newBoard("Hidden from viewer");
    await owner("POST", `/v1/boards/${ownerOnly}/files`, { body: { file_ids: [fileIds[2]] } });
    const seen = await viewer("GET", `/v1/files/${fileIds[2]}/boards`);
    expect(seen.body.data.map((b: { id: string }) => b.id)).toEqual([shared]);

    // A property of a board the viewer cannot see is an unknown property in a filter, not a way to probe it.
    const secret = (
      await owner("POST", `/v1/boards/${ownerOnly}/properties`, {
        body: { name: "Secret", type: "checkbox" },
      })
    ).body;
    const filter = encodeURIComponent(JSON.stringify({ property_id: secret.id, op: "is_empty" }));
    const probe = await viewer("GET", `/v1/files?filter=${filter}`);
    expect(probe.status).toBe(400);
    expect((await owner("GET", `/v1/files?filter=${filter}`)).status).toBe(200);
  });
});

describe("board files, trash and negative filters", () => {
  it("a trashed file leaves the board's list but keeps its memberships; a restore puts it back", async () => {
    const board = await newBoard("Trash round trip");
    const file = (
      await uploadBytes(owner, await solidPng(), { name: "t.png", library_id: service.seed.libraries.shared })
    ).id;
    await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: [file] } });
    await owner("DELETE", `/v1/files/${file}`);
    const listed = await owner("GET", `/v1/boards/${board}/files?limit=100`);
    expect(listed.body.data.map((f: { id: string }) => f.id)).not.toContain(file);
    const boards = await owner("GET", `/v1/files/${file}/boards`);
    expect(boards.body.data.map((b: { id: string }) => b.id)).toContain(board);
    await owner("POST", `/v1/files/${file}/restore`);
    const back = await owner("GET", `/v1/boards/${board}/files?limit=100`);
    expect(back.body.data.map((f: { id: string }) => f.id)).toContain(file);
  });

  it("filters board values with neq, nin and not: files without a value count as not matching the value", async () => {
    const board = await newBoard("Negative filters");
    await owner("POST", `/v1/boards/${board}/files`, { body: { file_ids: fileIds } });
    const property = (
      await owner("POST", `/v1/boards/${board}/properties`, {
        body: { name: "Stage", type: "status", options: [{ label: "Draft" }, { label: "Final" }] },
      })
    ).body;
    const [draft, final] = property.options;
    const set = (fileId: string, optionId: string) =>
      owner("PUT", `/v1/boards/${board}/files/${fileId}/properties/${property.id}`, {
        body: { value: { option_id: optionId } },
      });
    await set(fileIds[0]!, draft.id);
    await set(fileIds[1]!, final.id);
    const names = async (filter: object) => {
      const res = await owner(
        "GET",
        `/v1/boards/${board}/files?limit=100&filter=${encodeURIComponent(JSON.stringify(filter))}`,
      );
      expect(res.status, res.text).toBe(200);
      return res.body.data.map((f: { name: string }) => f.name).sort();
    };
    expect(await names({ property_id: property.id, op: "eq", value: draft.id })).toEqual(["alpha.png"]);
    expect(await names({ property_id: property.id, op: "neq", value: draft.id })).toEqual([
      "beta.png",
      "gamma.png",
    ]);
    expect(await names({ property_id: property.id, op: "nin", value: [draft.id, final.id] })).toEqual([
      "gamma.png",
    ]);
    expect(await names({ not: { property_id: property.id, op: "eq", value: final.id } })).toEqual([
      "alpha.png",
      "gamma.png",
    ]);
  });
});
