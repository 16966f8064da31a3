import { apiFetch } from '@/lib/api';

/**
 * Downloads go through short-lived signed links asked for at the moment of the click (the API records
 * each view and download); a link is never stored or rendered into the page ahead of time.
 */

/** Signed links answer with `Content-Disposition: attachment`: following one saves the file, the page stays. */
const clickLink = (href: string) => {
  const a = document.createElement('a');
  a.href = href;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
};

/** Downloads a document: the signed link answers it as an attachment under its file name. */
export const downloadProductDocument = async (productId: string, documentId: string) => {
  const { download } = await apiFetch('getProductDocument', { params: { productId, documentId } });
  clickLink(download.url);
};

/** Downloads a marketing folder as one zip. */
export const downloadMarketingFolder = async (productId: string, folderId: string) => {
  const link = await apiFetch('downloadMarketingFolder', { params: { productId, folderId } });
  clickLink(link.url);
};
