import { BlockList, isIPv4, isIPv6 } from "node:net";

// Addresses no geolocation can place: the machine itself, private networks, carrier NAT,
// link-local, documentation and reserved ranges.
const unplaceable = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 3],
] as const) {
  unplaceable.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [
  ["::", 127],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["ff00::", 8],
] as const) {
  unplaceable.addSubnet(network, prefix, "ipv6");
}

/**
 * The address to look up, IPv4-mapped IPv6 written as plain IPv4 (one cache entry per visitor);
 * undefined for anything no lookup could place: invalid, loopback, private or reserved.
 */
export function placeableAddress(address: string): string | undefined {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  const plain = mapped ?? address;
  if (isIPv4(plain)) return unplaceable.check(plain, "ipv4") ? undefined : plain;
  if (isIPv6(plain)) return unplaceable.check(plain, "ipv6") ? undefined : plain.toLowerCase();
  return undefined;
}
