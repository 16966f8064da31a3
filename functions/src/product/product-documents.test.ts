import { MAX_PRODUCT_DOCUMENT_BYTES } from '@tranche/shared/product/product.schema';
import { describe, expect, it } from 'vitest';
import { looksLikePdf, sizeProblem } from './product-documents.service.js';

const bytes = (s: string) => new TextEncoder().encode(s);

describe('looksLikePdf', () => {
  it('accepts a file that starts with the PDF header', () => {
    expect(looksLikePdf(bytes('%PDF-1.7\n'))).toBe(true);
    expect(looksLikePdf(bytes('%PDF-'))).toBe(true);
  });

  it('refuses anything else, including a header that is not at the very start', () => {
    expect(looksLikePdf(bytes('PK\u0003\u0004'))).toBe(false);
    expect(looksLikePdf(bytes(' %PDF-1.7'))).toBe(false);
    expect(looksLikePdf(bytes('%PDF'))).toBe(false);
    expect(looksLikePdf(new Uint8Array())).toBe(false);
  });
});

describe('sizeProblem', () => {
  it('accepts exactly the declared size', () => expect(sizeProblem(1000, 1000)).toBeUndefined());
  it('refuses another size', () => expect(sizeProblem(1000, 999)).toBe('SIZE_MISMATCH'));
  it('refuses more than the limit even when declared', () =>
    expect(sizeProblem(MAX_PRODUCT_DOCUMENT_BYTES + 1, MAX_PRODUCT_DOCUMENT_BYTES + 1)).toBe('TOO_LARGE'));
  it('accepts the limit itself', () =>
    expect(sizeProblem(MAX_PRODUCT_DOCUMENT_BYTES, MAX_PRODUCT_DOCUMENT_BYTES)).toBeUndefined());
});
