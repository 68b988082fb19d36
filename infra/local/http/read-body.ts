/**
 * Reading a request's body, for every local server (the gateway, the S3 stand-in, the Cognito
 * emulator and its hosted UI, the Google stand-in): each has a size it refuses beyond, as the
 * service it stands for does, and none keeps more than that in memory.
 */
import type { IncomingMessage } from 'node:http';

/** The body, or 'too-large' once more than `limitBytes` arrived (the rest is read and dropped, so an answer can still be sent). */
export function readBody(req: IncomingMessage, limitBytes: number): Promise<Buffer | 'too-large'> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limitBytes) chunks.push(chunk);
    });
    req.on('end', () => resolve(size > limitBytes ? 'too-large' : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** A form post (application/x-www-form-urlencoded), or 'too-large'. */
export async function readForm(req: IncomingMessage, limitBytes: number): Promise<URLSearchParams | 'too-large'> {
  const body = await readBody(req, limitBytes);
  return body === 'too-large' ? body : new URLSearchParams(body.toString('utf8'));
}
