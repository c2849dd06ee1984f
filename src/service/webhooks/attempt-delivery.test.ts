import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { signingSecrets } from "./attempt-delivery.ts";
import { sealSecret } from "./secret-box.ts";

const key = randomBytes(32);

describe("signing secrets", () => {
  it("keeps the opened secrets, and drops the previous one the moment its overlap ends", () => {
    const now = Date.now();
    const row = {
      secretSealed: sealSecret(key, "whsec_current"),
      previousSecretSealed: sealSecret(key, "whsec_previous"),
      previousSecretExpiresAt: new Date(now + 1_000),
    };
    const endpoint: Parameters<typeof signingSecrets>[1] = { row };
    expect(signingSecrets(key, endpoint, now)).toEqual(["whsec_current", "whsec_previous"]);
    // Kept until the overlap ends, not opened again meanwhile (a read of the row makes a new entry).
    endpoint.row = { ...row, secretSealed: "not opened" };
    expect(signingSecrets(key, endpoint, now + 999)).toEqual(["whsec_current", "whsec_previous"]);
    endpoint.row = row;
    expect(signingSecrets(key, endpoint, now + 1_000)).toEqual(["whsec_current"]);
    endpoint.row = { ...row, secretSealed: "not opened" };
    expect(signingSecrets(key, endpoint, now + 60_000)).toEqual(["whsec_current"]);
  });

  it("signs with the current secret alone when there is no previous one", () => {
    const row = {
      secretSealed: sealSecret(key, "whsec_only"),
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
    };
    expect(signingSecrets(key, { row })).toEqual(["whsec_only"]);
  });
});
