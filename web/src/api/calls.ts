/**
 * The typed client of the API contract (shared/api.ts): a call names its route and gives that
 * route's typed input; its path, method, query string, Idempotency-Key and answer type all come
 * from the route table. No screen writes a path or says what an answer is.
 */
import {
  type AnswerOf,
  type BodyInputOf,
  type PathParams,
  type QueryInputOf,
  routeByName,
  routeUrl,
  type RouteName,
  type RouteOf,
  type routes,
} from '../../../shared/api';
import type { Api } from './client';

type ParamsInput<N extends RouteName> = keyof PathParams<RouteOf<N>['path']> extends never
  ? { params?: undefined }
  : { params: PathParams<RouteOf<N>['path']> };
type BodyInput<N extends RouteName> =
  BodyInputOf<N> extends undefined ? { body?: undefined } : { body: BodyInputOf<N> };
type QueryInput<N extends RouteName> =
  QueryInputOf<N> extends undefined ? { query?: undefined } : { query?: QueryInputOf<N> };

/** One call of a route: the route's name and exactly the input it takes. */
export type RouteCall<N extends RouteName = RouteName> = {
  [K in N]: { route: K } & ParamsInput<K> & BodyInput<K> & QueryInput<K>;
}[N];

/** The routes that read (SWR caches their answers under `keyOf`). */
export type ReadRoute = Extract<(typeof routes)[number], { method: 'GET' }>['name'];
/** The routes that answer a CSV file. */
export type CsvRoute = Extract<(typeof routes)[number], { answer: 'csv' }>['name'];

/** The call's concrete path and query: its SWR key, and the URL it fetches. */
export function keyOf(call: { route: RouteName; params?: unknown; query?: unknown; body?: unknown }): string {
  return routeUrl(call.route, call.params, call.query);
}

/** A fresh key for a money-moving POST, so a retried click cannot record it twice. */
function idempotencyKey(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now()}-${Math.random()}`;
}

/** Who sends a call when it is not the signed-in session: a sign-in made just now for it (RequestOptions.accessToken). */
export interface SendAs {
  accessToken: string;
}

/** Sends a call. Routes that honour an Idempotency-Key get a fresh one per call (a new click is a new operation). */
export async function send<N extends RouteName>(api: Api, call: RouteCall<N>, as?: SendAs): Promise<AnswerOf<N>> {
  const route = routeByName(call.route);
  const answer = await api(keyOf(call), {
    method: route.method,
    body: call.body,
    headers: route.idempotent ? { 'Idempotency-Key': idempotencyKey() } : undefined,
    responseType: route.answer === 'csv' ? 'text' : 'json',
    ...(as ? { accessToken: as.accessToken } : {}),
  });
  // The one place an answer gets its type: the route table declares it, and the integration tests
  // check every real answer against the same declaration (shared/answers.ts).
  return answer as AnswerOf<N>;
}

/** A caller bound to the signed-in user's API. */
export type Send = <N extends RouteName>(call: RouteCall<N>, as?: SendAs) => Promise<AnswerOf<N>>;

export const sender =
  (api: Api): Send =>
  (call, as) =>
    send(api, call, as);
