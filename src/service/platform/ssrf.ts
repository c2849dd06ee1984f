import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { buildConnector } from "undici";
import { classifyAddress, parseAddress } from "./ssrf-classify.ts";

export { type AddressClass, classifyAddress } from "./ssrf-classify.ts";

export interface AddressPolicy {
  /** Loopback is refused unless allowed (tests, local development). */
  allowLoopback: boolean;
  /** `host:port` pairs allowed despite the address rules (tests only). */
  allowHosts?: string[];
  /** Plain http only to loopback (webhooks: https everywhere else). */
  httpOnlyToLoopback?: boolean;
}

export class UrlNotAllowedError extends Error {
  readonly code = "url_not_allowed";
}

/** The name has no address (or the resolver failed): nothing to connect to, though nothing was refused either. */
export class HostDoesNotResolveError extends UrlNotAllowedError {}

/** Whether a connection to this address is allowed; `host:port` of the URL lifts the rules when listed. */
export function addressAllowed(address: string, policy: AddressPolicy): boolean {
  const kind = classifyAddress(address);
  return kind === "public" || (kind === "loopback" && policy.allowLoopback);
}

/**
 * Resolves a host name to every address it has and checks all of them; returns the first, to connect to.
 * Throws `UrlNotAllowedError` when any address is refused or the name does not resolve.
 */
export async function resolveAllowed(hostname: string, port: string, policy: AddressPolicy): Promise<string> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const listed = policy.allowHosts?.includes(`${bare}:${port}`) ?? false;
  const literal = parseAddress(bare);
  let addresses: string[];
  // An IPv4 literal in another spelling (`0x7f.1`, `2130706433`) is connected to in its dotted form, the one
  // that was checked; resolvers would read it the same way, but they are not asked.
  if (literal) addresses = [literal.kind() === "ipv4" ? literal.toString() : bare];
  else {
    try {
      addresses = (await lookup(bare, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw new HostDoesNotResolveError(`The host ${bare} does not resolve.`);
    }
  }
  const refused = listed ? undefined : addresses.find((address) => !addressAllowed(address, policy));
  if (refused !== undefined || addresses.length === 0) {
    throw new UrlNotAllowedError(`The host ${bare} resolves to an address that is not allowed.`);
  }
  return addresses[0]!;
}

/**
 * An undici `connect` function that resolves the host once, checks every address, then connects to exactly the
 * checked address (TLS still verifies the original name), so a DNS rebinding cannot switch it afterwards.
 */
export function connectGuard(
  policy: AddressPolicy,
  options: buildConnector.BuildOptions = {},
): buildConnector.connector {
  const connect = buildConnector(options);
  return (target, callback) => {
    const servername = target.servername ?? (isIP(target.hostname) ? undefined : target.hostname);
    const port = target.port || (target.protocol === "https:" ? "443" : "80");
    resolveAllowed(target.hostname, port, policy).then(
      (address) => {
        if (
          policy.httpOnlyToLoopback &&
          target.protocol === "http:" &&
          classifyAddress(address) !== "loopback"
        ) {
          callback(new UrlNotAllowedError("Plain http is allowed to loopback only."), null);
          return;
        }
        connect({ ...target, hostname: address, servername }, callback);
      },
      (error: Error) => callback(error, null),
    );
  };
}
