import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { buildConnector } from "undici";

export type AddressClass =
  | "public"
  | "loopback"
  | "private"
  | "link_local"
  | "cgnat"
  | "multicast"
  | "unspecified"
  | "metadata"
  | "reserved";

function blocks(entries: [string, number, "ipv4" | "ipv6"][]): BlockList {
  const list = new BlockList();
  for (const [network, prefix, family] of entries) list.addSubnet(network, prefix, family);
  return list;
}

// Cloud instance-metadata services (AWS/GCP/Azure, Alibaba, Oracle, AWS IPv6 IMDS); checked before the ranges
// they fall in so that the refusal names them.
const METADATA = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "100.100.100.200",
  "192.0.0.192",
  "fd00:ec2::254",
]);

const RANGES: [AddressClass, BlockList][] = [
  [
    "unspecified",
    blocks([
      ["0.0.0.0", 8, "ipv4"],
      ["::", 128, "ipv6"],
    ]),
  ],
  [
    "loopback",
    blocks([
      ["127.0.0.0", 8, "ipv4"],
      ["::1", 128, "ipv6"],
    ]),
  ],
  [
    "private",
    blocks([
      ["10.0.0.0", 8, "ipv4"],
      ["172.16.0.0", 12, "ipv4"],
      ["192.168.0.0", 16, "ipv4"],
      ["fc00::", 7, "ipv6"],
    ]),
  ],
  [
    "link_local",
    blocks([
      ["169.254.0.0", 16, "ipv4"],
      ["fe80::", 10, "ipv6"],
    ]),
  ],
  ["cgnat", blocks([["100.64.0.0", 10, "ipv4"]])],
  [
    "multicast",
    blocks([
      ["224.0.0.0", 4, "ipv4"],
      ["ff00::", 8, "ipv6"],
    ]),
  ],
  [
    "reserved",
    blocks([
      ["192.0.0.0", 24, "ipv4"],
      ["192.0.2.0", 24, "ipv4"],
      ["198.18.0.0", 15, "ipv4"],
      ["198.51.100.0", 24, "ipv4"],
      ["203.0.113.0", 24, "ipv4"],
      ["240.0.0.0", 4, "ipv4"],
      ["2001:db8::", 32, "ipv6"],
    ]),
  ],
];

/** The IPv4 address embedded in an IPv4-mapped (`::ffff:a.b.c.d`), NAT64 or 6to4 IPv6 address, if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  const sixToFour = /^2002:([0-9a-f]{1,4}):([0-9a-f]{1,4}):/.exec(lower);
  const parts = hex ?? sixToFour;
  if (!parts) return null;
  const high = Number.parseInt(parts[1]!, 16);
  const low = Number.parseInt(parts[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** Classifies a literal IP address; never resolves or connects. Anything that is not an IP is `reserved`. */
export function classifyAddress(address: string): AddressClass {
  const family = isIP(address);
  if (family === 0) return "reserved";
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return classifyAddress(v4);
  }
  if (METADATA.has(address.toLowerCase())) return "metadata";
  const type = family === 4 ? "ipv4" : "ipv6";
  for (const [name, list] of RANGES) if (list.check(address, type)) return name;
  return "public";
}

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
  let addresses: string[];
  if (isIP(bare)) addresses = [bare];
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
