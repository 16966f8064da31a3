import { ROUTE_LIST, type RouteDef, type RouteKey } from '@tranche/shared/http/routes';
import { STATE_MACHINES } from '@tranche/shared/infra/state-machines';

/** What a function may do besides writing its own logs and traces. */
export interface FunctionAccess {
  readonly table: 'none' | 'read' | 'readWrite';
  /** Cognito admin calls on the deployment's user pool (sign-in, invites, sign-out everywhere). */
  readonly userPool?: boolean;
  /** Presigning data-room reads (and writes with `readWrite`). */
  readonly dataRoom?: 'read' | 'readWrite';
  /** Start scenario executions / answer their human steps. */
  readonly scenario?: 'start' | 'respond';
  /** Send mail through SES from MAIL_FROM. */
  readonly mail?: boolean;
}

/**
 * Grants beyond the table default, per route. A route not listed here gets only the table: read for
 * GET, read/write otherwise. Add a line when a handler starts calling another service.
 */
export const ROUTE_ACCESS_EXTRAS: Partial<Record<RouteKey, Omit<FunctionAccess, 'table'>>> = {};

export const routeAccess = (route: RouteDef): FunctionAccess => ({
  table: route.method === 'GET' ? 'read' : 'readWrite',
  ...ROUTE_ACCESS_EXTRAS[route.operationId as RouteKey],
});

/** The API's `$default` route: a catalogued 404/405 for whatever the table has no route for. */
export const NOT_FOUND_HANDLER = 'meta/not-found';

/** Scenario-flow step handlers, by module; anything the ASL names and this map does not is refused. */
export const STEP_ACCESS: Record<string, FunctionAccess> = {
  'flow/start-scenario': { table: 'none' },
  'flow/open-human-step': { table: 'readWrite' },
};

const PLACEHOLDER = /\$\{fn:([\w/-]+)\}/g;

/** The handler modules a state-machine definition invokes, from its `${fn:<module>}` placeholders. */
export const stepModules = (definition: unknown): string[] => [
  ...new Set([...JSON.stringify(definition).matchAll(PLACEHOLDER)].map((m) => m[1]!)),
];

/** Replaces every `${fn:<module>}` placeholder of a definition with `resolve(module)`. */
export const substituteFunctions = (definition: unknown, resolve: (module: string) => string): string =>
  JSON.stringify(definition).replace(PLACEHOLDER, (_match, module: string) => resolve(module));

export const API_ROUTES = ROUTE_LIST;
export const ALL_STEP_MODULES = [...new Set(STATE_MACHINES.flatMap((sm) => stepModules(sm.definition)))];

/** `GET /api/invest/client/get-tenant-info` */
export const routeKey = (route: RouteDef): string => `${route.method} /api${route.path}`;
