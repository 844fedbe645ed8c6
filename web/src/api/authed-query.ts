import { useQuery, type QueryFunctionContext, type QueryKey, type UseQueryOptions, type UseQueryResult } from '@tanstack/react-query';
import { useAuth } from '../auth-state';
import { useApiClient } from './api-context';
import type { ApiClient } from './client';

export type AuthedQueryOptions<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey> = Omit<
  UseQueryOptions<TQueryFnData, Error, TData, TQueryKey>,
  'queryFn' | 'enabled'
> & {
  /** Asks the API with the app's client, which adds the signed-in user's token. */
  queryFn: (api: ApiClient, context: QueryFunctionContext<TQueryKey>) => Promise<TQueryFnData>;
  /**
   * The hook's own condition (an id chosen, a tab shown), on top of being signed in.
   * @defaultValue true
   */
  enabled?: boolean;
};

/**
 * useQuery for an endpoint of the signed-in screens: nothing is asked until the user is signed
 * in, so no call goes out without a token while sign-in is still settling or after sign-out.
 * Every query hook of ./queries goes through it.
 */
export function useAuthedQuery<TQueryFnData, TData = TQueryFnData, TQueryKey extends QueryKey = QueryKey>(
  options: AuthedQueryOptions<TQueryFnData, TData, TQueryKey>,
): UseQueryResult<TData, Error> {
  const api = useApiClient();
  const { status } = useAuth();
  const { queryFn, enabled = true, ...rest } = options;
  return useQuery({
    ...rest,
    queryFn: (context) => queryFn(api, context),
    enabled: enabled && status === 'authenticated',
  });
}
