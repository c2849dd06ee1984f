import { describe, expect, it } from "vitest";
import { EntryNames, joinPath } from "./entry-names.ts";

describe("EntryNames", () => {
  it("keeps names unique per folder, ignoring case, before the extension", () => {
    const names = new EntryNames(["Logos/logo.png"]);
    expect(names.claim("Logos", "LOGO.png")).toBe("LOGO (2).png");
    expect(names.claim("Logos", "logo.png")).toBe("logo (3).png");
    expect(names.claim("", "logo.png")).toBe("logo.png");
    expect(names.claim("", "README")).toBe("README");
    expect(names.claim("", "readme")).toBe("readme (2)");
  });

  it("never lets a name become a path or climb out", () => {
    const names = new EntryNames([]);
    expect(names.claim("", "../../etc/passwd")).toBe(".._.._etc_passwd");
    expect(names.claim("", "..")).toBe("file");
    expect(names.claim("", "a\\b\u0000c")).toBe("a_b_c");
    expect(joinPath("A/B", "c.txt")).toBe("A/B/c.txt");
    expect(joinPath("", "c.txt")).toBe("c.txt");
  });
});
