/**
 * The data the signed-in pages read, through SWR (with the defaults ./provider sets), and the
 * writes they make, through SWR's `useSWRMutation` with the busy state and the toasts said once.
 */
import useSWR from 'swr';
import useSWRMutation from 'swr/mutation';
import type {
  AlertGroupDto,
  ClientDto,
  EligibilityDto,
  HistoryAnswer,
  PortfolioAnswer,
  TransactionDto,
  WithdrawalRequestDto,
  PathParams,
  RouteName,
  RouteOf,
} from '../../../shared/api';
import { buildPath, routeByName } from '../../../shared/api';
import { type Notice, toastTitles } from '../../../shared/messages';
import { notify } from '../components/toaster';
import { type Api, ApiError } from './client';
import { useApi } from './provider';

/** A route's concrete path from the route table, its parameters typed by the route's own path. */
const pathOf = <N extends RouteName>(name: N, params: PathParams<RouteOf<N>['path']>, query?: Record<string, string>) =>
  `${buildPath(routeByName(name).path, params as Record<string, string>)}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

/** Every path the web calls, from the route table (never written by hand). */
export const paths = {
  portfolio: (userId: string) => pathOf('getPortfolio', { userId }),
  transactions: (uid: string) => pathOf('listTransactions', { uid }),
  myRequests: (uid: string) => pathOf('listMyWithdrawalRequests', { uid }),
  eligibility: (uid: string) => pathOf('getEligibility', { uid }),
  requestWithdrawal: pathOf('requestWithdrawal', {}),
  createPortfolio: pathOf('createPortfolio', {}),
  clients: pathOf('listClients', {}),
  clientTransactions: (id: string) => pathOf('listClientTransactions', { id }),
  deposit: (id: string) => pathOf('addDeposit', { id }),
  withdrawal: (id: string) => pathOf('processWithdrawal', { id }),
  balance: (id: string) => pathOf('updateBalance', { id }),
  client: (id: string) => pathOf('deleteClient', { id }),
  alerts: pathOf('listWithdrawalAlerts', {}),
  pendingRequests: pathOf('listPendingWithdrawalRequests', {}, { status: 'pending' }),
  history: (uid: string) => pathOf('getHistory', { uid }),
  statement: (uid: string, from: string, to: string) => pathOf('getStatement', { uid }, { from, to }),
  clientStatement: (id: string, from: string, to: string) => pathOf('getClientStatement', { id }, { from, to }),
  balancesStatement: pathOf('getBalancesStatement', {}),
  approve: (id: string) => pathOf('approveWithdrawalRequest', { id }),
  reject: (id: string) => pathOf('rejectWithdrawalRequest', { id }),
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

/** The server's `error` field when the call failed with one, else the screen's own words. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** What a write says when it is done, and what the screen does with its answer. */
export interface MutationOutcome<Arg, Data> {
  /** The error toast's title: 'Error' (spec section 8) unless the screen has its own. */
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
  send: (api: Api, arg: Arg, key: string) => Promise<Data>,
  outcome: MutationOutcome<Arg, Data>,
) {
  const api = useApi();
  // The argument travels boxed: SWR's trigger types cannot resolve a bare generic argument.
  const { trigger, isMutating } = useSWRMutation<Data, unknown, string | null, { input: Arg }>(key, (k, { arg }) => send(api, arg.input, k), {
    revalidate: false,
  });
  const run = async (arg: Arg): Promise<Data | undefined> => {
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
  return { run, busy: isMutating };
}
