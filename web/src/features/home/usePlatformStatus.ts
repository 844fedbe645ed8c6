import { useEffect, useState } from 'react';
import type { ReadyResponse } from '@ust/schemas';

type PlatformStatus =
  | { state: 'loading' }
  | { state: 'loaded'; ready: ReadyResponse }
  | { state: 'error'; message: string };

/** GET /ready: which adapter serves each port and whether it answers. */
export function usePlatformStatus(): PlatformStatus {
  const [status, setStatus] = useState<PlatformStatus>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    fetch('/ready', { signal: controller.signal })
      .then(async (response) => setStatus({ state: 'loaded', ready: (await response.json()) as ReadyResponse }))
      .catch((error: Error) => {
        if (error.name !== 'AbortError') setStatus({ state: 'error', message: error.message });
      });
    return () => controller.abort();
  }, []);
  return status;
}
