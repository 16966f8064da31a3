import type { ProfileDocument, UploadedFile } from '@tranche/shared/files/files.schema';
import useSWR from 'swr';
import { type ApiBody, type ApiResponse, apiFetch } from '@/lib/api';

/**
 * Uploads (docs/profiles.md "Documents"): register, send the bytes straight to S3 by the presigned
 * POST with upload progress (XHR: fetch reports no upload progress), then poll the scan result
 * until the file is CLEAN or REFUSED. Profile documents are the profile's list and its links.
 */

export type UploadForm = ApiResponse<'createFileUpload'>['upload'];

export const registerUpload = (body: NonNullable<ApiBody<'createFileUpload'>>) =>
  apiFetch('createFileUpload', { body });

/** Sent to S3 with the form's fields first and the file last; rejects on a refusal or network error. */
export const sendToStorage = (
  form: UploadForm,
  file: Blob,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<void> =>
  new Promise((resolve, reject) => {
    const data = new FormData();
    for (const [name, value] of form.fields) data.append(name, value);
    data.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', form.url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(e.loaded / e.total);
    };
    xhr.onload = () => (xhr.status >= 200 && xhr.status < 300 ? resolve() : reject(new UploadFailed(xhr.status)));
    xhr.onerror = () => reject(new UploadFailed(0));
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(data);
  });

/** The storage refused the upload (expired form, size or type outside the policy) or was unreachable. */
export class UploadFailed extends Error {
  constructor(readonly status: number) {
    super(`Upload failed (${status})`);
  }
}

export const scanResult = (fileName: string, signal?: AbortSignal) =>
  apiFetch('getFileScanResult', { params: { fileName }, signal });

/** How long the page waits for a verdict before telling the investor to come back later. */
export const SCAN_WAIT_MS = 3 * 60 * 1000;

/** Polls until CLEAN or REFUSED, each second (the scan takes seconds), giving up after SCAN_WAIT_MS. */
export const waitForVerdict = async (fileName: string, signal?: AbortSignal): Promise<UploadedFile> => {
  const started = Date.now();
  for (;;) {
    const file = await scanResult(fileName, signal);
    if (file.status === 'CLEAN' || file.status === 'REFUSED') return file;
    if (Date.now() - started > SCAN_WAIT_MS) return file;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(resolve, 1000);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(new DOMException('Cancelled', 'AbortError'));
        },
        { once: true },
      );
    });
  }
};

export const profileDocumentsKey = (profileId: string) => ['session', 'profile-documents', profileId] as const;
export const tenantProfileDocumentsKey = (tenantId: string, profileId: string) =>
  ['session', 'tenant-profile-documents', tenantId, profileId] as const;

/** The owner's list, or (`tenantId` given) the manager's view of the tenant's profile. */
export const useProfileDocuments = (profileId: string, tenantId?: string) =>
  useSWR(tenantId ? tenantProfileDocumentsKey(tenantId, profileId) : profileDocumentsKey(profileId), () =>
    tenantId
      ? apiFetch('listTenantProfileDocuments', { params: { tenantId }, query: { profileId } })
      : apiFetch('listProfileDocuments', { params: { profileId } }),
  );

export const addProfileDocument = (profileId: string, body: NonNullable<ApiBody<'addProfileDocument'>>) =>
  apiFetch('addProfileDocument', { params: { profileId }, body });

export const deleteProfileDocument = (profileId: string, documentId: string) =>
  apiFetch('deleteProfileDocument', { params: { profileId, documentId } });

/** A fresh 5-minute link each time: links are never kept in the page. */
export const documentLink = (doc: Pick<ProfileDocument, 'profileId' | 'documentId'>) =>
  apiFetch('getProfileDocument', { params: { profileId: doc.profileId, documentId: doc.documentId } });
