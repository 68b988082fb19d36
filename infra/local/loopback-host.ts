/**
 * DNS-rebinding defence for the local ports (the gateway, and the Cognito emulator behind it).
 * A page on any site can point a name it controls at 127.0.0.1 and then talk to a port as "same
 * origin"; what gives it away is the Host header, which names the page's host. So a port answers
 * only requests addressed to it by a loopback name or address (what browsers on this machine,
 * the backend's AWS SDK and `fetch` send), and nothing a browser could be tricked into sending.
 */
import { isIP } from 'node:net';

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];
const WILDCARDS = new Set(['0.0.0.0', '::', '']);

/** The Host header values this port answers: loopback names, plus the listen address if it is a specific IP. */
export function allowedHosts(port: number, listenHost: string): ReadonlySet<string> {
  const names = [...LOOPBACK_NAMES];
  // An IP literal cannot be rebound; a name (other than localhost) could be, and a wildcard is no address.
  if (isIP(listenHost) && !WILDCARDS.has(listenHost))
    names.push(listenHost.includes(':') ? `[${listenHost}]` : listenHost);
  return new Set(names.map((name) => `${name.toLowerCase()}:${port}`));
}

/** Host names are case-insensitive; a missing or repeated Host is not one of ours. */
export function hostAllowed(header: unknown, allowed: ReadonlySet<string>): boolean {
  return typeof header === 'string' && allowed.has(header.toLowerCase());
}
