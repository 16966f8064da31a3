import type { FileExport } from '@tranche/shared/money/money.schema';

/**
 * Saves an export the API answered inside JSON (`{fileName, contentType, content}`) as a file: the API
 * speaks JSON only, so the browser makes the download from the text. A BOM goes first so spreadsheet
 * programs read the UTF-8 (Chinese names) correctly.
 */
export const saveExport = ({ fileName, contentType, content }: FileExport): void => {
  const blob = new Blob(['\uFEFF', content], { type: `${contentType};charset=utf-8` });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has taken it.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
};
