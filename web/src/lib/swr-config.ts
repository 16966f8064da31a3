import type { SWRConfiguration } from 'swr';
import { isApiError } from './api-error';

/** Client mistakes (4xx) will not fix themselves by asking again; throttles and 5xx may. */
const isRetryable = (error: unknown) =>
  !isApiError(error) || error.status === 0 || error.status === 429 || error.status >= 500;

export const swrConfig: SWRConfiguration = {
  revalidateOnFocus: false,
  shouldRetryOnError: isRetryable,
  errorRetryCount: 2,
};
