import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { solidPng, uploadBytes } from "../../testing/content-fixtures.ts";
import { watchEvents } from "../../testing/event-watch.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../../testing/http-client.ts";
import { startTestService, type TestService } from "../../testing/test-service.ts";

/**
 * Requests that read, check and write the same items at once must end as if they had run one after another: one
 * wins, the others get the answer they would get after it, and each change emits its event once. On PGlite one
 * connection runs transactions one at a time; on PostgreSQL they run side by side (serializable, tried again when
 * they conflict).
 */
let service: TestService;
let api: ApiCall;
let libraryId: string;

beforeAll(async () => {
  service = await startTestService();
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
  libraryId = (await api("POST", "/v1/libraries", { body: { name: "Races" } })).body.id;
});
afterAll(() => service?.close());

const statuses = (responses: ApiResponse[]) => responses.map((r) => r.status).sort((a, b) => a - b);
const times = <T>(n: number, make: (i: number) => Promise<T>) =>
  Promise.all(Array.from({ length: n }, (_, i) => make(i)));

describe("concurrent writes", () => {
  it("one option label taken by twenty requests at once: one is created, the others are 409", async () => {
    const property = (
      await api("POST", "/v1/properties", {
        body: { name: "Race stage", type: "status", options: [{ label: "Draft", color: "#aa0000" }] },
      })
    ).body;
    const answers = await times(20, () =>
      api("POST", `/v1/properties/${property.id}/options`, { body: { label: "Final", color: "#00aa00" } }),
    );
    expect(statuses(answers)).toEqual([201, ...Array(19).fill(409)]);
    const options = (await api("GET", `/v1/properties/${property.id}`)).body.options;
    expect(options.map((o: { label: string; position: number }) => [o.label, o.position])).toEqual([
      ["Draft", 0],
      ["Final", 1],
    ]);
    const next = await api("POST", `/v1/properties/${property.id}/options`, { body: { label: "Approved" } });
    expect(next.status, next.text).toBe(201);
  });

  it("two folders moved into each other at once never make a cycle", async () => {
    for (let round = 0; round < 3; round++) {
      const folder = async (name: string) =>
        (await api("POST", "/v1/folders", { body: { name, library_id: libraryId } })).body.id as string;
      const [a, b] = [await folder(`A${round}`), await folder(`B${round}`)];
      const answers = await Promise.all([
        api("POST", `/v1/folders/${a}/move`, { body: { folder_id: b } }),
        api("POST", `/v1/folders/${b}/move`, { body: { folder_id: a } }),
      ]);
      expect(statuses(answers)).toEqual([200, 400]);
      const paths = await Promise.all(
        [a, b].map(async (id) => (await api("GET", `/v1/folders/${id}`)).body.path),
      );
      expect(paths.map((path) => path.length).sort()).toEqual([0, 1]);
    }
  });

  it("a file trashed by ten requests at once is trashed once, with one event", async () => {
    const fileId = (await uploadBytes(api, await solidPng(), { name: "race.png", library_id: libraryId })).id;
    const emitted = await watchEvents(service.deps.db);
    const answers = await times(10, () => api("DELETE", `/v1/files/${fileId}`));
    expect(statuses(answers)).toEqual([200, ...Array(9).fill(409)]);
    expect((await emitted()).filter((type) => type === "file.trashed")).toEqual(["file.trashed"]);
  });

  it("updates racing a permanent delete answer 200 or 404, never 500", async () => {
    const fileId = (await uploadBytes(api, await solidPng(), { name: "gone.png", library_id: libraryId })).id;
    const answers = await Promise.all([
      api("DELETE", `/v1/files/${fileId}?permanent=true`),
      ...Array.from({ length: 8 }, (_, i) =>
        api("PATCH", `/v1/files/${fileId}`, { body: { name: `renamed-${i}.png` } }),
      ),
      ...Array.from({ length: 4 }, () =>
        api("POST", `/v1/files/${fileId}/comments`, { body: { text: "Still here?" } }),
      ),
    ]);
    for (const answer of answers) expect([200, 201, 404], answer.text).toContain(answer.status);
    expect((await api("GET", `/v1/files/${fileId}`)).status).toBe(404);
  });

  it("boards created at once take positions 0, 1, 2, … with none shared", async () => {
    const before = (await api("GET", "/v1/boards?limit=100")).body.data.length;
    const answers = await times(12, (i) => api("POST", "/v1/boards", { body: { name: `Race board ${i}` } }));
    expect(statuses(answers)).toEqual(Array(12).fill(201));
    const positions = (await api("GET", "/v1/boards?limit=100")).body.data.map(
      (b: { position: number }) => b.position,
    );
    expect([...positions].sort((x: number, y: number) => x - y)).toEqual(
      Array.from({ length: before + 12 }, (_, i) => i),
    );
  });

  it("replies racing their comment's deletion answer 201 or 404, and a subfolder racing its parent's too", async () => {
    const fileId = (await uploadBytes(api, await solidPng(), { name: "talk.png", library_id: libraryId })).id;
    const comment = (await api("POST", `/v1/files/${fileId}/comments`, { body: { text: "Thoughts?" } })).body;
    const replies = await Promise.all([
      api("DELETE", `/v1/files/${fileId}/comments/${comment.id}`),
      ...Array.from({ length: 6 }, () =>
        api("POST", `/v1/files/${fileId}/comments/${comment.id}/replies`, { body: { text: "Agreed" } }),
      ),
    ]);
    for (const answer of replies) expect([200, 201, 404], answer.text).toContain(answer.status);

    const parent = (await api("POST", "/v1/folders", { body: { name: "Doomed", library_id: libraryId } }))
      .body.id;
    const children = await Promise.all([
      api("DELETE", `/v1/folders/${parent}?permanent=true`),
      ...Array.from({ length: 4 }, (_, i) =>
        api("POST", "/v1/folders", {
          body: { name: `Child ${i}`, library_id: libraryId, parent_id: parent },
        }),
      ),
    ]);
    for (const answer of children) expect([200, 201, 404], answer.text).toContain(answer.status);
    for (const child of children.slice(1).filter((answer) => answer.status === 201))
      expect((await api("GET", `/v1/folders/${child.body.id}`)).status).toBe(404);
  });

  it("an upload completed and aborted at once ends one way: completions answer its file or 409, never 404", async () => {
    for (let round = 0; round < 3; round++) {
      const bytes = await solidPng(8, 8);
      const created = await api("POST", "/v1/uploads", {
        body: { name: `raced-${round}.png`, library_id: libraryId, size: bytes.length },
      });
      expect(created.status, created.text).toBe(201);
      expect(
        (await fetch(created.body.upload_url, { method: "PUT", body: new Uint8Array(bytes) })).status,
      ).toBe(200);
      const answers = await Promise.all([
        api("POST", `/v1/uploads/${created.body.id}/complete`),
        api("DELETE", `/v1/uploads/${created.body.id}`),
        api("POST", `/v1/uploads/${created.body.id}/complete`),
      ]);
      for (const answer of answers) expect([200, 201, 409], answer.text).toContain(answer.status);
    }
  });

  it("uploads completing into a folder deleted or trashed at once leave no file outside it", async () => {
    for (const deletion of ["?permanent=true", ""]) {
      const folderId = (await api("POST", "/v1/folders", { body: { name: "Going", library_id: libraryId } }))
        .body.id;
      const uploads = await times(5, async (i) => {
        const bytes = await solidPng(8 + i, 8);
        const created = await api("POST", "/v1/uploads", {
          body: { name: `late-${i}.png`, folder_id: folderId, size: bytes.length },
        });
        await fetch(created.body.upload_url, { method: "PUT", body: new Uint8Array(bytes) });
        return created.body.id as string;
      });
      const [deleted, ...completes] = await Promise.all([
        api("DELETE", `/v1/folders/${folderId}${deletion}`),
        ...uploads.map((id) => api("POST", `/v1/uploads/${id}/complete`)),
      ]);
      expect(deleted!.status, deleted!.text).toBe(200);
      for (const complete of completes) {
        expect([201, 409], complete.text).toContain(complete.status);
        // Created before the deletion, it went with the folder (deleted, or hidden in the trash).
        if (complete.status === 201)
          expect((await api("GET", `/v1/files/${complete.body.id}`)).status).toBe(404);
      }
    }
  });
});
