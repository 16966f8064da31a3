import type { SigningPdf } from '@tranche/shared/signing/signing.schema';
import { apiFetch } from '@/lib/api';

/**
 * A source PDF's way in (signing contract): register it (the declared size is refused over 25 MB at
 * once), send the bytes straight to storage by the presigned POST (S3's own form pins the size),
 * then poll /pdffile/detail until the server's check says READY, or answers the refusal's code
 * (encrypted, malformed, too large) as an error, which the screen shows in the user's language.
 */
export class StorageRefused extends Error {
  constructor(readonly status: number) {
    super(`Upload failed (${status})`);
  }
}

const sendToStorage = async (
  form: { url: string; fields: readonly (readonly [string, string])[] },
  file: Blob,
  signal?: AbortSignal,
) => {
  // The policy's fields in their order, the file last (S3 ignores fields after it).
  const data = new FormData();
  for (const [name, value] of form.fields) data.append(name, value);
  data.append('file', file);
  let response: Response;
  try {
    response = await fetch(form.url, { method: 'POST', body: data, signal, credentials: 'omit' });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new StorageRefused(0);
  }
  if (!response.ok) throw new StorageRefused(response.status);
};

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new DOMException('Cancelled', 'AbortError'));
      },
      { once: true },
    );
  });

/** How long the screen waits for the check before giving up (it takes a second or two). */
const CHECK_WAIT_MS = 2 * 60 * 1000;

export const uploadSigningPdf = async (
  file: File,
  onStage: (stage: 'uploading' | 'checking') => void,
  signal?: AbortSignal,
): Promise<SigningPdf> => {
  onStage('uploading');
  const created = await apiFetch('createSigningPdfUpload', { body: { name: file.name, size: file.size }, signal });
  await sendToStorage(created.upload, file, signal);
  onStage('checking');
  const started = Date.now();
  for (;;) {
    // A refused file answers its catalogued error (413/422): apiFetch throws it as an ApiError.
    const pdf = await apiFetch('getSigningPdf', { query: { fileId: created.fileId }, signal });
    if (pdf.status === 'READY') return pdf;
    if (Date.now() - started > CHECK_WAIT_MS) throw new StorageRefused(408);
    await pause(800, signal);
  }
};
