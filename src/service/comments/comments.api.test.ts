import { readFile } from "node:fs/promises";
import { asc } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Comment, InboxComment, Reply } from "../../contract/comments.ts";
import { ErrorBody } from "../../contract/errors.ts";
import { ALL_SCOPES } from "../../contract/scopes.ts";
import { events } from "../db/schema/index.ts";
import { synthAudio, useTempDir } from "../media/media-test-kit.ts";
import { solidPng, uploadBytes, waitUntilProcessed } from "../testing/content-fixtures.ts";
import { watchEvents } from "../testing/event-watch.ts";
import { type ApiCall, type ApiResponse, apiClient } from "../testing/http-client.ts";
import { startTestService, type TestService } from "../testing/test-service.ts";

let service: TestService;
let owner: ApiCall;
let editor: ApiCall;
let viewer: ApiCall;
let fileId: string;
let audioId: string;
let hiddenFileId: string;
const temp = useTempDir();

beforeAll(async () => {
  service = await startTestService();
  owner = apiClient(service.regionalUrl, service.seed.ownerKey);
  const users = service.seed.users;
  editor = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.editor.email }));
  viewer = apiClient(service.regionalUrl, await service.createKey(ALL_SCOPES, { email: users.viewer.email }));
  const shared = service.seed.libraries.shared;
  fileId = (await uploadBytes(owner, await solidPng(), { name: "review.png", library_id: shared })).id;
  const wav = await readFile(await synthAudio(temp.path("tone.wav"), 1, "wav"));
  audioId = (await uploadBytes(owner, wav, { name: "tone.wav", library_id: shared })).id;
  const hidden = await owner("POST", "/v1/libraries", { body: { name: "Owner only" } });
  hiddenFileId = (
    await uploadBytes(owner, await solidPng(), { name: "secret.png", library_id: hidden.body.id })
  ).id;
});
afterAll(() => service?.close());

async function eventsOf(id: string) {
  const rows = await service.deps.db.select().from(events).orderBy(asc(events.seq));
  return rows.filter((e) => (e.data as { id?: string }).id === id);
}

function expectError(res: ApiResponse, status: number, code: string, param?: string) {
  expect(res.status, res.text).toBe(status);
  const body = ErrorBody.parse(res.body);
  expect(body.code).toBe(code);
  if (param) expect(JSON.stringify(body.details)).toContain(param);
}

const comment = (api: ApiCall, body: Record<string, unknown>, id = fileId) =>
  api("POST", `/v1/files/${id}/comments`, { body });

