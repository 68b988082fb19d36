/**
 * Calls to the API with the signed-in user's access token. A non-OK answer becomes an ApiError
 * whose message is "<status>: <body text or status text>" (docs/architecture.md, "The route table"), and which carries the
 * server's `error` field when there is one, for the screens to show.
 */
import type { Auth } from '../auth/session';

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly bodyText: string,
    statusText: string,
  ) {
    super(`${status}: ${bodyText || statusText}`);
    this.name = 'ApiError';
  }

  /** The server's `{ error }` message, if the body had one. */
  get serverMessage(): string | null {
    try {
      const parsed = JSON.parse(this.bodyText) as { error?: unknown };
      return typeof parsed.error === 'string' ? parsed.error : null;
    } catch {
      return null;
    }
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** 'text' answers the body as it came (a CSV download) instead of parsed JSON. */
  responseType?: 'json' | 'text';
  body?: unknown;
  headers?: Record<string, string>;
  /**
   * Sends as this token instead of the session's: a sign-in made just now for one change (turning
   * two-factor off). A 401 then is final: that token is not refreshed.
   */
  accessToken?: string;
}

/** The transport: what a path answers, untyped (./calls gives each route's answer its type). */
export type Api = (path: string, options?: RequestOptions) => Promise<unknown>;

/** An API caller for this auth state. A 401 refreshes the session once and retries. */
export function createApi(auth: Pick<Auth, 'accessToken'>, fetchImpl: typeof fetch = (...args) => fetch(...args)): Api {
  return async function api(path: string, options: RequestOptions = {}): Promise<unknown> {
    const send = async (forceRefresh: boolean) => {
      const token = options.accessToken ?? (await auth.accessToken(forceRefresh));
      if (!token) throw new ApiError(401, '', 'Unauthorized');
      return fetchImpl(path, {
        method: options.method ?? 'GET',
        credentials: 'same-origin',
        headers: {
          authorization: `Bearer ${token}`,
          'cache-control': 'no-cache',
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
          ...options.headers,
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      });
    };
    let res = await send(false);
    if (res.status === 401 && options.accessToken === undefined) res = await send(true);
    const text = await res.text();
    if (!res.ok) throw new ApiError(res.status, text, res.statusText);
    if (options.responseType === 'text') return text;
    return text ? (JSON.parse(text) as unknown) : null;
  };
}

/** Hands a CSV the API answered to the browser as a download. */
export function saveCsv(text: string, filename: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
