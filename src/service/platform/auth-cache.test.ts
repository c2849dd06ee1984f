import { afterEach, describe, expect, it } from "vitest";
import type { AuthContext } from "./auth.ts";
import { cachedAuth, invalidateAuthCache, resolveAuth } from "./auth-cache.ts";

const caller = (name: string) => ({ key: { name } }) as AuthContext;

/** A lookup the test settles when it wants (`settle[i]` is the i-th run's), counting how often it was started. */
function controlledLookup() {
  const settle: { finish(auth: AuthContext): void; fail(error: Error): void }[] = [];
  const run = () =>
    new Promise<AuthContext>((finish, fail) => {
      settle.push({ finish, fail });
    });
  return { settle, run };
}

afterEach(() => invalidateAuthCache());

describe("resolveAuth", () => {
  it("runs one lookup for every request that misses the cache while it runs, and remembers its answer", async () => {
    const lookup = controlledLookup();
    const answers = Array.from({ length: 50 }, () => resolveAuth("k1", lookup.run));
    lookup.settle[0]!.finish(caller("owner"));
    for (const answer of await Promise.all(answers)) expect(answer.key.name).toBe("owner");
    expect(lookup.settle).toHaveLength(1);
    expect(cachedAuth("k1")?.key.name).toBe("owner");
    expect(resolveAuth("k1", lookup.run)).toEqual(caller("owner"));
    expect(lookup.settle).toHaveLength(1);
  });

  it("shares a refusal with the requests waiting on it, and looks up again afterwards", async () => {
    const lookup = controlledLookup();
    const answers = [resolveAuth("k2", lookup.run), resolveAuth("k2", lookup.run)];
    lookup.settle[0]!.fail(new Error("unknown key"));
    for (const answer of answers) await expect(answer).rejects.toThrow("unknown key");
    expect(cachedAuth("k2")).toBeNull();
    void resolveAuth("k2", lookup.run);
    expect(lookup.settle).toHaveLength(2);
  });

  it("does not remember a lookup begun before an invalidation, and a request after it looks up anew", async () => {
    const lookup = controlledLookup();
    const before = resolveAuth("k3", lookup.run);
    invalidateAuthCache();
    const after = resolveAuth("k3", lookup.run);
    expect(lookup.settle).toHaveLength(2);
    lookup.settle[0]!.finish(caller("revoked meanwhile"));
    expect((await before).key.name).toBe("revoked meanwhile");
    expect(cachedAuth("k3")).toBeNull();
    lookup.settle[1]!.finish(caller("current"));
    expect((await after).key.name).toBe("current");
    expect(cachedAuth("k3")?.key.name).toBe("current");
  });
});
