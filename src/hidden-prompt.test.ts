import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { PromptCancelled, type PromptInput, readHiddenLine } from "./hidden-prompt.ts";

/** A terminal stand-in: raw mode is recorded, keys are written into it. */
function fakeTerminal() {
  const input = new PassThrough() as PassThrough & PromptInput;
  const rawModes: boolean[] = [];
  input.isTTY = true;
  input.setRawMode = (mode: boolean) => rawModes.push(mode);
  const output = new PassThrough();
  let shown = "";
  output.on("data", (chunk) => {
    shown += chunk;
  });
  return { input, output, rawModes, shown: () => shown };
}

describe("readHiddenLine at a terminal", () => {
  it("never echoes what is typed, edits with Backspace and ends at Enter", async () => {
    const terminal = fakeTerminal();
    const line = readHiddenLine(terminal.input, terminal.output, "Password: ");
    for (const keys of ["s", "3", "cret", "\x7f", "T", "\x1b[D", "\r"]) terminal.input.write(keys);
    expect(await line).toBe("s3creT");
    expect(terminal.shown()).toBe("Password: \n");
    expect(terminal.rawModes).toEqual([true, false]);
  });

  it("takes a pasted line up to its first Enter", async () => {
    const terminal = fakeTerminal();
    const line = readHiddenLine(terminal.input, terminal.output, "Password: ");
    terminal.input.write("correct horse battery\r\nignored");
    expect(await line).toBe("correct horse battery");
    expect(terminal.shown()).not.toContain("horse");
  });

  it("cancels on Ctrl-C and gives up on Ctrl-D, leaving raw mode either way", async () => {
    const cancelled = fakeTerminal();
    const line = readHiddenLine(cancelled.input, cancelled.output, "Password: ");
    cancelled.input.write("abc\x03");
    await expect(line).rejects.toBeInstanceOf(PromptCancelled);
    expect(cancelled.rawModes).toEqual([true, false]);

    const ended = fakeTerminal();
    const nothing = readHiddenLine(ended.input, ended.output, "Password: ");
    ended.input.write("\x04");
    expect(await nothing).toBeUndefined();
    expect(ended.rawModes).toEqual([true, false]);
  });
});

describe("readHiddenLine on piped input", () => {
  it("reads the first line without a prompt", async () => {
    const input = new PassThrough();
    const output = new PassThrough();
    let shown = "";
    output.on("data", (chunk) => {
      shown += chunk;
    });
    const line = readHiddenLine(input, output, "Password: ");
    input.end("  piped password \nsecond line\n");
    expect(await line).toBe("piped password");
    expect(shown).toBe("");
  });

  it("gives undefined for empty input", async () => {
    const input = new PassThrough();
    const line = readHiddenLine(input, new PassThrough(), "Password: ");
    input.end();
    expect(await line).toBeUndefined();
  });
});
