import { describe, expect, it, vi } from "vitest";
import { onDemand } from "./on-demand.ts";

describe("onDemand", () => {
  it("fetches nothing until asked, then once however often it is asked", async () => {
    const importModule = vi.fn(async () => ({ name: "menu" }));
    const module = onDemand(importModule);
    expect(importModule).not.toHaveBeenCalled();
    expect(module.loaded()).toBeNull();
    const [a, b] = await Promise.all([module.load(), module.load()]);
    expect(a).toBe(b);
    expect(module.loaded()).toBe(a);
    await module.load();
    expect(importModule).toHaveBeenCalledTimes(1);
  });

  it("tells its listeners when the module arrives", async () => {
    const module = onDemand(async () => "loaded");
    const listener = vi.fn(() => expect(module.loaded()).toBe("loaded"));
    const unsubscribe = module.subscribe(listener);
    await module.load();
    expect(listener).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it("tries again after a failed fetch", async () => {
    const importModule = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error("offline"))
      .mockResolvedValueOnce("loaded");
    const module = onDemand(importModule);
    await expect(module.load()).rejects.toThrow("offline");
    expect(module.loaded()).toBeNull();
    await expect(module.load()).resolves.toBe("loaded");
    expect(importModule).toHaveBeenCalledTimes(2);
  });
});
