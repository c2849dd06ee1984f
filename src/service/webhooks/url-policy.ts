import type { Config } from "../env.ts";
import { validationError } from "../platform/errors.ts";
import {
  type AddressPolicy,
  HostDoesNotResolveError,
  resolveAllowed,
  UrlNotAllowedError,
} from "../platform/ssrf.ts";

export function webhookAddressPolicy(config: Config): AddressPolicy {
  // The same array as the configuration's: `npm start` adds the dashboard's address once it listens.
  return {
    allowLoopback: config.webhookAllowLoopback,
    allowHosts: config.webhookAllowHosts,
    httpOnlyToLoopback: true,
  };
}

const refuse = (message: string) => validationError([{ param: "url", message }]);

/**
 * https, or http to a loopback address when configuration allows it (tests, local development); every address
 * the host resolves to must pass the SSRF rules. A https host that does not resolve (yet, or not from here) is
 * accepted: the rules are about addresses, and delivery checks them again at every connection (a name that still
 * does not resolve then ends the attempt with `dns_error`).
 */
export async function checkWebhookUrl(text: string, config: Config): Promise<void> {
  const url = new URL(text);
  if (url.username || url.password) throw refuse("must not carry credentials");
  const port = url.port || (url.protocol === "https:" ? "443" : "80");
  const listed = config.webhookAllowHosts.includes(`${url.hostname.replace(/^\[|\]$/g, "")}:${port}`);
  if (url.protocol !== "https:" && !(url.protocol === "http:" && (config.webhookAllowLoopback || listed))) {
    throw refuse("must use https");
  }
  try {
    const address = await resolveAllowed(url.hostname, port, webhookAddressPolicy(config));
    if (url.protocol === "http:" && !isLoopbackAddress(address))
      throw refuse("http is allowed to loopback only");
  } catch (error) {
    if (error instanceof HostDoesNotResolveError && url.protocol === "https:") return;
    if (error instanceof UrlNotAllowedError) throw refuse(error.message);
    throw error;
  }
}

function isLoopbackAddress(address: string): boolean {
  return address === "::1" || address.startsWith("127.");
}
