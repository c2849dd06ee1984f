/**
 * A public link's token (shared link, transfer, published page) is the only secret its visitors need, so a log
 * line must not carry it: request paths name it in the API (`/v1/public/shared-links/<token>/…`) and in the
 * visitor pages of the dashboard (`/s/<token>`, `/t/<token>`, `/p/<token>`).
 */
const PUBLIC_TOKEN = /(\/v1\/public\/(?:shared-links|transfers|pages)|\/[stp])\/[^/?#\s"\\]+/g;

export const REDACTED_TOKEN = "[token]";

/** The text with every public token in a path replaced by `[token]`. */
export function withoutPublicTokens(text: string): string {
  return text.replace(PUBLIC_TOKEN, `$1/${REDACTED_TOKEN}`);
}
