import { describe, expect, it } from "vitest";
import { attachmentDisposition } from "./content-disposition.ts";

describe("attachmentDisposition", () => {
  it("gives an ASCII name the same value in both parameters", () => {
    expect(attachmentDisposition("logo-final_v2.png")).toBe(
      `attachment; filename="logo-final_v2.png"; filename*=UTF-8''logo-final_v2.png`,
    );
  });

  it("keeps the exact UTF-8 name in filename* and an accent-free fallback in filename", () => {
    expect(attachmentDisposition("Café Brand Guide.pdf")).toBe(
      `attachment; filename="Cafe Brand Guide.pdf"; filename*=UTF-8''Caf%C3%A9%20Brand%20Guide.pdf`,
    );
    expect(attachmentDisposition("ロゴ.svg")).toBe(
      `attachment; filename="__.svg"; filename*=UTF-8''%E3%83%AD%E3%82%B4.svg`,
    );
  });

  it("cannot be broken out of: quotes, backslashes and line breaks are replaced or encoded", () => {
    const value = attachmentDisposition("a\"b\\c\r\nSet-Cookie: x=1; (it's)*.txt");
    expect(value).toBe(
      `attachment; filename="a_b_c__Set-Cookie: x=1; (it's)*.txt"; ` +
        `filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%20%28it%27s%29%2A.txt`,
    );
    expect(value).not.toMatch(/[\r\n]/);
  });

  it("names an empty file name `download`", () => {
    expect(attachmentDisposition("  ")).toBe(`attachment; filename="download"; filename*=UTF-8''download`);
  });
});