describe("comments", () => {
  it("creates a comment on the active version, with its author, and emits comment.created", async () => {
    const created = await editor("POST", `/v1/files/${fileId}/comments`, {
      body: { text: "Logo too small here" },
    });
    expect(created.status).toBe(201);
    const body = Comment.parse(created.body);
    const file = await owner("GET", `/v1/files/${fileId}`);
    expect(body).toMatchObject({
      object: "comment",
      file_id: fileId,
      version_id: file.body.version.active_id,
      text: "Logo too small here",
      author: { id: service.seed.users.editor.id, name: "Eddie Editor" },
      anonymous_name: null,
      mentions: [],
      timestamp_ms: null,
      annotations: [],
      resolved: false,
      resolved_at: null,
      resolved_by_id: null,
      has_replies: false,
      edited_at: null,
    });
    const emitted = await eventsOf(body.id);
    expect(emitted.map((e) => e.type)).toEqual(["comment.created"]);
    expect(emitted[0]!.data).toMatchObject({ object: "comment", id: body.id, file_id: fileId });
    expect(emitted[0]!.actorType).toBe("user");
  });

  it("keeps annotations exactly as sent, normalized 0 to 1", async () => {
    const annotations = [
      {
        type: "draw",
        coordinates: [
          { x: 0.123456789012, y: 0.987654321098 },
          { x: 0, y: 1 },
          { x: 0.5, y: 0.333333333333333 },
        ],
      },
      {
        type: "rectangle",
        coordinates: [
          { x: 0.1, y: 0.2 },
          { x: 0.7, y: 0.9 },
        ],
      },
    ];
    const created = await comment(owner, { text: "Circle this", annotations });
    expect(created.status).toBe(201);
    expect(created.body.annotations).toEqual(annotations);
    expect((await owner("GET", `/v1/files/${fileId}/comments/${created.body.id}`)).body.annotations).toEqual(
      annotations,
    );
  });

  it("counts people, not repetitions, against the 50 mentions", async () => {
    const editorId = service.seed.users.editor.id;
    const repeated = await comment(owner, { text: "Over to you", mentions: Array(201).fill(editorId) });
    expect(repeated.status, repeated.text).toBe(201);
    expect(repeated.body.mentions.map((m: { id: string }) => m.id)).toEqual([editorId]);
    expectError(
      await comment(owner, { text: "x", mentions: Array(1_001).fill(editorId) }),
      400,
      "validation_error",
      "mentions",
    );
  });

  it("refuses bad input with 400 and writes nothing", async () => {
    const before = (await owner("GET", `/v1/files/${fileId}/comments?limit=100`)).body.data.length;
    expectError(await comment(owner, { text: "" }), 400, "validation_error", "text");
    expectError(await comment(owner, { text: "   " }), 400, "validation_error", "text");
    expectError(await comment(owner, { text: "x".repeat(10_001) }), 400, "validation_error", "text");
    expectError(await comment(owner, { text: "a\u0000b" }), 400, "validation_error");
    expectError(await comment(owner, { text: 42 }), 400, "validation_error", "text");
    const outside = { type: "draw", coordinates: [{ x: 1.2, y: 0.5 }] };
    expectError(await comment(owner, { text: "x", annotations: [outside] }), 400, "validation_error");
    const badType = { type: "circle", coordinates: [{ x: 0.2, y: 0.5 }] };
    expectError(await comment(owner, { text: "x", annotations: [badType] }), 400, "validation_error");
    const oneCorner = { type: "rectangle", coordinates: [{ x: 0.2, y: 0.5 }] };
    expectError(await comment(owner, { text: "x", annotations: [oneCorner] }), 400, "validation_error");
    expectError(
      await comment(owner, { text: "x", mentions: ["usr_01ARZ3NDEKTSV4RRFFQ69G5FAV"] }),
      400,
      "validation_error",
      "mentions.0",
    );
    expectError(
      await comment(owner, { text: "x", timestamp_ms: 86_400_001 }),
      400,
      "validation_error",
      "timestamp_ms",
    );
    // Far out of range, one error that names the bound.
    const far = await comment(owner, { text: "x", timestamp_ms: 1e20 });
    expect(far.body.details.errors).toEqual([{ param: "timestamp_ms", message: "must be at most 86400000" }]);
    expectError(await comment(owner, { text: "x", unknown: 1 }), 400, "validation_error");
    const otherFile = await owner("GET", `/v1/files/${audioId}`);
    expectError(
      await comment(owner, { text: "x", version_id: otherFile.body.version.active_id }),
      400,
      "validation_error",
      "version_id",
    );
    expect((await owner("GET", `/v1/files/${fileId}/comments?limit=100`)).body.data.length).toBe(before);
  });

  it("takes version_id null as the active version, as when it is left out", async () => {
    const created = await comment(owner, { text: "On whatever is current", version_id: null });
    expect(created.status, created.text).toBe(201);
    // The other optional fields take null as none, too.
    const none = await comment(owner, {
      text: "Plain",
      timestamp_ms: null,
      annotations: null,
      mentions: null,
    });
    expect(none.status, none.text).toBe(201);
    expect(none.body).toMatchObject({ timestamp_ms: null, annotations: [], mentions: [] });
    const file = await owner("GET", `/v1/files/${fileId}`);
    expect(created.body.version_id).toBe(file.body.version.active_id);
  });

  it("takes a playhead position on audio and video, and on other files as sent", async () => {
    const created = await comment(owner, { text: "Too loud at 0:00.5", timestamp_ms: 500 }, audioId);
    expect(created.status).toBe(201);
    expect(created.body.timestamp_ms).toBe(500);
    const onImage = await comment(owner, { text: "Slide 2 of the reel", timestamp_ms: 1500 });
    expect(onImage.status, onImage.text).toBe(201);
    expect(onImage.body.timestamp_ms).toBe(1500);
  });

  it("names the members mentioned, duplicates once; the event carries ids only", async () => {
    const { viewer: vera, editor: eddie } = service.seed.users;
    const created = await comment(owner, {
      text: "@Vera @Eddie look",
      mentions: [vera.id, eddie.id, vera.id],
    });
    expect(created.status).toBe(201);
    expect(created.body.mentions).toEqual([
      { id: vera.id, name: "Vera Viewer" },
      { id: eddie.id, name: "Eddie Editor" },
    ]);
    const [event] = await eventsOf(created.body.id);
    expect(event!.data).toEqual({ object: "comment", id: created.body.id, file_id: fileId });
    // The limit of 50 counts people, not repetitions.
    const repeated = await comment(owner, { text: "@Vera", mentions: Array(60).fill(vera.id) });
    expect(repeated.status, repeated.text).toBe(201);
    expect(repeated.body.mentions).toEqual([{ id: vera.id, name: "Vera Viewer" }]);
  });

  it("lets only the author edit (404 for anyone else) and marks edited_at", async () => {
    const created = await comment(editor, { text: "First take" });
    const id = created.body.id;
    expectError(
      await owner("PATCH", `/v1/files/${fileId}/comments/${id}`, { body: { text: "Hijack" } }),
      404,
      "not_found",
    );
    const edited = await editor("PATCH", `/v1/files/${fileId}/comments/${id}`, {
      body: { text: "Second take" },
    });
    expect(edited.status).toBe(200);
    expect(edited.body.text).toBe("Second take");
    expect(edited.body.edited_at).not.toBeNull();
    expect(edited.body.edited_at).toBe(edited.body.updated_at);
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(["comment.created", "comment.updated"]);
  });

  it("a viewer reads and resolves but cannot write comments (403)", async () => {
    const created = await comment(owner, { text: "Check the colours" });
    expect((await viewer("GET", `/v1/files/${fileId}/comments/${created.body.id}`)).status).toBe(200);
    expectError(await comment(viewer, { text: "Me too" }), 403, "forbidden");
    const resolved = await viewer("POST", `/v1/files/${fileId}/comments/${created.body.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body).toMatchObject({ resolved: true, resolved_by_id: service.seed.users.viewer.id });
  });

  it("resolves twice with one event, reopens likewise", async () => {
    const id = (await comment(owner, { text: "Fix the kerning" })).body.id;
    const first = await owner("POST", `/v1/files/${fileId}/comments/${id}/resolve`);
    const second = await owner("POST", `/v1/files/${fileId}/comments/${id}/resolve`);
    expect(first.status).toBe(200);
    expect(second.body).toEqual(first.body);
    expect(first.body.resolved_at).not.toBeNull();
    await owner("POST", `/v1/files/${fileId}/comments/${id}/reopen`);
    const reopened = await owner("POST", `/v1/files/${fileId}/comments/${id}/reopen`);
    expect(reopened.body).toMatchObject({ resolved: false, resolved_at: null, resolved_by_id: null });
    expect((await eventsOf(id)).map((e) => e.type)).toEqual([
      "comment.created",
      "comment.resolved",
      "comment.reopened",
    ]);
  });

  it("resolves at the moment it records as updated_at", async () => {
    const id = (await comment(owner, { text: "Tighten the margins" })).body.id;
    const resolved = await owner("POST", `/v1/files/${fileId}/comments/${id}/resolve`);
    expect(resolved.body.resolved_at).toBe(resolved.body.updated_at);
  });

  it("keeps a trashed file's comments readable and resolvable, and refuses other changes until it is restored (409)", async () => {
    const shared = service.seed.libraries.shared;
    const trashed = (await uploadBytes(owner, await solidPng(), { name: "binned.png", library_id: shared }))
      .id;
    const thread = (await comment(owner, { text: "Before the bin" }, trashed)).body;
    const replies = `/v1/files/${trashed}/comments/${thread.id}/replies`;
    const reply = (await owner("POST", replies, { body: { text: "Noted" } })).body;
    expect((await owner("DELETE", `/v1/files/${trashed}`)).status).toBe(200);

    const base = `/v1/files/${trashed}/comments`;
    expect((await owner("GET", `${base}/${thread.id}`)).status).toBe(200);
    expect((await owner("GET", `${base}?limit=10`)).body.data).toHaveLength(1);
    expect((await owner("GET", `${replies}?limit=10`)).body.data).toHaveLength(1);
    for (const [method, path, body] of [
      ["POST", base, { text: "After" }],
      ["PATCH", `${base}/${thread.id}`, { text: "Edited" }],
      ["DELETE", `${base}/${thread.id}`, undefined],
      ["POST", replies, { text: "Another" }],
      ["PATCH", `${replies}/${reply.id}`, { text: "Edited" }],
      ["DELETE", `${replies}/${reply.id}`, undefined],
    ] as const)
      expectError(await owner(method, path, body ? { body } : {}), 409, "conflict");
    // Another member's edit is still 404: not the author, whatever the file's state.
    expectError(await editor("PATCH", `${base}/${thread.id}`, { body: { text: "Mine" } }), 404, "not_found");
    // Resolving needs only that the caller can view the file (the specification's one condition): the trash too.
    const resolved = await owner("POST", `${base}/${thread.id}/resolve`);
    expect(resolved.status).toBe(200);
    expect(resolved.body.resolved).toBe(true);
    expect((await owner("POST", `${base}/${thread.id}/reopen`)).body.resolved).toBe(false);
    expect((await eventsOf(thread.id)).map((e) => e.type)).toEqual([
      "comment.created",
      "comment.resolved",
      "comment.reopened",
    ]);

    expect((await owner("POST", `/v1/files/${trashed}/restore`)).status).toBe(200);
    expect((await owner("POST", `${base}/${thread.id}/resolve`)).status).toBe(200);
  });

  it("lists oldest first, filters by state and version, and pages", async () => {
    const all = await owner("GET", `/v1/files/${fileId}/comments?limit=100`);
    const times = all.body.data.map((c: Comment) => c.created_at);
    expect(times).toEqual([...times].sort());
    const open = await owner("GET", `/v1/files/${fileId}/comments?resolved=false&limit=100`);
    expect(open.body.data.every((c: Comment) => !c.resolved)).toBe(true);
    const version = all.body.data[0].version_id;
    const byVersion = await owner("GET", `/v1/files/${fileId}/comments?version_id=${version}&limit=100`);
    expect(byVersion.body.data.length).toBe(all.body.data.length);
    // Another file's version filters nothing: it is named, as when a comment is written on it.
    const otherVersion = (await owner("GET", `/v1/files/${audioId}`)).body.version.active_id;
    expectError(
      await owner("GET", `/v1/files/${fileId}/comments?version_id=${otherVersion}`),
      400,
      "validation_error",
      "version_id",
    );
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page: ApiResponse = await owner(
        "GET",
        `/v1/files/${fileId}/comments?limit=2${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      seen.push(...page.body.data.map((c: Comment) => c.id));
      cursor = page.body.next_cursor;
    } while (cursor);
    expect(seen).toEqual(all.body.data.map((c: Comment) => c.id));
  });

  it("answers 404 for invisible files, unknown comments and a comment under another file", async () => {
    expectError(await editor("GET", `/v1/files/${hiddenFileId}/comments`), 404, "not_found");
    expectError(await comment(editor, { text: "peek" }, hiddenFileId), 404, "not_found");
    expectError(
      await owner("GET", `/v1/files/${fileId}/comments/cmt_01ARZ3NDEKTSV4RRFFQ69G5FAV`),
      404,
      "not_found",
    );
    const id = (await comment(owner, { text: "elsewhere" })).body.id;
    expectError(await owner("GET", `/v1/files/${audioId}/comments/${id}`), 404, "not_found");
  });
});

describe("replies", () => {
  it("replies (200), lists oldest first, edits by the author only, deletes; has_replies follows", async () => {
    const id = (await comment(owner, { text: "Thread" })).body.id;
    const reply = await editor("POST", `/v1/files/${fileId}/comments/${id}/replies`, {
      body: { text: "On it" },
    });
    expect(reply.status).toBe(200);
    const parsed = Reply.parse(reply.body);
    expect(parsed).toMatchObject({ object: "reply", comment_id: id, text: "On it", edited_at: null });
    await owner("POST", `/v1/files/${fileId}/comments/${id}/replies`, { body: { text: "Thanks" } });
    const list = await viewer("GET", `/v1/files/${fileId}/comments/${id}/replies`);
    expect(list.body.data.map((r: Reply) => r.text)).toEqual(["On it", "Thanks"]);
    expect((await owner("GET", `/v1/files/${fileId}/comments/${id}`)).body).toMatchObject({
      has_replies: true,
      reply_count: 2,
    });
    const path = `/v1/files/${fileId}/comments/${id}/replies/${parsed.id}`;
    expectError(await owner("PATCH", path, { body: { text: "x" } }), 404, "not_found");
    const edited = await editor("PATCH", path, { body: { text: "Done" } });
    expect(edited.body).toMatchObject({ text: "Done" });
    expect(edited.body.edited_at).not.toBeNull();
    expect(edited.body.edited_at).toBe(edited.body.updated_at);
    expectError(await viewer("DELETE", path), 403, "forbidden");
    expect((await editor("DELETE", path)).body).toMatchObject({
      object: "reply",
      id: parsed.id,
      deleted: true,
    });
    const replyEvents = await eventsOf(parsed.id);
    expect(replyEvents.map((e) => e.type)).toEqual(["reply.created", "reply.updated", "reply.deleted"]);
    // The decisions' snapshot of a reply: ids only.
    for (const event of replyEvents)
      expect(event.data).toEqual({ object: "reply", id: parsed.id, comment_id: id, file_id: fileId });
    expect((await owner("GET", `/v1/files/${fileId}/comments/${id}`)).body.reply_count).toBe(1);
  });

  it("deleting a comment deletes its replies: author or comments.manage", async () => {
    const id = (await comment(editor, { text: "To delete" })).body.id;
    await owner("POST", `/v1/files/${fileId}/comments/${id}/replies`, { body: { text: "reply" } });
    expectError(await viewer("DELETE", `/v1/files/${fileId}/comments/${id}`), 403, "forbidden");
    const deleted = await owner("DELETE", `/v1/files/${fileId}/comments/${id}`);
    expect(deleted.body).toMatchObject({ object: "comment", id, deleted: true });
    expectError(await owner("GET", `/v1/files/${fileId}/comments/${id}/replies`), 404, "not_found");
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(["comment.created", "comment.deleted"]);
  });
});

describe("inbox and search", () => {
  it("lists comments across visible files newest first, filtered by library, author, mention and state", async () => {
    await comment(owner, { text: "Owner-only remark" }, hiddenFileId);
    const forEditor = await editor("GET", "/v1/comments?limit=100");
    expect(forEditor.status).toBe(200);
    const items = forEditor.body.data.map((c: unknown) => InboxComment.parse(c));
    expect(items.some((c: InboxComment) => c.file.id === hiddenFileId)).toBe(false);
    expect(items.every((c: InboxComment) => c.file.library_id === service.seed.libraries.shared)).toBe(true);
    const times = items.map((c: InboxComment) => c.created_at);
    expect(times).toEqual([...times].sort().reverse());
    const ownerSees = await owner("GET", "/v1/comments?limit=100");
    expect(ownerSees.body.data.some((c: InboxComment) => c.file.id === hiddenFileId)).toBe(true);

    // A thread mentions someone where its comment or one of its replies does.
    const thread = (await comment(owner, { text: "Which crop?" })).body.id;
    const reply = await owner("POST", `/v1/files/${fileId}/comments/${thread}/replies`, {
      body: { text: "Asking our viewer", mentions: [service.seed.users.viewer.id] },
    });
    expect(reply.status, reply.text).toBe(200);
    const mine = await viewer("GET", "/v1/comments?mentions=me&limit=100");
    expect(mine.body.data.map((c: InboxComment) => c.id)).toContain(thread);
    expect(
      mine.body.data.every(
        (c: InboxComment) => c.id === thread || c.mentions.some((m) => m.id === service.seed.users.viewer.id),
      ),
    ).toBe(true);
    const editorsMentions = await editor("GET", "/v1/comments?mentions=me&limit=100");
    expect(editorsMentions.body.data.map((c: InboxComment) => c.id)).not.toContain(thread);
    const byEditor = await owner("GET", `/v1/comments?author_id=${service.seed.users.editor.id}&limit=100`);
    expect(byEditor.body.data.every((c: InboxComment) => c.author?.id === service.seed.users.editor.id)).toBe(
      true,
    );
    const resolved = await owner("GET", "/v1/comments?resolved=true&limit=100");
    expect(resolved.body.data.length).toBeGreaterThan(0);
    expect(resolved.body.data.every((c: InboxComment) => c.resolved)).toBe(true);
    const inLibrary = await owner(
      "GET",
      `/v1/comments?library_id=${service.seed.libraries.shared}&limit=100`,
    );
    expect(
      inLibrary.body.data.every((c: InboxComment) => c.file.library_id === service.seed.libraries.shared),
    ).toBe(true);
    // A library the caller cannot see, or none at all, is 404, as in the file list.
    const hiddenLibrary = (await owner("GET", `/v1/files/${hiddenFileId}`)).body.library_id;
    for (const libraryId of [hiddenLibrary, "lib_nope"]) {
      const res = await editor("GET", `/v1/comments?library_id=${libraryId}`);
      expect(res.status, libraryId).toBe(404);
      expect(res.body.code).toBe("not_found");
    }
  });

  it("finds a file by the text of its comments and replies", async () => {
    const id = (await comment(owner, { text: "Needs the aubergine palette" })).body.id;
    const byComment = await owner("GET", "/v1/files?q=aubergine");
    expect(byComment.body.data.map((f: { id: string }) => f.id)).toContain(fileId);
    await owner("POST", `/v1/files/${fileId}/comments/${id}/replies`, { body: { text: "and a zeppelin" } });
    const byReply = await owner("GET", "/v1/files?q=zeppelin");
    expect(byReply.body.data.map((f: { id: string }) => f.id)).toEqual([fileId]);
  });
});

describe("a comment or reply edit that changes nothing", () => {
  it("the stored text and mentions: 200, edited_at and updated_at as they were, no event", async () => {
    const mentions = [service.seed.users.editor.id, service.seed.users.viewer.id];
    const created = await owner("POST", `/v1/files/${fileId}/comments`, {
      body: { text: "Bigger", mentions },
    });
    expect(created.status, created.text).toBe(201);
    const path = `/v1/files/${fileId}/comments/${created.body.id}`;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", path, {
      body: { text: "Bigger", mentions: [...mentions, mentions[0]] },
    });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(created.body);
    expect(same.body.edited_at).toBeNull();
    expect((await owner("PATCH", path, { body: { text: "Bigger" } })).body).toEqual(created.body);
    expect(await emitted()).toEqual([]);

    const edited = await owner("PATCH", path, { body: { text: "Much bigger" } });
    expect(edited.body.edited_at).not.toBeNull();
    expect(await emitted()).toEqual(["comment.updated"]);
    const again = await owner("PATCH", path, { body: { text: "Much bigger", mentions } });
    expect(again.body).toEqual(edited.body);
    expect((await owner("GET", path)).body.updated_at).toBe(edited.body.updated_at);
    expect(await emitted()).toEqual(["comment.updated"]);
  });

  it("a reply's stored text: 200 unchanged, no event; new mentions are a change", async () => {
    const comment = (await owner("POST", `/v1/files/${fileId}/comments`, { body: { text: "Thread" } })).body;
    const replies = `/v1/files/${fileId}/comments/${comment.id}/replies`;
    const reply = (await owner("POST", replies, { body: { text: "Agreed" } })).body;
    const emitted = await watchEvents(service.deps.db);
    const same = await owner("PATCH", `${replies}/${reply.id}`, { body: { text: "Agreed", mentions: [] } });
    expect(same.status, same.text).toBe(200);
    expect(same.body).toEqual(reply);
    expect(await emitted()).toEqual([]);

    const mentioned = await owner("PATCH", `${replies}/${reply.id}`, {
      body: { text: "Agreed", mentions: [service.seed.users.editor.id] },
    });
    expect(mentioned.body.mentions).toEqual([expect.objectContaining({ id: service.seed.users.editor.id })]);
    expect(mentioned.body.edited_at).not.toBeNull();
    expect(await emitted()).toEqual(["reply.updated"]);
  });

  it("a no-op edit by anyone but the author is still 404, and a non-member mention still 400", async () => {
    const comment = (await owner("POST", `/v1/files/${fileId}/comments`, { body: { text: "Mine" } })).body;
    const path = `/v1/files/${fileId}/comments/${comment.id}`;
    const emitted = await watchEvents(service.deps.db);
    expect((await editor("PATCH", path, { body: { text: "Mine" } })).status).toBe(404);
    expect((await owner("PATCH", path, { body: { text: "Mine", mentions: ["usr_nobody"] } })).status).toBe(
      400,
    );
    expect(await emitted()).toEqual([]);
  });
});

