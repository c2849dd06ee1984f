import { isIP } from "node:net";
import ipaddr from "ipaddr.js";

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

type Address = ipaddr.IPv4 | ipaddr.IPv6;

// Cloud instance-metadata services (AWS/GCP/Azure, AWS ECS, Alibaba, Oracle, AWS IPv6 IMDS); checked before the
// ranges they fall in so that the refusal names them.
const METADATA = new Set(
  ["169.254.169.254", "169.254.170.2", "100.100.100.200", "192.0.0.192", "fd00:ec2::254"].map((text) =>
    ipaddr.parse(text).toNormalizedString(),
  ),
);

// ipaddr.js names every special-purpose range (IANA registries); only `unicast` is the public Internet. Any
// other name, including ones a later ipaddr.js adds, is refused as `reserved`: broadcast, documentation,
// benchmarking, 6to4 relays (192.88.99/24), Teredo (2001::/32), discard (100::/64), NAT64 local use
// (64:ff9b:1::/48), AS112, AMT, ORCHID, segment routing.
const RANGE_CLASS: Record<string, AddressClass> = {
  unicast: "public",
  unspecified: "unspecified",
  loopback: "loopback",
  private: "private",
  uniqueLocal: "private",
  // fec0::/10, deprecated by RFC 3879 but still routed inside some sites.
  deprecatedSiteLocal: "private",
  linkLocal: "link_local",
  carrierGradeNat: "cgnat",
  multicast: "multicast",
};

const NAT64_WELL_KNOWN = ipaddr.parseCIDR("64:ff9b::/96") as [ipaddr.IPv6, number];

/**
 * Parses an address the way a connection would read it. IPv4 accepts every inet_aton spelling that URL parsers
 * and getaddrinfo accept too (`0x7f.1`, `0177.0.0.1`, `2130706433`); IPv6 must also pass Node's strict parser,
 * since ipaddr.js reads a dotted tail such as `::ffff:0177.0.0.1` differently from other parsers.
 */
export function parseAddress(text: string): Address | null {
  if (isIP(text) === 6) return ipaddr.IPv6.isValid(text) ? ipaddr.IPv6.parse(text) : null;
  return ipaddr.IPv4.isValid(text) ? ipaddr.IPv4.parse(text) : null;
}

/** Classifies a literal IP address in any spelling; never resolves or connects. Anything else is `reserved`. */
export function classifyAddress(address: string): AddressClass {
  const parsed = parseAddress(address);
  return parsed ? classifyParsed(parsed) : "reserved";
}

function classifyParsed(address: Address): AddressClass {
  if (address.kind() === "ipv6") {
    const embedded = embeddedIpv4(address as ipaddr.IPv6);
    if (embedded) {
      const kind = classifyParsed(embedded.ipv4);
      return embedded.deprecated && kind === "public" ? "reserved" : kind;
    }
  }
  if (METADATA.has(address.toNormalizedString())) return "metadata";
  return RANGE_CLASS[address.range()] ?? "reserved";
}

/**
 * The IPv4 address an IPv6 address stands for, where the IPv6 form reaches that IPv4 host: IPv4-mapped
 * (`::ffff:a.b.c.d`), NAT64 with the well-known prefix (RFC 6052) and 6to4 (`2002:AABB:CCDD::/48`) take the
 * class of the IPv4 address. IPv4-compatible (`::a.b.c.d`, deprecated by RFC 4291) and IPv4-translated
 * (`::ffff:0:a.b.c.d`, RFC 6145) forms are never a legitimate destination: refused even around a public address,
 * with the IPv4 class when that one is special (so `::7f00:1` is `loopback`).
 */
function embeddedIpv4(address: ipaddr.IPv6): { ipv4: ipaddr.IPv4; deprecated: boolean } | null {
  const p = address.parts;
  const fromParts = (high: number, low: number) =>
    new ipaddr.IPv4([high >> 8, high & 255, low >> 8, low & 255]);
  const range = address.range();
  if (range === "ipv4Mapped" || address.match(NAT64_WELL_KNOWN)) {
    return { ipv4: fromParts(p[6]!, p[7]!), deprecated: false };
  }
  if (range === "6to4") return { ipv4: fromParts(p[1]!, p[2]!), deprecated: false };
  if (range === "rfc6145") return { ipv4: fromParts(p[6]!, p[7]!), deprecated: true };
  // `::` and `::1` are the unspecified and loopback addresses, not IPv4-compatible ones.
  const compatible = p.slice(0, 6).every((part) => part === 0) && range === "unicast";
  return compatible ? { ipv4: fromParts(p[6]!, p[7]!), deprecated: true } : null;
}
