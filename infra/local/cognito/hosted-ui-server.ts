/**
 * The hosted UI's port: HTTPS on loopback (Amplify builds `https://<oauth domain>/...`), with the
 * data folder's certificate (hosted-ui-tls.ts), answering only loopback Host headers like every
 * local port (loopback-host.ts).
 */
import { createServer } from 'node:https';
import { allowedHosts, hostAllowed } from '../loopback-host';
import { closeNow, listen } from '../http/listen';
import type { HostedUiHandler } from './hosted-ui';

export interface RunningHostedUi {
  /** `https://localhost:<port>`. */
  origin: string;
  stop(): Promise<void>;
}

export async function startHostedUiServer(options: {
  host: string;
  port: number;
  tls: { key: string; cert: string };
  handler: (origin: () => string) => HostedUiHandler;
}): Promise<RunningHostedUi> {
  let origin = '';
  let hosts: ReadonlySet<string> = new Set();
  const handle = options.handler(() => origin);
  const server = createServer({ key: options.tls.key, cert: options.tls.cert }, (req, res) => {
    if (!hostAllowed(req.headers.host, hosts)) {
      res
        .writeHead(421, { 'content-type': 'text/plain' })
        .end('Misdirected Request: this port answers only loopback hosts');
      return;
    }
    handle(req, res).catch(() => {
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'server_error' }));
    });
  });
  const port = await listen(server, options.port, options.host);
  hosts = allowedHosts(port, options.host);
  origin = `https://localhost:${port}`;
  return { origin, stop: () => closeNow(server) };
}