describe("inbox thumbnails", () => {
  it("each comment's file carries its active version's thumbnail, signed; null for a file without one", async () => {
    const processing = await startTestService({ workers: true });
    try {
      const api = apiClient(processing.regionalUrl, processing.seed.ownerKey);
      const library = processing.seed.libraries.shared;
      const picture = await uploadBytes(api, await solidPng(), { name: "thumb.png", library_id: library });
      const blob = await uploadBytes(api, Buffer.from([1, 2, 3, 4]), {
        name: "data.bin",
        library_id: library,
      });
      for (const file of [picture, blob]) {
        await waitUntilProcessed(api, file.id);
        await api("POST", `/v1/files/${file.id}/comments`, { body: { text: `About ${file.id}` } });
      }
      const inbox = (await api("GET", "/v1/comments?limit=100")).body.data.map((c: unknown) =>
        InboxComment.parse(c),
      );
      const fileOf = (id: string) => inbox.find((c: InboxComment) => c.file.id === id)?.file;
      expect(fileOf(picture.id)).toMatchObject({ name: "thumb.png", kind: "image" });
      const thumbnail = await fetch(fileOf(picture.id)!.thumbnail_url!);
      expect(thumbnail.status).toBe(200);
      expect(thumbnail.headers.get("content-type")).toMatch(/^image\//);
      expect(fileOf(blob.id)).toMatchObject({ kind: "other", thumbnail_url: null });
    } finally {
      await processing.close();
    }
  });
});
