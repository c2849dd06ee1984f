/** A loopback or LAN URL for a listener; IPv6 addresses need brackets in a URL. */
export function listenerUrl(host: string, port: number): string {
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}
