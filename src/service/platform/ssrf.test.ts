import { createServer } from "node:http";
import { Agent, request } from "undici";
import { describe, expect, it } from "vitest";
import { addressAllowed, classifyAddress, connectGuard, resolveAllowed, UrlNotAllowedError } from "./ssrf.ts";

// Literal addresses are only classified here, never connected to.
describe("classifyAddress", () => {
  it.each([
    // IPv4 special-purpose ranges
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["169.254.1.1", "link_local"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["239.255.255.250", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["0.1.2.3", "unspecified"],
    ["255.255.255.255", "reserved"],
    ["240.0.0.1", "reserved"],
    ["192.0.0.8", "reserved"],
    ["192.0.2.1", "reserved"],
    ["198.18.0.1", "reserved"],
    ["198.51.100.7", "reserved"],
    ["203.0.113.9", "reserved"],
    ["192.88.99.1", "reserved"],
    // cloud metadata, named before the range they fall in
    ["169.254.169.254", "metadata"],
    ["169.254.170.2", "metadata"],
    ["100.100.100.200", "metadata"],
    ["192.0.0.192", "metadata"],
    ["fd00:ec2::254", "metadata"],
    // IPv4 spellings that URL parsers and getaddrinfo read as 127.0.0.1 or 169.254.169.254
    ["0x7f.0.0.1", "loopback"],
    ["0x7F000001", "loopback"],
    ["0177.0.0.1", "loopback"],
    ["017700000001", "loopback"],
    ["2130706433", "loopback"],
    ["127.1", "loopback"],
    ["127.0.1", "loopback"],
    ["0x7f.1", "loopback"],
    ["0xa9fea9fe", "metadata"],
    ["2852039166", "metadata"],
    ["0251.0376.0251.0376", "metadata"],
    ["012.1", "private"],
    ["0", "unspecified"],
    // IPv6 special-purpose ranges
    ["::1", "loopback"],
    ["0:0:0:0:0:0:0:1", "loopback"],
    ["::", "unspecified"],
    ["fd12:3456::1", "private"],
    ["fc00::1", "private"],
    ["fec0::1", "private"],
    ["fe80::1", "link_local"],
    ["fe80::1%eth0", "link_local"],
    ["ff02::1", "multicast"],
    ["2001:db8::1", "reserved"],
    ["2001::1", "reserved"],
    ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "reserved"],
    ["100::1", "reserved"],
    ["2001:2::1", "reserved"],
    ["3fff::1", "reserved"],
    ["64:ff9b:1::a00:1", "reserved"],
    ["64:ff9b:1::808:808", "reserved"],
    // IPv6 forms embedding an IPv4 address
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::FFFF:7F00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["::ffff:a9fe:a9fe", "metadata"],
    ["::ffff:8.8.8.8", "public"],
    ["64:ff9b::a00:1", "private"],
    ["64:ff9b::127.0.0.1", "loopback"],
    ["64:ff9b::a9fe:a9fe", "metadata"],
    ["64:ff9b::808:808", "public"],
    ["2002:c0a8:101::1", "private"],
    ["2002:7f00:1::1", "loopback"],
    ["2002:a9fe:a9fe::", "metadata"],
    ["2002:808:808::1", "public"],
    ["::7f00:1", "loopback"],
    ["::127.0.0.1", "loopback"],
    ["::a00:1", "private"],
    ["::808:808", "reserved"],
    ["::ffff:0:7f00:1", "loopback"],
    ["::ffff:0:127.0.0.1", "loopback"],
    ["::ffff:0:a9fe:a9fe", "metadata"],
    ["::ffff:0:808:808", "reserved"],
    // not an address in any spelling: never public
    ["not-an-ip", "reserved"],
    ["", "reserved"],
    ["08.0.0.1", "reserved"],
    ["256.0.0.1", "reserved"],
    ["[::1]", "reserved"],
    ["::ffff:0177.0.0.1", "reserved"],
    ["1::2::3", "reserved"],
    // public unicast
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["100.128.0.1", "public"],
    ["2606:4700::1111", "public"],
    ["2a00:1450:4001::200e", "public"],
  ])("%s is %s", (address, kind) => {
    expect(classifyAddress(address)).toBe(kind);
  });
});

describe("addressAllowed", () => {
  it("allows public addresses, and loopback only when the policy says so", () => {
    expect(addressAllowed("8.8.8.8", { allowLoopback: false })).toBe(true);
    expect(addressAllowed("127.0.0.1", { allowLoopback: false })).toBe(false);
    expect(addressAllowed("127.0.0.1", { allowLoopback: true })).toBe(true);
    expect(addressAllowed("10.0.0.1", { allowLoopback: true })).toBe(false);
    expect(addressAllowed("::ffff:169.254.169.254", { allowLoopback: true })).toBe(false);
    expect(addressAllowed("0x7f.1", { allowLoopback: false })).toBe(false);
    expect(addressAllowed("::7f00:1", { allowLoopback: false })).toBe(false);
    expect(addressAllowed("2001::1", { allowLoopback: true })).toBe(false);
  });
});

describe("resolveAllowed", () => {
  it("returns the checked literal address or refuses it", async () => {
    await expect(resolveAllowed("127.0.0.1", "80", { allowLoopback: true })).resolves.toBe("127.0.0.1");
    await expect(resolveAllowed("127.0.0.1", "80", { allowLoopback: false })).rejects.toBeInstanceOf(
      UrlNotAllowedError,
    );
    await expect(resolveAllowed("[::1]", "80", { allowLoopback: false })).rejects.toBeInstanceOf(
      UrlNotAllowedError,
    );
  });

  it("reads other IPv4 spellings as the dotted address, which is what gets connected to", async () => {
    await expect(resolveAllowed("0x7f.1", "80", { allowLoopback: true })).resolves.toBe("127.0.0.1");
    await expect(resolveAllowed("2130706433", "80", { allowLoopback: true })).resolves.toBe("127.0.0.1");
    await expect(resolveAllowed("0177.0.0.1", "80", { allowLoopback: false })).rejects.toBeInstanceOf(
      UrlNotAllowedError,
    );
    await expect(resolveAllowed("[::ffff:7f00:1]", "80", { allowLoopback: false })).rejects.toBeInstanceOf(
      UrlNotAllowedError,
    );
  });

  it("lets an allowlisted host:port through (test configuration)", async () => {
    await expect(
      resolveAllowed("127.0.0.1", "8080", { allowLoopback: false, allowHosts: ["127.0.0.1:8080"] }),
    ).resolves.toBe("127.0.0.1");
    await expect(
      resolveAllowed("127.0.0.1", "8081", { allowLoopback: false, allowHosts: ["127.0.0.1:8080"] }),
    ).rejects.toBeInstanceOf(UrlNotAllowedError);
  });

  it("resolves names and checks every address (localhost is loopback)", async () => {
    await expect(resolveAllowed("localhost", "80", { allowLoopback: false })).rejects.toBeInstanceOf(
      UrlNotAllowedError,
    );
  });
});

describe("connectGuard", () => {
  it("connects to a checked address and refuses before connecting otherwise", async () => {
    let connections = 0;
    const server = createServer((_req, res) => res.end("hi"));
    server.on("connection", () => connections++);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const port = (server.address() as { port: number }).port;
    const allowed = new Agent({ connect: connectGuard({ allowLoopback: true }) });
    const refused = new Agent({ connect: connectGuard({ allowLoopback: false }) });
    try {
      const ok = await request(`http://127.0.0.1:${port}/`, { dispatcher: allowed });
      expect(await ok.body.text()).toBe("hi");
      expect(connections).toBe(1);
      await expect(request(`http://127.0.0.1:${port}/`, { dispatcher: refused })).rejects.toThrow(
        /not allowed/,
      );
      expect(connections).toBe(1);
    } finally {
      await Promise.all([allowed.close(), refused.close()]);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
