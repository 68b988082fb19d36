/**
 * A Google sign-in walked as a browser walks it, without one: from the hosted UI's
 * /oauth2/authorize through the Google stand-in's account page (a chosen account, or Cancel) and
 * back through /oauth2/idpresponse, following redirects and keeping each origin's cookies, until
 * the browser would land on the app. For tests and the bench; the e2e suite walks it in Chromium.
 */
import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';

interface Answer {
  status: number;
  location: string | null;
  cookies: string[];
  body: string;
}

function send(url: URL, options: { method: string; cookie: string; body?: string; ca: string }): Promise<Answer> {
  const request = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method,
        ca: options.ca,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body === undefined
            ? {}
            : {
                'content-type': 'application/x-www-form-urlencoded',
                'content-length': String(Buffer.byteLength(options.body)),
              }),
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => {
          const setCookie = res.headers['set-cookie'] ?? [];
          resolve({ status: res.statusCode ?? 0, location: res.headers.location ?? null, cookies: setCookie, body });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/**
 * Where the browser lands after `authorizeUrl`: the app's redirect URI with `code` and `state`,
 * or with `error`. `choice` is a demo account's Google `sub`, or 'cancel'. `ca` is the hosted UI's
 * certificate (PEM); `stopAt` is the app's origin, where the walk ends.
 */
export async function walkGoogleSignIn(
  authorizeUrl: string,
  choice: string,
  options: { ca: string; stopAt: string },
): Promise<URL> {
  const jar = new Map<string, Map<string, string>>();
  const cookieFor = (url: URL) =>
    [...(jar.get(url.origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (url: URL, cookies: string[]) => {
    const mine = jar.get(url.origin) ?? new Map<string, string>();
    for (const line of cookies) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      if (eq > 0) mine.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    jar.set(url.origin, mine);
  };
  let url = new URL(authorizeUrl);
  let method = 'GET';
  let body: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin === new URL(options.stopAt).origin) return url;
    const answer = await send(url, {
      method,
      cookie: cookieFor(url),
      ca: options.ca,
      ...(body === undefined ? {} : { body }),
    });
    keep(url, answer.cookies);
    if (answer.status >= 300 && answer.status < 400 && answer.location) {
      url = new URL(answer.location, url);
      method = 'GET';
      body = undefined;
      continue;
    }
    // The stand-in's account page: choose, or cancel, as a person would.
    const form = /action="(\/interaction\/[\w-]+)\/login"/.exec(answer.body);
    if (answer.status === 200 && form?.[1]) {
      url = new URL(`${form[1]}/${choice === 'cancel' ? 'abort' : 'login'}`, url);
      method = 'POST';
      body = choice === 'cancel' ? '' : new URLSearchParams({ account: choice }).toString();
      continue;
    }
    throw new Error(
      `the sign-in stopped at ${url.origin}${url.pathname} with ${answer.status}: ${answer.body.slice(0, 300)}`,
    );
  }
  throw new Error('the sign-in did not end after 20 redirects');
}
