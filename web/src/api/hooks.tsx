/** Data the screens read, through SWR with the spec's defaults: no refetch on focus, no retries. */
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import useSWR, { SWRConfig, type SWRConfiguration } from 'swr';
import type {
  AlertGroupDto,
  ClientDto,
  EligibilityDto,
  HistoryAnswer,
  PortfolioAnswer,
  TransactionDto,
  WithdrawalRequestDto,
} from '../../../shared/api';
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
      <SWRConfig value={{ ...swrDefaults, fetcher: (path: string) => value(path) }}>{children}</SWRConfig>
    </ApiContext.Provider>
  );
}

export function useApi(): Api {
  const api = useContext(ApiContext);
  if (!api) throw new Error('useApi outside ApiProvider');
  return api;
}

const enc = encodeURIComponent;

export const paths = {
  portfolio: (userId: string) => `/api/portfolios/${enc(userId)}`,
  transactions: (uid: string) => `/api/portfolios/${enc(uid)}/transactions`,
  myRequests: (uid: string) => `/api/portfolios/${enc(uid)}/withdrawal-requests`,
  eligibility: (uid: string) => `/api/withdrawals/${enc(uid)}/eligible`,
  requestWithdrawal: '/api/withdrawals/request',
  createPortfolio: '/api/portfolios/create',
  clients: '/api/admin/clients',
  clientTransactions: (id: string) => `/api/admin/clients/${enc(id)}/transactions`,
  deposit: (id: string) => `/api/admin/clients/${enc(id)}/deposit`,
  withdrawal: (id: string) => `/api/admin/clients/${enc(id)}/withdrawal`,
  balance: (id: string) => `/api/admin/clients/${enc(id)}/balance`,
  client: (id: string) => `/api/admin/clients/${enc(id)}`,
  alerts: '/api/admin/withdrawal-alerts',
  pendingRequests: '/api/admin/withdrawal-requests?status=pending',
  history: (uid: string) => `/api/portfolios/${enc(uid)}/history`,
  statement: (uid: string, from: string, to: string) => `/api/portfolios/${enc(uid)}/statement?from=${enc(from)}&to=${enc(to)}`,
  clientStatement: (id: string, from: string, to: string) => `/api/admin/clients/${enc(id)}/statement?from=${enc(from)}&to=${enc(to)}`,
  balancesStatement: '/api/admin/statements/balances',
  approve: (id: string) => `/api/admin/withdrawal-requests/${enc(id)}/approve`,
  reject: (id: string) => `/api/admin/withdrawal-requests/${enc(id)}/reject`,
};

/** `key` null means "not yet" (SWR fetches nothing). */
export const usePortfolio = (userId: string | null) => useSWR<PortfolioAnswer>(userId ? paths.portfolio(userId) : null);
export const useEligibility = (uid: string | null) => useSWR<{ data: EligibilityDto }>(uid ? paths.eligibility(uid) : null);
export const useMyRequests = (uid: string | null) => useSWR<WithdrawalRequestDto[]>(uid ? paths.myRequests(uid) : null);
/** Loads only once `enabled` (the history panel's first opening). */
export const useTransactions = (path: string | null) => useSWR<TransactionDto[]>(path);
export const useHistory = (uid: string | null) => useSWR<HistoryAnswer>(uid ? paths.history(uid) : null);
export const useClients = (enabled: boolean) => useSWR<ClientDto[]>(enabled ? paths.clients : null);
export const useAlerts = () => useSWR<{ data: AlertGroupDto[] }>(paths.alerts, { refreshInterval: 30_000 });
export const usePendingRequests = (enabled: boolean) => useSWR<WithdrawalRequestDto[]>(enabled ? paths.pendingRequests : null);
