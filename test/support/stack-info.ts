import type { Role } from '@tranche/shared/auth/roles';

export interface StackInfo {
  url: string;
  env: Record<string, string>;
  tenants: {
    tenantId: string;
    prefix: string;
    displayName: string;
    users: { userId: string; email: string; displayName: string; role: Role }[];
    productIds: string[];
    /** Share classes of the catalogue products, the first product's first (local/seed-products.ts). */
    shareClassIds: string[];
    /** Seeded documents of the first product (local/seed.ts SeededProductDocuments). */
    productDocuments: {
      folderId: string;
      documentId: string;
      agreementDocumentId: string;
      spareFolderId: string;
      spareDocumentId: string;
    };
  }[];
}
