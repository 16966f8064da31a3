/// <reference types="vite/client" />

declare module 'virtual:api-routes' {
  import type { HttpMethod } from '@tranche/shared/http/route-def';

  const routes: Readonly<Record<string, { readonly method: HttpMethod; readonly path: string }>>;
  export default routes;
}
