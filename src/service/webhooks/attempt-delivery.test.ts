import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { type OpenedSecrets, signingSecrets } from "./attempt-delivery.ts";
import { sealSecret } from "./secret-box.ts";

const key = randomBytes(32);

describe("signing secrets", () => {
  it("keeps the opened secrets, and drops the previous one the moment its overlap ends", () => {
    const now = Date.now();
    const webhook = {
      id: "wh_1",
      secretSealed: sealSecret(key, "whsec_current"),
      previousSecretSealed: sealSecret(key, "whsec_previous"),
      previousSecretExpiresAt: new Date(now + 1_000),
    };
    const opened = new Map<string, OpenedSecrets>();
    expect(signingSecrets(key, opened, webhook, now)).toEqual(["whsec_current", "whsec_previous"]);
    // Kept: a row read again would be a new entry, but this one is not opened again meanwhile.
    expect(signingSecrets(key, opened, { ...webhook, secretSealed: "not opened" }, now + 999)).toEqual([
      "whsec_current",
      "whsec_previous",
    ]);
    expect(signingSecrets(key, opened, webhook, now + 1_000)).toEqual(["whsec_current"]);
    expect(signingSecrets(key, opened, { ...webhook, secretSealed: "not opened" }, now + 60_000)).toEqual([
      "whsec_current",
    ]);
  });

  it("signs with the current secret alone when there is no previous one", () => {
    const webhook = {
      id: "wh_2",
      secretSealed: sealSecret(key, "whsec_only"),
      previousSecretSealed: null,
      previousSecretExpiresAt: null,
    };
    expect(signingSecrets(key, new Map(), webhook)).toEqual(["whsec_only"]);
  });
});
