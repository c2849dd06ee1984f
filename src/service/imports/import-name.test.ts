import { describe, expect, it } from "vitest";
import { importName } from "./import-name.ts";

const url = (text: string) => new URL(text);

describe("importName", () => {
  it("prefers the name asked for, then Content-Disposition, then the URL", () => {
    expect(importName("Mine.png", 'attachment; filename="theirs.png"', url("https://x.test/a.png"))).toBe(
      "Mine.png",
    );
    expect(importName(null, 'attachment; filename="theirs.png"', url("https://x.test/a.png"))).toBe(
      "theirs.png",
    );
    expect(
      importName(null, "attachment; filename*=UTF-8''Logo%20%C3%9Cnicode.png", url("https://x.test/a")),
    ).toBe("Logo Ünicode.png");
    expect(importName(null, undefined, url("https://x.test/path/Hero%20shot.jpg?x=1"))).toBe("Hero shot.jpg");
    expect(importName(null, "garbage;;;", url("https://x.test/b.pdf"))).toBe("b.pdf");
  });

  it("never returns a path or an empty name", () => {
    expect(importName(null, 'attachment; filename="../../etc/passwd"', url("https://x.test/"))).toBe(
      ".._.._etc_passwd",
    );
    expect(importName(null, undefined, url("https://x.test/"))).toBe("x.test");
    expect(importName(null, undefined, url("https://x.test/%2e%2e"))).toBe("x.test");
  });
});
