/**
 * The data the signed-in pages read, through SWR (with the product's defaults), and the
 * writes they make, through SWR's `useSWRMutation` with the busy state and the toasts said once.
 */
import { useMemo } from 'react';
import useSWR, { type SWRConfiguration } from 'swr';
import useSWRMutation from 'swr/mutation';
import type { AnswerOf } from '../../../shared/api';
import { type Notice, toastTitles } from '../../../shared/messages';
import { notify } from '../components/toaster';
import { type ReadRoute, type RouteCall, type Send, keyOf, sender } from './calls';
import { ApiError } from './client';
import { useApi } from './provider';

/**
 * The product's way with data: read when a page opens or on Refresh, no refetch on focus, no
 * retries. Given to each read rather than by an SWRConfig above the routes, so the first
 * screen, which reads nothing, does not load SWR.
 */
export const swrDefaults: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};

/**
 * A route's answer through SWR, cached under the call's path; `call` null means "not yet" (SWR
 * fetches nothing). The answer's type is the route's own.
 */
export function useRoute<N extends ReadRoute>(call: RouteCall<N> | null, options?: SWRConfiguration<AnswerOf<N>>) {
  const send = useSend();
  return useSWR<AnswerOf<N>, unknown>(call ? keyOf(call) : null, call ? () => send(call) : null, {
    ...swrDefaults,
    ...options,
  });
}

/** Sends calls as the signed-in user (for the writes that are not a form's, e.g. right after sign-up). */
export function useSend(): Send {
  const api = useApi();
  return useMemo(() => sender(api), [api]);
}

/** The server's `error` field when the call failed with one, else the screen's own words. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** What a write says when it is done, and what the screen does with its answer. */
export interface MutationOutcome<Arg, Data> {
  /** The error toast's title: 'Error' unless the screen has its own. */
  errorTitle?: string;
  /** The error toast's words when the server gave none. */
  failure: string;
  /** False when the toast says `failure` whatever the server answered. */
  serverMessage?: boolean;
  /** The success toast: a title, or a title and its description. */
  success?: string | Notice | ((data: Data, arg: Arg) => string | Notice);
  /** Runs on success, before the success toast: update lists, close the form. */
  onSuccess?: (data: Data, arg: Arg) => void;
}

/**
 * A write through `useSWRMutation`: `run(arg)` sends it, `busy` is true meanwhile, a failure
 * becomes the error toast and a success calls `onSuccess` and shows the success toast. `run`
 * never throws; it answers the data, or undefined when the write failed.
 * `key` names the mutation (the path written to); nothing is revalidated by it.
 */
export function useApiMutation<Arg = void, Data = unknown>(
  key: string | null,
  run: (send: Send, arg: Arg) => Promise<Data>,
  outcome: MutationOutcome<Arg, Data>,
) {
  const send = useSend();
  // The argument travels boxed: SWR's trigger types cannot resolve a bare generic argument.
  const { trigger, isMutating } = useSWRMutation<Data, unknown, string | null, { input: Arg }>(
    key,
    (_, { arg }) => run(send, arg.input),
    {
      revalidate: false,
    },
  );
  const start = async (arg: Arg): Promise<Data | undefined> => {
    let data: Data;
    try {
      data = await trigger({ input: arg });
    } catch (error) {
      const description = outcome.serverMessage === false ? outcome.failure : errorText(error, outcome.failure);
      notify('error', outcome.errorTitle ?? toastTitles.error, description);
      return undefined;
    }
    outcome.onSuccess?.(data, arg);
    const success = typeof outcome.success === 'function' ? outcome.success(data, arg) : outcome.success;
    if (typeof success === 'string') notify('success', success);
    else if (success) notify('success', success.title, success.description);
    return data;
  };
  return { run: start, busy: isMutating };
}
