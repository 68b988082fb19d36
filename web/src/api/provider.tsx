/**
 * The API caller for the screens, and SWR set to the spec's defaults: no refetch on focus, no
 * retries. What every page needs, the sign-in page included; the data hooks and writes the
 * signed-in pages use are in ./hooks, which the first screen never loads.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { SWRConfig, type SWRConfiguration } from 'swr';
import { useAuth } from '../auth/session';
import { type Api, createApi } from './client';

const ApiContext = createContext<Api | null>(null);

export const swrDefaults: SWRConfiguration = {
  revalidateOnFocus: false,
  revalidateOnReconnect: false,
  revalidateIfStale: false,
  shouldRetryOnError: false,
  errorRetryCount: 0,
};

/** Provides the API caller; tests pass their own `api` answering from fixtures. */
export function ApiProvider({ api, children }: { api?: Api; children: ReactNode }) {
  const auth = useAuth();
  const value = useMemo(() => api ?? createApi(auth), [api, auth]);
  return (
    <ApiContext.Provider value={value}>
      <SWRConfig value={swrDefaults}>{children}</SWRConfig>
    </ApiContext.Provider>
  );
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
