/** What a `refetchInterval` function reads of its query: the latest data and the latest error. */
export interface PolledQuery<TData> {
  state: { data: TData | undefined; error: unknown };
}

export interface PollOptions {
  /**
   * Ask again while nothing has been answered yet: a page about one run polls from the start,
   * where a list first waits for its answer to know whether anything is running.
   * @defaultValue false
   */
  beforeFirstAnswer?: boolean;
  /**
   * An error that asking again cannot cure (an unknown or forbidden id) ends the polling.
   * @defaultValue no error ends it
   */
  stopsOn?: (error: unknown) => boolean;
}

/**
 * A TanStack Query `refetchInterval` that asks again every `intervalMs` until the data is
 * settled (`isSettled`): a queued or running job is followed, a finished one no more.
 */
export function pollUntilSettled<TData>(isSettled: (data: TData) => boolean, intervalMs: number, options: PollOptions = {}) {
  const { beforeFirstAnswer = false, stopsOn = () => false } = options;
  return ({ state }: PolledQuery<TData>): number | false => {
    if (state.data === undefined ? !beforeFirstAnswer : isSettled(state.data)) return false;
    return stopsOn(state.error) ? false : intervalMs;
  };
}
