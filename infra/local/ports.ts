/**
 * Choosing the local servers' ports: a free one, or the one a data folder had before. Probing is
 * a job of its own: it opens a bare socket and closes it at once, where http/listen.ts starts and
 * stops the servers themselves.
 */
import { createServer } from 'node:net';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/** A port free on loopback right now (the OS picks it). */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, host, () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * The port a server of the stack had in this data folder before, while it is still free, else a
 * new one: what browsers were pointed at (a trusted certificate, a signed-in session) stays valid
 * across restarts. The choice is written back for the next start.
 */
export async function keptPort(file: string, host = '127.0.0.1'): Promise<number> {
  const previous = existsSync(file) ? Number(readFileSync(file, 'utf8')) : 0;
  const port =
    Number.isInteger(previous) && previous > 0 && (await isFree(previous, host)) ? previous : await freePort(host);
  writeFileSync(file, String(port));
  return port;
}

function isFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, host, () => server.close(() => resolve(true)));
  });
}
