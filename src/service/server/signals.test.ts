import { describe, expect, it, vi } from "vitest";
import { exitWhenDatabaseEnds } from "./signals.ts";

describe("a process whose embedded database stops", () => {
  it("says so and exits with code 1", async () => {
    const fatal = vi.fn();
    const exit = vi.fn();
    const crash = new Error("The database thread ended (exit code 3)");
    exitWhenDatabaseEnds(Promise.resolve(crash), { fatal } as never, exit);
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(fatal).toHaveBeenCalledWith({ err: crash }, expect.stringContaining("embedded database stopped"));
  });

  it("goes on while the database runs, and on PostgreSQL, which has no thread to lose", async () => {
    const exit = vi.fn();
    exitWhenDatabaseEnds(new Promise(() => {}), { fatal: vi.fn() } as never, exit);
    exitWhenDatabaseEnds(undefined, { fatal: vi.fn() } as never, exit);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(exit).not.toHaveBeenCalled();
  });
});
