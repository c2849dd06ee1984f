export const SESSION_COOKIE = "bs_session";

/** The value of one cookie from a `Cookie` header, or undefined. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const separator = part.indexOf("=");
    if (separator > 0 && part.slice(0, separator).trim() === name) return part.slice(separator + 1).trim();
  }
  return undefined;
}

/** HttpOnly keeps the id from scripts; SameSite=Strict keeps it off cross-site requests. */
export function sessionCookie(id: string, options: { maxAgeSeconds: number; secure: boolean }): string {
  const attributes = [
    `${SESSION_COOKIE}=${id}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    `Max-Age=${options.maxAgeSeconds}`,
  ];
  if (options.secure) attributes.push("Secure");
  return attributes.join("; ");
}

export function clearedSessionCookie(secure: boolean): string {
  return sessionCookie("", { maxAgeSeconds: 0, secure });
}
