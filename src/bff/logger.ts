import pino, { type DestinationStream, type Logger } from "pino";
import { type LogFormatSetting, logDestination } from "../shared/log-format.ts";
import { withoutPublicTokens } from "../shared/public-tokens.ts";

const REDACTED = "[redacted]";

// A one-time login token is a credential until spent, and request lines log the URL.
const LOGIN_TOKEN = /\/login\/[A-Za-z0-9_-]+/g;

/** Scrubs the secret, login tokens and public links' tokens from every serialized line, whichever field or message they hid in. */
function scrubbingStream(destination: DestinationStream, secret: string): DestinationStream {
  return {
    write(line: string) {
      const scrubbed = line.includes(secret) ? line.split(secret).join(REDACTED) : line;
      destination.write(withoutPublicTokens(scrubbed.replace(LOGIN_TOKEN, `/login/${REDACTED}`)));
    },
  };
}

/**
 * A pino logger that never writes the API key: header paths are redacted and any other mention scrubbed, before
 * the line is written as it is or made pretty (`format`, default `auto`).
 */
export function createBffLogger(options: {
  level: string;
  apiKey: string;
  format?: LogFormatSetting;
  stream?: DestinationStream;
}): Logger {
  return pino(
    {
      level: options.level,
      redact: {
        paths: ["req.headers.authorization", "req.headers.cookie", "headers.authorization", "headers.cookie"],
        censor: REDACTED,
      },
    },
    scrubbingStream(
      options.stream ?? logDestination(options.format ?? "auto") ?? process.stdout,
      options.apiKey,
    ),
  );
}
