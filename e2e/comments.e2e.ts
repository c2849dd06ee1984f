import { mkdtemp, readFile, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { synthVideo } from "../src/service/media/media-test-kit.ts";
import { type Dashboard, openDashboard, serviceApi } from "./harness.ts";

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(os.tmpdir(), "bs-e2e-video-"));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

async function openComments(d: Dashboard, fileId: string, name: string, search = "") {
  await d.goto(`/files/${fileId}${search}`);
  await d.page.getByRole("heading", { level: 1, name }).waitFor();
  await d.page.getByRole("tab", { name: "Comments" }).click();
}

const commentsList = (d: Dashboard) => d.page.getByRole("list", { name: "Comments" });

describe("review", () => {
  test("mark an image, comment, reply from a second session, resolve; the inbox opens the comment", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Review"));
    const file = await fixtures.uploadPng(
      { name: "hero.png", library_id: library.id },
      { width: 800, height: 600 },
    );
    const d = await openDashboard();
    await openComments(d, file.id, "hero.png");

    await d.page.getByRole("button", { name: "Box", exact: true }).click();
    const surface = d.page.getByRole("application", { name: /Drawing surface/ });
    const box = (await surface.boundingBox())!;
    await d.page.mouse.move(box.x + box.width * 0.25, box.y + box.height * 0.25);
    await d.page.mouse.down();
    await d.page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4, { steps: 5 });
    await d.page.mouse.up();
    await d.page.getByRole("button", { name: "Draw", exact: true }).click();
    await d.page.mouse.move(box.x + box.width * 0.6, box.y + box.height * 0.6);
    await d.page.mouse.down();
    await d.page.mouse.move(box.x + box.width * 0.8, box.y + box.height * 0.7, { steps: 8 });
    await d.page.mouse.up();
    await d.page.getByRole("button", { name: /^2 marks/ }).waitFor();

    await d.page.getByRole("combobox", { name: "Comment" }).fill("Logo too small here");
    await d.page.getByRole("button", { name: "Comment", exact: true }).click();
    const thread = commentsList(d).getByRole("listitem").filter({ hasText: "Logo too small here" });
    await thread.waitFor();
    const [created] = (await d.api("GET", `/v1/files/${file.id}/comments`)).data;
    expect(created.text).toBe("Logo too small here");
    expect(created.annotations.map((a: { type: string }) => a.type)).toEqual(["rectangle", "draw"]);
    const [corner, opposite] = created.annotations[0].coordinates;
    expect(corner.x).toBeCloseTo(0.25, 1);
    expect(corner.y).toBeCloseTo(0.25, 1);
    expect(opposite.x).toBeCloseTo(0.5, 1);
    expect(opposite.y).toBeCloseTo(0.4, 1);
    for (const point of created.annotations[1].coordinates) {
      expect(point.x).toBeGreaterThanOrEqual(0);
      expect(point.x).toBeLessThanOrEqual(1);
    }
    // The new comment is selected: its marks show over the picture.
    const overlay = d.page.getByRole("img", { name: "Marks of the selected comment" });
    await expect.poll(() => overlay.locator("g").count()).toBe(2);

    // A second session replies.
    const other = await openDashboard();
    await openComments(other, file.id, "hero.png", `?comment=${created.id}`);
    const otherThread = commentsList(other).getByRole("listitem").filter({ hasText: "Logo too small here" });
    await otherThread.getByRole("button", { name: /^Reply/ }).click();
    await otherThread.getByRole("combobox", { name: "Reply" }).fill("Bigger in v2");
    await otherThread.getByRole("button", { name: "Post reply" }).click();
    await otherThread.getByRole("list", { name: "Replies" }).getByText("Bigger in v2").waitFor();
    await other.close();

    await d.page.reload();
    await d.page.getByRole("tab", { name: "Comments" }).click();
    await thread.getByRole("button", { name: /^Show comment/ }).click();
    await thread.getByRole("list", { name: "Replies" }).getByText("Bigger in v2").waitFor();
    await d.screenshot("comment-with-marks-and-reply");
    await d.expectAccessible("file page with the comments panel");
    // Each thread's buttons name their comment, so a screen reader's list of buttons tells them apart.
    await thread.getByRole("button", { name: /^Resolve comment by .+: “Logo too small here”$/ }).click();
    await expect
      .poll(async () => (await d.api("GET", `/v1/files/${file.id}/comments/${created.id}`)).resolved)
      .toBe(true);
    await expect.poll(() => thread.count()).toBe(0);
    // Its marks leave the picture with it.
    await expect.poll(() => overlay.locator("g").count()).toBe(0);
    // The resolved comment left the "Open" list with focus in it; focus stays in the panel, not on <body>.
    await expect.poll(() => d.page.evaluate(() => document.activeElement?.textContent)).toBe("Open (0)");
    await d.page.getByRole("button", { name: /^Resolved/ }).click();
    await thread.getByText("Resolved", { exact: true }).waitFor();

    await d.page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Comments" }).click();
    await d.page.getByRole("heading", { level: 1, name: "Comments" }).waitFor();
    await d.page.getByRole("combobox", { name: "State" }).selectOption("resolved");
    const row = d.page.getByRole("link", { name: /Logo too small here/ });
    await row.waitFor();
    // Each remark shows its picture, so the file is known before its name is read.
    await expect
      .poll(() =>
        row
          .locator("img")
          .evaluate((img) => (img as HTMLImageElement).naturalWidth)
          .catch(() => 0),
      )
      .toBeGreaterThan(0);
    await d.screenshot("comments-inbox");
    await d.expectAccessible("comments inbox");
    await row.click();
    await d.page.getByRole("heading", { level: 1, name: "hero.png" }).waitFor();
    expect(new URL(d.page.url()).searchParams.get("comment")).toBe(created.id);
    await expect
      .poll(() => d.page.locator(`[data-comment-id="${created.id}"]`).getAttribute("aria-current"))
      .toBe("true");
  });

  test("a trashed file's comments can be resolved, not changed, until it is restored", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Binned review"));
    const file = await fixtures.uploadPng({ name: "binned.png", library_id: library.id });
    const d = await openDashboard();
    const created = await d.api("POST", `/v1/files/${file.id}/comments`, { text: "Wrong crop" });
    await d.api("DELETE", `/v1/files/${file.id}`);
    await openComments(d, file.id, "binned.png");

    const composer = d.page.getByRole("combobox", { name: "Comment" });
    expect(await composer.isDisabled()).toBe(true);
    expect(await composer.getAttribute("placeholder")).toBe("Restore the file to comment on it.");
    const thread = commentsList(d).getByRole("listitem").filter({ hasText: "Wrong crop" });
    expect(await thread.getByRole("button", { name: /^(Edit|Delete) comment/ }).count()).toBe(0);
    await thread.getByRole("button", { name: /^Reply to/ }).click();
    const reply = thread.getByRole("combobox", { name: "Reply" });
    expect(await reply.isDisabled()).toBe(true);
    expect(await reply.getAttribute("placeholder")).toBe("Restore the file to reply.");
    await d.screenshot("trashed-file-comments");

    await thread.getByRole("button", { name: /^Resolve comment/ }).click();
    await expect
      .poll(async () => (await d.api("GET", `/v1/files/${file.id}/comments/${created.id}`)).resolved)
      .toBe(true);
  });

  test("a video comment records the playhead; clicking it seeks there", async () => {
    const { fixtures } = serviceApi();
    const library = await fixtures.createLibrary(fixtures.unique("Video review"));
    const video = await readFile(
      await synthVideo(path.join(scratch, "clip.mp4"), { seconds: 8, audio: false }),
    );
    const uploaded = await fixtures.uploadBytes({ name: "clip.mp4", library_id: library.id }, video);
    await fixtures.waitUntilProcessed(uploaded.id, 60_000);
    const d = await openDashboard();
    await openComments(d, uploaded.id, "clip.mp4");
    const seek = d.page.getByRole("slider", { name: "Seek" });
    const playhead = () => d.page.locator("video").evaluate((v) => (v as HTMLVideoElement).currentTime);
    await expect.poll(() => seek.getAttribute("aria-valuemax")).not.toBe("0");
    await seek.focus();
    await seek.press("ArrowRight");
    await expect.poll(playhead).toBeGreaterThan(4.5);

    await d.page.getByRole("combobox", { name: "Comment" }).click();
    await d.page.getByRole("button", { name: /^At 0:05/ }).waitFor();
    await d.page.getByRole("combobox", { name: "Comment" }).fill("Cut here");
    await d.page.getByRole("button", { name: "Comment", exact: true }).click();
    const thread = commentsList(d).getByRole("listitem").filter({ hasText: "Cut here" });
    await thread.waitFor();
    const [created] = (await d.api("GET", `/v1/files/${uploaded.id}/comments`)).data;
    expect(created.timestamp_ms).toBeGreaterThanOrEqual(4500);
    expect(created.timestamp_ms).toBeLessThanOrEqual(5500);
    await d.page.getByRole("button", { name: /^Comment at 0:05/ }).waitFor();

    await seek.focus();
    await seek.press("Home");
    await expect.poll(playhead).toBeLessThan(0.5);
    await thread.getByRole("button", { name: /^Show comment/ }).click();
    await expect.poll(playhead).toBeGreaterThan(4.4);
    await d.screenshot("video-comment");
    await d.expectAccessible("video with a timed comment");
  });
});
