/**
 * The API caller for the screens: what every page needs, the sign-in page included. The data
 * hooks and writes the signed-in pages use, SWR with them, are in ./hooks, which the first
 * screen never loads.
 */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useAuth } from '../auth/session';
import { type Api, createApi } from './client';

const ApiContext = createContext<Api | null>(null);

/** Provides the API caller; tests pass their own `api` answering from fixtures. */
export function ApiProvider({ api, children }: { api?: Api; children: ReactNode }) {
  const auth = useAuth();
  const value = useMemo(() => api ?? createApi(auth), [api, auth]);
  return <ApiContext.Provider value={value}>{children}</ApiContext.Provider>;
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}
