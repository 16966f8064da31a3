/** Headers a browser refuses to let scripts set; the browser sends its own. */
const FORBIDDEN = new Set(['content-length', 'host', 'connection', 'expect']);

export class UploadFailedError extends Error {
  override readonly name = 'UploadFailedError';
  constructor(readonly status: number) {
    super(`Upload answered ${status}`);
  }
}

export interface UploadTicket {
  method: 'PUT';
  url: string;
  headers: Record<string, string>;
}

/**
 * PUTs a file to a presigned URL with exactly the headers it was signed with, reporting progress
 * (0 to 1). XMLHttpRequest, because fetch reports no upload progress.
 */
export const putFile = (
  ticket: UploadTicket,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
) =>
  new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(ticket.method, ticket.url);
    for (const [name, value] of Object.entries(ticket.headers)) {
      if (!FORBIDDEN.has(name.toLowerCase())) xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress(1);
        resolve();
      } else reject(new UploadFailedError(xhr.status));
    };
    xhr.onerror = () => reject(new UploadFailedError(0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });
