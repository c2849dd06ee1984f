import { createServer } from "node:http";
import { Agent, request } from "undici";
import { describe, expect, it } from "vitest";
import { addressAllowed, classifyAddress, connectGuard, resolveAllowed, UrlNotAllowedError } from "./ssrf.ts";

// Literal addresses are only classified here, never connected to.
describe("classifyAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["127.255.0.9", "loopback"],
    ["::1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["fd12:3456::1", "private"],
    ["169.254.1.1", "link_local"],
    ["fe80::1", "link_local"],
    ["100.64.0.1", "cgnat"],
    ["100.127.255.254", "cgnat"],
    ["224.0.0.1", "multicast"],
    ["ff02::1", "multicast"],
    ["0.0.0.0", "unspecified"],
    ["::", "unspecified"],
    ["169.254.169.254", "metadata"],
    ["100.100.100.200", "metadata"],
    ["fd00:ec2::254", "metadata"],
    ["::ffff:127.0.0.1", "loopback"],
    ["::ffff:7f00:1", "loopback"],
    ["::ffff:10.0.0.1", "private"],
    ["::ffff:169.254.169.254", "metadata"],
    ["64:ff9b::a00:1", "private"],
    ["2002:c0a8:101::1", "private"],
    ["240.0.0.1", "reserved"],
    ["not-an-ip", "reserved"],
    ["8.8.8.8", "public"],
    ["172.32.0.1", "public"],
    ["2606:4700::1111", "public"],
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
