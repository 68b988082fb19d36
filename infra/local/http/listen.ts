/** Starting and stopping the local stack's own servers (the gateway, the S3 stand-in, the Google stand-in, the hosted UI). */
import type { AddressInfo, Server } from 'node:net';

/** Listens on `port` (0: one the OS picks) at `host`; answers the port bound, or rejects (EADDRINUSE...). */
export function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve((server.address() as AddressInfo).port);
    });
  });
}

/** Stops at once: no new connections, and the open ones (kept alive by browsers and SDKs) closed. */
export function closeNow(server: Server & { closeAllConnections?: () => void }): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections?.();
  });
}
