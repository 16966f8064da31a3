import useSWR from 'swr';
import { apiFetch } from '@/lib/api';

/**
 * The manager's short-lived link to a source PDF (getSigningPdf.url). Read once per file while the
 * screen is open: pdf.js keeps the bytes, and a refetch would only mint a new link.
 */
export const useSourcePdfUrl = (fileId: string | undefined) =>
  useSWR(
    fileId ? (['session', 'signing', 'pdf', fileId] as const) : null,
    ([, , , id]) => apiFetch('getSigningPdf', { query: { fileId: id } }),
    { revalidateOnFocus: false, revalidateIfStale: false, revalidateOnReconnect: false },
  );
