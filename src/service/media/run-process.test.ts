import { describe, expect, it } from "vitest";
import { ProcessFailure, runProcess } from "./run-process.ts";

const node = process.execPath;

describe("runProcess", () => {
  it("returns stdout of a program run without a shell", async () => {
    const { stdout } = await runProcess(
      node,
      ["-e", "process.stdout.write(process.argv[1])", "$(echo hi); ls"],
      {
        timeoutMs: 10_000,
      },
    );

    expect(stdout.toString()).toBe("$(echo hi); ls");
  });

  it("kills a program that outlives its timeout", async () => {
    const started = Date.now();

    await expect(
      runProcess(node, ["-e", "setTimeout(() => {}, 60000)"], { timeoutMs: 300 }),
    ).rejects.toMatchObject({
      reason: "timeout",
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it("reports a non-zero exit with the end of stderr", async () => {
    const failure = await runProcess(node, ["-e", "console.error('bad input'); process.exit(2)"], {
      timeoutMs: 10_000,
    }).catch((error: unknown) => error);

    expect(failure).toBeInstanceOf(ProcessFailure);
    expect(failure).toMatchObject({ exitCode: 2, message: expect.stringContaining("bad input") });
  });

  it("stops a program whose output exceeds the limit", async () => {
    const flood = "setInterval(() => process.stdout.write('x'.repeat(65536)), 1)";

    await expect(
      runProcess(node, ["-e", flood], { timeoutMs: 10_000, maxStdoutBytes: 1024 }),
    ).rejects.toMatchObject({
      reason: "too_large",
    });
  });

  it("reports a program that cannot start", async () => {
    await expect(runProcess("/nonexistent/tool", [], { timeoutMs: 10_000 })).rejects.toMatchObject({
      reason: "processing_error",
    });
  });
});
