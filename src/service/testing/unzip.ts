import yauzl from "yauzl";

/** Every entry of a zip: its name, and its bytes (null for a directory). */
export async function unzip(bytes: Buffer): Promise<Map<string, Buffer | null>> {
  const zip = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (error, z) => (error ? reject(error) : resolve(z!))),
  );
  const entries = new Map<string, Buffer | null>();
  await new Promise<void>((resolve, reject) => {
    zip.on("entry", (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith("/")) {
        entries.set(entry.fileName, null);
        zip.readEntry();
        return;
      }
      zip.openReadStream(entry, async (error, stream) => {
        if (error) return reject(error);
        const chunks: Buffer[] = [];
        for await (const chunk of stream!) chunks.push(chunk as Buffer);
        entries.set(entry.fileName, Buffer.concat(chunks));
        zip.readEntry();
      });
    });
    zip.on("end", resolve);
    zip.on("error", reject);
    zip.readEntry();
  });
  return entries;
}

/** Downloads a zip at a (signed) URL and reads it; anything but 200 throws with the answer's text. */
export async function fetchZip(url: string): Promise<{ res: Response; entries: Map<string, Buffer | null> }> {
  const res = await fetch(url);
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${await res.text()}`);
  return { res, entries: await unzip(Buffer.from(await res.arrayBuffer())) };
}
