import { createInterface } from "node:readline/promises";

/** A terminal's standard input, or anything readable in tests (a TTY stand-in has `isTTY` and `setRawMode`). */
export interface PromptInput extends NodeJS.ReadableStream {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
}

export class PromptCancelled extends Error {
  constructor() {
    super("Cancelled.");
  }
}

const ENTER = new Set(["\r", "\n"]);
const BACKSPACE = new Set(["\x7f", "\b"]);
const CTRL_C = "\x03";
const CTRL_D = "\x04";
const ESCAPE = "\x1b";

/**
 * One line of input that is never shown. At a terminal: `prompt` on `output`, raw mode so the terminal does not
 * echo the keys (Backspace edits, Ctrl-C cancels, Ctrl-D on an empty line gives up), then a newline. Otherwise
 * the first line of the piped input (`echo … | npm run admin -- dashboard set-password`), with no prompt.
 * Resolves undefined when the input ends with nothing typed; surrounding spaces are dropped.
 */
export async function readHiddenLine(
  input: PromptInput,
  output: NodeJS.WritableStream,
  prompt: string,
): Promise<string | undefined> {
  if (!input.isTTY || !input.setRawMode) return firstLine(input);
  output.write(prompt);
  input.setEncoding("utf8");
  input.setRawMode(true);
  input.resume();
  try {
    return await typedLine(input);
  } finally {
    input.setRawMode(false);
    input.pause();
    output.write("\n");
  }
}

async function firstLine(input: NodeJS.ReadableStream): Promise<string | undefined> {
  const lines = createInterface({ input, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line.trim();
  }
  return undefined;
}

function typedLine(input: NodeJS.ReadableStream): Promise<string | undefined> {
  return new Promise((resolve, reject) => {
    let typed = "";
    const finish = (error: Error | null, line?: string) => {
      input.off("data", onData);
      input.off("end", onEnd);
      if (error) reject(error);
      else resolve(line);
    };
    const onEnd = () => finish(null, typed.trim() || undefined);
    const onData = (chunk: Buffer | string) => {
      // A paste arrives as one chunk: read it key by key up to the first Enter.
      for (const key of String(chunk)) {
        if (ENTER.has(key)) return finish(null, typed.trim());
        if (key === CTRL_C) return finish(new PromptCancelled());
        if (key === CTRL_D && typed === "") return finish(null, undefined);
        // Arrow and function keys arrive as escape sequences of their own chunk: not part of a password.
        if (key === ESCAPE) return;
        if (BACKSPACE.has(key)) typed = [...typed].slice(0, -1).join("");
        else if (key >= " ") typed += key;
      }
    };
    input.on("data", onData);
    input.on("end", onEnd);
  });
}
