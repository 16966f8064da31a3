import type { LocalizedText } from '@tranche/shared/common.schema';
import type { ProductDocumentKind } from '@tranche/shared/enums';
import { apiFetch } from '@/lib/api';
import { putFile } from './upload-file';

export type UploadStage = 'registering' | 'uploading' | 'checking';

export interface NewDocument {
  kind: ProductDocumentKind;
  title: LocalizedText;
  folderId?: string | undefined;
  file: File;
}

/**
 * A document upload in three steps: register it (the API answers a presigned PUT), send the bytes
 * straight to storage, then ask the API to check the file and make the document READY.
 */
export const uploadProductDocument = async (
  productId: string,
  { kind, title, folderId, file }: NewDocument,
  onProgress: (stage: UploadStage, fraction: number) => void,
  signal?: AbortSignal,
) => {
  onProgress('registering', 0);
  const created = await apiFetch('createProductDocument', {
    params: { productId },
    body: {
      kind,
      title,
      ...(folderId ? { folderId } : {}),
      fileName: file.name,
      contentType: 'application/pdf',
      size: file.size,
    },
    ...(signal ? { signal } : {}),
  });
  await putFile(created.upload, file, (fraction) => onProgress('uploading', fraction), signal);
  onProgress('checking', 1);
  return apiFetch('completeProductDocument', {
    params: { productId, documentId: created.document.documentId },
    body: {},
  });
};

export const updateProductDocument = (
  productId: string,
  documentId: string,
  body: { kind: ProductDocumentKind; title: LocalizedText; folderId?: string | undefined; version: number },
) =>
  apiFetch('updateProductDocument', {
    params: { productId, documentId },
    body: {
      kind: body.kind,
      title: body.title,
      version: body.version,
      ...(body.folderId ? { folderId: body.folderId } : {}),
    },
  });

export const deleteProductDocument = (productId: string, documentId: string) =>
  apiFetch('deleteProductDocument', { params: { productId, documentId } });

export const createMarketingFolder = (productId: string, name: LocalizedText) =>
  apiFetch('createMarketingFolder', { params: { productId }, body: { name } });

export const updateMarketingFolder = (productId: string, folderId: string, name: LocalizedText, version: number) =>
  apiFetch('updateMarketingFolder', { params: { productId, folderId }, body: { name, version } });

export const deleteMarketingFolder = (productId: string, folderId: string) =>
  apiFetch('deleteMarketingFolder', { params: { productId, folderId } });
