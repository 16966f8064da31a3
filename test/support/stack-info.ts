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
  }[];
}
