import { afterEach, beforeEach, vi } from 'vitest';

/** An API answer: `body` as JSON with `status`. */
export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/**
 * Stands a mock in for the global `fetch` before each test of the calling file and takes it away
 * (calls, answers and every other stubbed global) after each. With `csrf`, also sets the csrf-token
 * cookie the API would have set, which the client echoes on non-GET calls. Call it at module level.
 */
export const mockFetch = ({ csrf = false }: { csrf?: boolean } = {}) => {
  const fetchMock = vi.fn<typeof fetch>();
  beforeEach(() => {
    vi.stubGlobal('fetch', fetchMock);
    // biome-ignore lint/suspicious/noDocumentCookie: the API sets this cookie; the test stands in for it
    if (csrf) document.cookie = 'csrf-token=tok';
  });
  afterEach(() => {
    fetchMock.mockReset();
    vi.unstubAllGlobals();
  });
  return fetchMock;
};
