import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { rowsOf } from "../db/client.ts";
import { libraryGrants } from "../db/schema/index.ts";
import { patternImage } from "../media/media-test-kit.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { type ApiCall, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let api: ApiCall;

beforeAll(async () => {
  service = await startTestService({ workers: true });
  api = apiClient(service.regionalUrl, service.seed.ownerKey);
});
afterAll(() => service?.close());

const gradient = (width: number, height: number) =>
  sharp(
    Buffer.from(
      Array.from({ length: width * height * 3 }, (_, i) => Math.floor(((i / 3) % width) * (255 / width))),
    ),
    {
      raw: { width, height, channels: 3 },
    },
  )
    .png()
    .toBuffer();

describe("GET /v1/files/{id}/similar", () => {
  it("ranks a resized copy above an unrelated image and excludes the file itself and trashed files", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Similar" } })).body.id;
    const original = await uploadBytes(api, await gradient(200, 100), {
      name: "gradient.png",
      library_id: library,
    });
    const copy = await uploadBytes(api, await gradient(100, 50), {
      name: "gradient-small.png",
      library_id: library,
    });
    const other = await uploadBytes(api, await solidPng(80, 80, { r: 10, g: 200, b: 40 }), {
      name: "green.png",
      library_id: library,
    });
    const trashed = await uploadBytes(api, await gradient(150, 75), {
      name: "trashed.png",
      library_id: library,
    });
    for (const f of [original, copy, other, trashed]) await waitUntilProcessed(api, f.id);
    await api("DELETE", `/v1/files/${trashed.id}`);

    const res = await api("GET", `/v1/files/${original.id}/similar?limit=10`);
    expect(res.status).toBe(200);
    const ids = res.body.data.map((f: { id: string }) => f.id);
    expect(ids[0]).toBe(copy.id);
    expect(ids).toContain(other.id);
    expect(ids).not.toContain(original.id);
    expect(ids).not.toContain(trashed.id);
    for (const f of res.body.data) {
      expect(f.similarity).toBeGreaterThanOrEqual(0);
      expect(f.similarity).toBeLessThanOrEqual(1);
    }
    expect(res.body.data[0].similarity).toBeGreaterThan(res.body.data.at(-1).similarity);
    expect((await api("GET", `/v1/files/${original.id}/similar?limit=101`)).status).toBe(400);

    // Pages by cursor like every list, in the same order.
    const first = await api("GET", `/v1/files/${original.id}/similar?limit=1`);
    expect(first.body).toMatchObject({ has_more: true, data: [{ id: copy.id }] });
    const rest = await api(
      "GET",
      `/v1/files/${original.id}/similar?limit=10&cursor=${encodeURIComponent(first.body.next_cursor)}`,
    );
    expect(rest.body.data.map((f: { id: string }) => f.id)).toEqual(ids.slice(1));
    expect(rest.body).toMatchObject({ has_more: false, next_cursor: null });
  });

  it("finds the original from its mirror image and from a recoloured copy, among look-alikes", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Mirrors" } })).body.id;
    // A picture that differs from its mirror image: a bright block on the left of a dark field.
    const scene = (left: number, colour: { r: number; g: number; b: number }) =>
      sharp({ create: { width: 240, height: 160, channels: 3, background: { r: 20, g: 24, b: 40 } } })
        .composite([
          {
            input: { create: { width: 60, height: 90, channels: 3, background: colour } },
            left,
            top: 30,
          },
        ])
        .png()
        .toBuffer();
    const original = await scene(20, { r: 240, g: 200, b: 40 });
    const upload = async (name: string, bytes: Buffer) => {
      const file = await uploadBytes(api, bytes, { name, library_id: library });
      await waitUntilProcessed(api, file.id);
      return file;
    };
    const source = await upload("block-left.png", original);
    const mirror = await upload("block-left-mirrored.png", await sharp(original).flop().toBuffer());
    const recoloured = await upload(
      "block-left-recoloured.png",
      await sharp(original).modulate({ hue: 120 }).toBuffer(),
    );
    // Look-alikes: the same field with the block elsewhere (not at 160: that is the mirror image itself).
    for (const left of [70, 120])
      await upload(`block-at-${left}.png`, await scene(left, { r: 240, g: 200, b: 40 }));

    const fromMirror = await api("GET", `/v1/files/${mirror.id}/similar?limit=3`);
    expect(fromMirror.body.data[0].id).toBe(source.id);
    expect(fromMirror.body.data[0].similarity).toBeGreaterThan(0.9);
    const fromRecoloured = await api("GET", `/v1/files/${recoloured.id}/similar?limit=3`);
    expect(fromRecoloured.body.data.slice(0, 2).map((f: { id: string }) => f.id)).toContain(source.id);
  });

  it("still matches pictures described by an earlier release (version 2 descriptors), at the same index point", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Earlier" } })).body.id;
    const picture = await patternImage(300, 200, "b").png().toBuffer();
    const original = await uploadBytes(api, picture, { name: "old.png", library_id: library });
    const copy = await uploadBytes(api, await sharp(picture).resize(150).png().toBuffer(), {
      name: "new.png",
      library_id: library,
    });
    const other = await uploadBytes(api, await solidPng(80, 80, { r: 10, g: 200, b: 40 }), {
      name: "other.png",
      library_id: library,
    });
    for (const f of [original, copy, other]) await waitUntilProcessed(api, f.id);
    const point = async () =>
      rowsOf<{ features: number[]; point: string }>(
        await service.deps.db.execute(
          sql`select v.features, v.visual_embedding::text as point from file_versions v join files f on f.active_version_id = v.id where f.id = ${original.id}`,
        ),
      )[0]!;
    const before = await point();
    expect(before.features[0]).toBe(3);
    // What version 2 wrote: the same hashes and bins, without the vertical and fine hashes.
    await service.deps.db.execute(
      sql`update file_versions set features = array[2::real] || features[2:81] where file_id = ${original.id}`,
    );
    const after = await point();
    expect(after.features).toHaveLength(81);
    expect(after.point).toBe(before.point);

    const res = await api("GET", `/v1/files/${copy.id}/similar?limit=5`);
    expect(res.body.data[0].id).toBe(original.id);
    expect(res.body.data[0].similarity).toBeGreaterThan(0.8);
  });

  it("offers only files of libraries the caller can see", async () => {
    const seen = (await api("POST", "/v1/libraries", { body: { name: "Seen" } })).body.id;
    const unseen = (await api("POST", "/v1/libraries", { body: { name: "Unseen" } })).body.id;
    const users = service.seed.users;
    await service.deps.db
      .insert(libraryGrants)
      .values({ libraryId: seen, userId: users.viewer.id, access: "view" });
    const viewer = apiClient(
      service.regionalUrl,
      await service.createKey(ALL_SCOPES, { email: users.viewer.email }),
    );
    const picture = await patternImage(320, 240, "a").png().toBuffer();
    const original = await uploadBytes(api, picture, { name: "seen.png", library_id: seen });
    const visibleCopy = await uploadBytes(api, await sharp(picture).resize(200).png().toBuffer(), {
      name: "seen-copy.png",
      library_id: seen,
    });
    const hiddenCopy = await uploadBytes(api, await sharp(picture).resize(160).png().toBuffer(), {
      name: "unseen-copy.png",
      library_id: unseen,
    });
    for (const f of [original, visibleCopy, hiddenCopy]) await waitUntilProcessed(api, f.id);

    const ids = async (call: ApiCall) =>
      (await call("GET", `/v1/files/${original.id}/similar?limit=20`)).body.data.map(
        (f: { id: string }) => f.id,
      );
    expect(await ids(api)).toEqual(expect.arrayContaining([visibleCopy.id, hiddenCopy.id]));
    const viewerIds = await ids(viewer);
    expect(viewerIds).toContain(visibleCopy.id);
    expect(viewerIds).not.toContain(hiddenCopy.id);
    expect((await viewer("GET", `/v1/files/${hiddenCopy.id}/similar`)).status).toBe(404);
  });

  it("answers 20 at most when no limit is given, and needs files:read", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Many" } })).body.id;
    const made = [];
    for (let i = 0; i < 22; i++)
      made.push(
        await uploadBytes(api, await solidPng(40 + i, 30, { r: 10 * i, g: 120, b: 200 - 5 * i }), {
          name: `swatch-${i}.png`,
          library_id: library,
        }),
      );
    for (const f of made) await waitUntilProcessed(api, f.id);
    const res = await api("GET", `/v1/files/${made[0]!.id}/similar`);
    expect(res.status).toBe(200);
    expect(res.body.data).toHaveLength(20);
    expect(res.body.has_more).toBe(true);

    const librariesOnly = apiClient(service.regionalUrl, await service.createKey(["libraries:read"]));
    const refused = await librariesOnly("GET", `/v1/files/${made[0]!.id}/similar`);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: "insufficient_scope",
      details: { required_scope: "files:read" },
    });
  });

  it("is empty for files without visual features", async () => {
    const library = (await api("POST", "/v1/libraries", { body: { name: "Text" } })).body.id;
    const note = await uploadBytes(api, Buffer.from("just words"), { name: "n.txt", library_id: library });
    await waitUntilProcessed(api, note.id);
    expect((await api("GET", `/v1/files/${note.id}/similar`)).body).toEqual({
      object: "list",
      has_more: false,
      next_cursor: null,
      data: [],
    });
    const forged = await api("GET", `/v1/files/${note.id}/similar?cursor=garbage`);
    expect(forged.status).toBe(400);
    expect(forged.body.code).toBe("validation_error");
  });
});
