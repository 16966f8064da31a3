// The public surface of features/products: what other features may import (web/README.md, Layout).
export { downloadProductDocument } from './api/download-document';
export { useProduct } from './api/get-product';
export type { MarketingFolder } from './api/list-marketing-folders';
export { useMarketingFolders } from './api/list-marketing-folders';
export { useProductDocuments } from './api/list-product-documents';
export { feeText } from './components/fee-text';
export { OpennessBadge } from './components/openness-badge';
export { ProductView } from './components/product-view';
export { shareClassIdentityColumns } from './components/share-class-columns';
export { useProductPageLocales } from './locales';
