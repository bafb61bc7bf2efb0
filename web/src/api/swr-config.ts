/** SWR defaults: the API fetcher, and no retries for answers that will not change (4xx). */
import type { SWRConfiguration } from 'swr';
import { ApiError, apiFetch } from './http';

export const swrConfig: SWRConfiguration = {
  fetcher: (path: string) => apiFetch(path),
  revalidateOnFocus: false,
  onErrorRetry: (err, _key, _config, revalidate, { retryCount }) => {
    if (err instanceof ApiError && err.status >= 400 && err.status < 500) return;
    if (retryCount >= 3) return;
    setTimeout(() => void revalidate({ retryCount }), 2000 * 2 ** retryCount);
  },
};
