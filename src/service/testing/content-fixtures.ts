import sharp from "sharp";
import type { ApiCall } from "./http-client.ts";

/** A PNG of one colour, made in memory. */
export function solidPng(width = 64, height = 48, color = { r: 220, g: 30, b: 40 }) {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** Uploads bytes through the real flow: create, PUT to the signed URL (no key), complete. */
export async function uploadBytes(
  api: ApiCall,
  bytes: Buffer,
  target: { name: string; library_id?: string; folder_id?: string; file_id?: string },
) {
  const created = await api("POST", "/v1/uploads", { body: { ...target, size: bytes.length } });
  if (created.status !== 201) throw new Error(`create upload: ${created.status} ${created.text}`);
  const put = await fetch(created.body.upload_url, { method: "PUT", body: new Uint8Array(bytes) });
  if (put.status !== 200) throw new Error(`put: ${put.status} ${await put.text()}`);
  const completed = await api("POST", `/v1/uploads/${created.body.id}/complete`);
  if (completed.status !== 201) throw new Error(`complete: ${completed.status} ${completed.text}`);
  return completed.body;
}

/** Polls a file until processing settles. */
export async function waitUntilProcessed(api: ApiCall, fileId: string, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const res = await api("GET", `/v1/files/${fileId}`);
    if (res.body.status !== "processing") return res.body;
    if (Date.now() > deadline) throw new Error(`file ${fileId} still processing`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
