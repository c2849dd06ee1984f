import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { chunkFetched, openDashboard, shownFileNames } from "./harness.ts";

const MiB = 1024 * 1024;

describe("uploads", () => {
  let tempDir: string;
  beforeAll(async () => {
    tempDir = await mkdtemp(path.join(os.tmpdir(), "bs-e2e-upload-"));
  });
  afterAll(async () => {
    await rm(tempDir, { recursive: true, force: true });
  });

  test("several files through the file input: progress, then the files with thumbnails", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Upload"));
    const folder = await d.fixtures.createFolder(library.id, "Incoming");
    await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
    await d.page.getByRole("heading", { level: 1, name: "Incoming" }).waitFor();
    await d.page.waitForLoadState("networkidle");
    expect(await chunkFetched(d, "upload-runtime"), "the uploader loads with the first file").toEqual([]);

    const pngs = await Promise.all(
      ["u1.png", "u2.png", "u3.png"].map(async (name, i) => ({
        name,
        mimeType: "image/png",
        buffer: await d.fixtures.png(480, 360, { r: 200 - 60 * i, g: 60 * i, b: 90 }),
      })),
    );
    await d.page
      .getByLabel("Choose files to upload")
      .setInputFiles([
        ...pngs,
        { name: "readme.txt", mimeType: "text/plain", buffer: Buffer.from("Read me\n") },
      ]);

    const panel = d.page.getByRole("region", { name: "Uploads" });
    await panel.waitFor();
    expect(await chunkFetched(d, "upload-runtime")).toHaveLength(1);
    for (const name of ["u1.png", "u2.png", "u3.png", "readme.txt"]) {
      await panel
        .getByRole("progressbar", { name: `Upload progress of ${name}` })
        .waitFor({ state: "attached" });
    }
    for (const name of ["u1.png", "u2.png", "u3.png", "readme.txt"]) {
      await expect
        .poll(() =>
          panel
            .getByRole("progressbar", { name: `Upload progress of ${name}` })
            .getAttribute("aria-valuetext"),
        )
        .toMatch(/^100%, Uploaded/);
    }
    await expect.poll(() => shownFileNames(d.page)).toEqual(["readme.txt", "u1.png", "u2.png", "u3.png"]);
    await expect
      .poll(
        () =>
          d.page
            .locator("[data-file-id] img")
            .evaluateAll((imgs) => imgs.filter((i) => (i as HTMLImageElement).naturalWidth > 0).length),
        { timeout: 20_000 },
      )
      .toBe(3);
    await d.screenshot("uploaded");
    await d.expectAccessible("folder with the upload panel");

    const listed = await d.api("GET", `/v1/files?folder_id=${folder.id}&limit=10`);
    expect(listed.data.map((f: { name: string }) => f.name).sort()).toEqual([
      "readme.txt",
      "u1.png",
      "u2.png",
      "u3.png",
    ]);
    const png = listed.data.find((f: { name: string }) => f.name === "u1.png");
    expect(png).toMatchObject({ kind: "image", resolution: "480x360", status: "ready" });
  });

  test("a name already in the folder asks first: replace makes a new version, keep both a second file, skip nothing", async () => {
    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Clash"));
    const folder = await d.fixtures.createFolder(library.id, "Briefs");
    const brief = await d.fixtures.uploadBytes(
      { name: "brief.txt", folder_id: folder.id },
      Buffer.from("First draft\n"),
    );
    await d.goto(`/folders/${folder.id}?sort=name&order=asc`);
    await d.page.getByRole("heading", { level: 1, name: "Briefs" }).waitFor();
    await expect.poll(() => shownFileNames(d.page)).toEqual(["brief.txt"]);
    const input = d.page.getByLabel("Choose files to upload");
    const text = (name: string, content: string) => ({
      name,
      mimeType: "text/plain",
      buffer: Buffer.from(content),
    });
    const panel = d.page.getByRole("region", { name: "Uploads" });
    const uploaded = (name: string) =>
      panel.getByRole("progressbar", { name: `Upload progress of ${name}` }).getAttribute("aria-valuetext");
    // Names and sizes, sorted (two files of one name come in no set order).
    const filesHere = async () =>
      (await d.api("GET", `/v1/files?folder_id=${folder.id}&limit=10`)).data
        .map((f: { name: string; size: number }) => `${f.name} ${f.size}`)
        .sort();

    // A free name starts at once; the taken one waits for the answer.
    await input.setInputFiles([text("brief.txt", "Second draft, longer\n"), text("notes.txt", "Notes\n")]);
    const question = d.page.getByRole("dialog", { name: "“brief.txt” is already here" });
    await question.getByText("A file with this name is in this folder.").waitFor();
    // (The open question hides the page from the accessibility tree: the service tells.)
    await expect.poll(filesHere).toEqual(["brief.txt 12", "notes.txt 6"]);
    await d.screenshot("name-clash");
    await d.expectAccessible("the name clash question");

    await question.getByRole("button", { name: "Replace" }).click();
    await question.waitFor({ state: "detached" });
    expect(await uploaded("notes.txt")).toMatch(/^100%, Uploaded/);
    await expect.poll(() => uploaded("brief.txt")).toMatch(/^100%, Uploaded/);
    const versions = await d.api("GET", `/v1/files/${brief.id}/versions`);
    expect(versions.data).toHaveLength(2);
    expect(await filesHere()).toEqual(["brief.txt 21", "notes.txt 6"]);

    // Several taken names are listed; keep both adds files of their own, numbered as a desktop numbers them.
    await input.setInputFiles([text("brief.txt", "Third\n"), text("notes.txt", "More notes\n")]);
    const several = d.page.getByRole("dialog", { name: "2 files are already here" });
    await several.getByRole("list", { name: "Names already taken" }).getByText("notes.txt").waitFor();
    await several.getByText("each as a separate file with a number, as in “brief (2).txt”").waitFor();
    await several.getByRole("button", { name: "Keep both" }).click();
    await expect
      .poll(filesHere)
      .toEqual(["brief (2).txt 6", "brief.txt 21", "notes (2).txt 11", "notes.txt 6"]);

    // Skip, or closing the question, uploads nothing.
    await input.setInputFiles([text("brief.txt", "Fourth\n")]);
    await d.page
      .getByRole("dialog", { name: "“brief.txt” is already here" })
      .getByRole("button", { name: "Skip" })
      .click();
    await input.setInputFiles([text("notes.txt", "Fifth\n")]);
    await d.page.getByRole("dialog", { name: "“notes.txt” is already here" }).waitFor();
    await d.page.keyboard.press("Escape");
    await d.page.getByRole("dialog").waitFor({ state: "detached" });
    expect(await filesHere()).toHaveLength(4);
  });

  test("Upload folder… makes the folder and its subfolders, uploads into them, and merges when uploaded again", async () => {
    const root = path.join(tempDir, "picked");
    await mkdir(path.join(root, "Campaign", "Social"), { recursive: true });
    const d = await openDashboard();
    await writeFile(
      path.join(root, "Campaign", "cover.png"),
      await d.fixtures.png(320, 240, { r: 200, g: 40, b: 40 }),
    );
    await writeFile(path.join(root, "Campaign", ".DS_Store"), "system");
    await writeFile(path.join(root, "Campaign", "Social", "post.txt"), "Caption\n");
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Folders"));
    const launch = await d.fixtures.createFolder(library.id, "Launch");
    await d.goto(`/folders/${launch.id}`);
    await d.page.getByRole("heading", { level: 1, name: "Launch" }).waitFor();

    const pickFolder = async () => {
      const chooser = d.page.waitForEvent("filechooser");
      await d.page.getByRole("button", { name: "Folder actions" }).click();
      await d.page.getByRole("menuitem", { name: "Upload folder…" }).click();
      await (await chooser).setFiles(path.join(root, "Campaign"));
    };
    const childFolders = async (folderId: string) =>
      (await d.api("GET", `/v1/folders?folder_id=${folderId}`)).data as { id: string; name: string }[];
    const fileNames = async (folderId: string) =>
      (await d.api("GET", `/v1/files?folder_id=${folderId}`)).data
        .map((f: { name: string }) => f.name)
        .sort();

    await pickFolder();
    await expect.poll(async () => (await childFolders(launch.id)).map((f) => f.name)).toEqual(["Campaign"]);
    const [campaign] = await childFolders(launch.id);
    await expect.poll(async () => (await childFolders(campaign!.id)).map((f) => f.name)).toEqual(["Social"]);
    const [social] = await childFolders(campaign!.id);
    await expect.poll(() => fileNames(campaign!.id)).toEqual(["cover.png"]);
    await expect.poll(() => fileNames(social!.id)).toEqual(["post.txt"]);
    // The new folder shows in the view without a reload.
    await d.page.getByRole("link", { name: "Campaign" }).first().waitFor();
    await d.screenshot("folder-uploaded");

    // Again: the folders merge, and each file whose name is taken is asked about (one question per folder).
    await pickFolder();
    for (const name of ["cover.png", "post.txt"]) {
      const question = d.page.getByRole("dialog", { name: `“${name}” is already here` });
      await question.getByRole("button", { name: "Skip" }).click();
      await question.waitFor({ state: "detached" });
    }
    expect((await childFolders(launch.id)).map((f) => f.name)).toEqual(["Campaign"]);
    expect((await childFolders(campaign!.id)).map((f) => f.name)).toEqual(["Social"]);
    expect(await fileNames(campaign!.id)).toEqual(["cover.png"]);
    expect(await fileNames(social!.id)).toEqual(["post.txt"]);
  });

  test("a multipart upload pauses, keeps its parts, and resumes where it stopped", async () => {
    const size = 120 * MiB;
    const file = path.join(tempDir, "big.bin");
    const bytes = Buffer.alloc(size);
    for (let i = 0; i < size; i += 4096) bytes.writeUInt32BE(i, i);
    await writeFile(file, bytes);

    const d = await openDashboard();
    const library = await d.fixtures.createLibrary(d.fixtures.unique("Multipart"));
    await d.goto(`/libraries/${library.id}`);
    await d.page.getByRole("heading", { level: 1, name: library.name }).waitFor();

    // Slow the browser's uploads down so that there is a moment to pause in.
    const cdp = await d.context.newCDPSession(d.page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: 24 * MiB,
    });
    const partPuts: { upload: string; part: string }[] = [];
    let uploadId: string | null = null;
    d.page.on("request", (request) => {
      const url = new URL(request.url());
      const match = /^\/api\/v1\/uploads\/([^/]+)\/parts\/(\d+)/.exec(url.pathname);
      if (request.method() === "PUT" && match) partPuts.push({ upload: match[1]!, part: match[2]! });
    });
    d.page.on("response", async (response) => {
      if (response.request().method() === "POST" && new URL(response.url()).pathname === "/api/v1/uploads") {
        uploadId = (await response.json().catch(() => null))?.id ?? null;
      }
    });

    await d.page.getByLabel("Choose files to upload").setInputFiles(file);
    const bar = d.page.getByRole("progressbar", { name: "Upload progress of big.bin" });
    await expect
      .poll(async () => Number(await bar.getAttribute("aria-valuenow")), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(15);
    await d.page.getByRole("button", { name: "Pause upload of big.bin" }).click();
    await expect.poll(() => bar.getAttribute("aria-valuetext")).toMatch(/Paused/);
    await d.screenshot("paused");
    await d.expectAccessible("paused upload");
    const pausedAt = Number(await bar.getAttribute("aria-valuenow"));
    expect(pausedAt).toBeLessThan(100);
    await d.page.waitForTimeout(1500);
    expect(Number(await bar.getAttribute("aria-valuenow")), "a paused upload does not progress").toBe(
      pausedAt,
    );

    expect(uploadId).not.toBeNull();
    const paused = await d.api("GET", `/v1/uploads/${uploadId}`);
    expect(paused.method).toBe("multipart");
    const receivedBefore = new Set<number>(paused.received_parts.map((p: { number: number }) => p.number));
    expect(receivedBefore.size).toBeGreaterThan(0);
    expect(receivedBefore.size).toBeLessThan(paused.parts.length);
    const putsBeforeResume = partPuts.length;

    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await d.page.getByRole("button", { name: "Resume upload of big.bin" }).click();
    await expect
      .poll(() => bar.getAttribute("aria-valuetext"), { timeout: 30_000 })
      .toMatch(/^100%, Uploaded/);

    const resent = partPuts.slice(putsBeforeResume).filter((p) => receivedBefore.has(Number(p.part)));
    expect(resent, "parts the service had were not sent again").toEqual([]);
    const completed = await d.api("GET", `/v1/uploads/${uploadId}`);
    expect(completed.status).toBe("completed");
    const files = await d.api("GET", `/v1/files?library_id=${library.id}&limit=10`);
    expect(files.data.map((f: { name: string; size: number }) => [f.name, f.size])).toEqual([
      ["big.bin", size],
    ]);
    await expect.poll(() => shownFileNames(d.page)).toEqual(["big.bin"]);
  });
});
