/**
 * zod, with schemas built on first use instead of at import.
 *
 * Why: one Lambda serves one route, yet importing its domain's route file used to build every
 * schema of that domain (and of the domains those schemas import, and every event payload): about
 * 25-35 ms of a 80-130 ms cold module load, for schemas the handler never parses with
 * (docs/decisions.md, "Cold start"). Importing this module instead of `zod` keeps the same API and
 * types: `import * as z from '../lazy-zod.js'`. The schema factories below (`z.object`, `z.string`,
 * `z.enum`, ...) and the schema methods that return a new schema (`.optional()`, `.min()`,
 * `.extend()`, ...) only record what to build; the real zod schema is built the first time anything
 * else is asked of it (`safeParse`, `shape`, `options`, `_zod`, `instanceof`, `z.toJSONSchema`), once,
 * and every later access goes to that same instance. Schemas nested in a lazy one are built with it,
 * as real zod schemas, so parsing runs through one proxy at the top and none below.
 *
 * What changes: an error in a schema's definition (a discriminated union with a duplicate key, say)
 * is thrown on first use rather than at import; the tests that build every route's schemas (the
 * OpenAPI test) still find it. Anything not listed here (types, `toJSONSchema`, error helpers, the
 * classes used with `instanceof`, rarely used factories) is zod's own, unchanged.
 */
import * as zod from 'zod';

export * from 'zod';

type AnyFn = (...args: never[]) => unknown;

interface LazyNode {
  readonly build: () => object;
  value?: object;
  /** Methods of the built schema bound to it, so `this` is the schema and never the proxy. */
  readonly bound: Map<PropertyKey, [original: unknown, bound: unknown]>;
}

const NODES = new WeakMap<object, LazyNode>();

const materialize = (node: LazyNode): object => {
  node.value ??= node.build();
  return node.value;
};

/**
 * Replaces lazy schemas by the schemas they stand for in what is handed to zod: the arguments
 * themselves, and the values of plain objects (shapes) and arrays (union options) among them. An
 * argument without a lazy schema inside is passed as it came (a default value keeps its identity);
 * an object with getters (a recursive shape) is left alone, so its getters still run when zod asks.
 */
const unwrap = (value: unknown, depth = 0): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  const node = NODES.get(value);
  if (node) return materialize(node);
  if (depth > 3) return value;
  if (Array.isArray(value)) {
    const out = value.map((v) => unwrap(v, depth + 1));
    return out.some((v, i) => v !== value[i]) ? out : value;
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return value;
  const descriptors = Object.getOwnPropertyDescriptors(value);
  if (Object.values(descriptors).some((d) => d.get || d.set)) return value;
  let changed = false;
  const out: Record<PropertyKey, unknown> = Object.create(proto);
  for (const key of Reflect.ownKeys(descriptors)) {
    const before = (value as Record<PropertyKey, unknown>)[key];
    const after = unwrap(before, depth + 1);
    if (after !== before) changed = true;
    out[key] = after;
  }
  return changed ? out : value;
};

const unwrapAll = (args: readonly unknown[]) => args.map((a) => unwrap(a));

/**
 * Schema methods that return a new schema and can wait: the call is recorded and made on the built
 * schema when the result is first used. `meta()` without arguments reads metadata, so it does not wait.
 */
const DEFERRED_METHODS = new Set([
  'optional',
  'exactOptional',
  'nullable',
  'nullish',
  'nonoptional',
  'array',
  'or',
  'and',
  'transform',
  'default',
  'prefault',
  'catch',
  'pipe',
  'readonly',
  'brand',
  'describe',
  'meta',
  'check',
  'with',
  'refine',
  'superRefine',
  'overwrite',
  'min',
  'max',
  'length',
  'nonempty',
  'regex',
  'trim',
  'toLowerCase',
  'toUpperCase',
  'normalize',
  'startsWith',
  'endsWith',
  'includes',
  'int',
  'positive',
  'negative',
  'nonnegative',
  'nonpositive',
  'multipleOf',
  'step',
  'gt',
  'gte',
  'lt',
  'lte',
  'finite',
  'safe',
  'extend',
  'safeExtend',
  'merge',
  'pick',
  'omit',
  'partial',
  'required',
  'strict',
  'strip',
  'passthrough',
  'loose',
  'catchall',
  'keyof',
  'unwrap',
  'exclude',
  'extract',
  // String formats as methods (`z.string().email()`): zod keeps them beside the top-level factories.
  'email',
  'url',
  'uuid',
  'guid',
  'cuid',
  'cuid2',
  'ulid',
  'nanoid',
  'emoji',
  'ipv4',
  'ipv6',
  'e164',
  'base64',
  'base64url',
  'jwt',
  'datetime',
  'date',
  'time',
  'duration',
  'lowercase',
  'uppercase',
]);

const lazySchema = (build: () => object): object => {
  const node: LazyNode = { build, bound: new Map() };
  const real = () => materialize(node);
  const proxy = new Proxy(
    {},
    {
      get(_target, key) {
        if (typeof key === 'string' && DEFERRED_METHODS.has(key)) {
          return (...args: unknown[]) => {
            if (key === 'meta' && args.length === 0) return (real() as { meta: () => unknown }).meta();
            const call = () => (real() as Record<string, (...a: unknown[]) => object>)[key]!(...unwrapAll(args));
            // Once built, a further chain (made at request time) is made at once: nothing left to save.
            return node.value ? call() : lazySchema(call);
          };
        }
        const target = real();
        const value: unknown = Reflect.get(target, key, target);
        if (typeof value !== 'function' || key === 'constructor') return value;
        const cached = node.bound.get(key);
        if (cached?.[0] === value) return cached[1];
        const bound = (value as AnyFn).bind(target);
        node.bound.set(key, [value, bound]);
        return bound;
      },
      has: (_target, key) => Reflect.has(real(), key),
      set: (_target, key, value) => Reflect.set(real(), key, value, real()),
      deleteProperty: (_target, key) => Reflect.deleteProperty(real(), key),
      ownKeys: () => Reflect.ownKeys(real()),
      getOwnPropertyDescriptor(_target, key) {
        const descriptor = Reflect.getOwnPropertyDescriptor(real(), key);
        // The proxy's own target is an empty object: a property it lacks may not be reported as
        // non-configurable (a Proxy invariant). Reading the value is unaffected.
        return descriptor && { ...descriptor, configurable: true };
      },
      defineProperty: (_target, key, descriptor) =>
        Reflect.defineProperty(real(), key, { ...descriptor, configurable: true }),
      getPrototypeOf: () => Reflect.getPrototypeOf(real()),
    },
  );
  NODES.set(proxy, node);
  return proxy;
};

/** A schema factory whose result is built on first use; its arguments are kept until then. */
const deferred = <F extends AnyFn>(factory: F): F =>
  ((...args: unknown[]) =>
    lazySchema(() => (factory as unknown as (...a: unknown[]) => object)(...unwrapAll(args)))) as unknown as F;

/** Whether a schema from this module has been built yet (for tests and the cold-start bench). */
export const isBuilt = (schema: unknown): boolean => {
  const node = typeof schema === 'object' && schema !== null ? NODES.get(schema) : undefined;
  return node ? node.value !== undefined : true;
};

/** The zod schema a lazy one stands for, built now; any other value as it is. */
export const built = <T>(schema: T): T => unwrap(schema, 4) as T;

// Local exports take precedence over `export *`: these names are the deferred factories.
export const string = /* @__PURE__ */ deferred(zod.string);
export const number = /* @__PURE__ */ deferred(zod.number);
export const int = /* @__PURE__ */ deferred(zod.int);
export const boolean = /* @__PURE__ */ deferred(zod.boolean);
export const bigint = /* @__PURE__ */ deferred(zod.bigint);
export const date = /* @__PURE__ */ deferred(zod.date);
export const unknown = /* @__PURE__ */ deferred(zod.unknown);
export const any = /* @__PURE__ */ deferred(zod.any);
export const never = /* @__PURE__ */ deferred(zod.never);
export const literal = /* @__PURE__ */ deferred(zod.literal);
const _enum = /* @__PURE__ */ deferred(zod.enum);
const _null = /* @__PURE__ */ deferred(zod.null);
const _undefined = /* @__PURE__ */ deferred(zod.undefined);

export { _enum as enum, _null as null, _undefined as undefined };
export const nativeEnum = /* @__PURE__ */ deferred(zod.nativeEnum);
export const object = /* @__PURE__ */ deferred(zod.object);
export const strictObject = /* @__PURE__ */ deferred(zod.strictObject);
export const looseObject = /* @__PURE__ */ deferred(zod.looseObject);
export const array = /* @__PURE__ */ deferred(zod.array);
export const tuple = /* @__PURE__ */ deferred(zod.tuple);
export const union = /* @__PURE__ */ deferred(zod.union);
export const discriminatedUnion = /* @__PURE__ */ deferred(zod.discriminatedUnion);
export const intersection = /* @__PURE__ */ deferred(zod.intersection);
export const record = /* @__PURE__ */ deferred(zod.record);
export const partialRecord = /* @__PURE__ */ deferred(zod.partialRecord);
export const map = /* @__PURE__ */ deferred(zod.map);
export const set = /* @__PURE__ */ deferred(zod.set);
export const optional = /* @__PURE__ */ deferred(zod.optional);
export const nullable = /* @__PURE__ */ deferred(zod.nullable);
export const email = /* @__PURE__ */ deferred(zod.email);
export const url = /* @__PURE__ */ deferred(zod.url);
export const uuid = /* @__PURE__ */ deferred(zod.uuid);
export const ulid = /* @__PURE__ */ deferred(zod.ulid);
export const custom = /* @__PURE__ */ deferred(zod.custom);
export const preprocess = /* @__PURE__ */ deferred(zod.preprocess);
export const pipe = /* @__PURE__ */ deferred(zod.pipe);
export const templateLiteral = /* @__PURE__ */ deferred(zod.templateLiteral);

const deferAll = <N extends object>(ns: N): N =>
  Object.fromEntries(
    // Factories only (lower case): the classes beside them (`ZodISODate`) stay zod's, for `instanceof`.
    Object.entries(ns).map(([name, value]) => [
      name,
      typeof value === 'function' && /^[a-z]/.test(name) ? deferred(value as AnyFn) : value,
    ]),
  ) as N;

const isSchema = (value: unknown): value is { _zod: { def: Record<string, unknown> } } =>
  typeof value === 'object' && value !== null && '_zod' in value;

/**
 * Puts built schemas where a schema made with zod itself (a module that imports `zod`, not this
 * one) holds a lazy one: `z.object({ id: IdSchema.optional() })`. Parsing through such a proxy is
 * right as it is; zod's JSON Schema writer is not, as it keys what it has seen by identity and a
 * built schema knows itself, never its proxy. Each replacement is the schema the proxy forwarded
 * to, so nothing parses differently. Getters (recursive shapes) are left alone.
 */
const settle = (value: unknown, seen: WeakSet<object>): unknown => {
  if (typeof value !== 'object' || value === null) return value;
  const node = NODES.get(value);
  const target = node ? materialize(node) : value;
  if (seen.has(target)) return target;
  seen.add(target);
  if (isSchema(target)) {
    const def = target._zod.def;
    // Read through the def's own getters (an extended shape is one, memoised by zod).
    for (const key of Object.keys(def)) replaceIn(def, key, seen);
  } else if (Array.isArray(target)) {
    for (let i = 0; i < target.length; i++) replaceIn(target as unknown as Record<PropertyKey, unknown>, i, seen);
  } else if (Object.getPrototypeOf(target) === Object.prototype || Object.getPrototypeOf(target) === null) {
    for (const [key, d] of Object.entries(Object.getOwnPropertyDescriptors(target))) {
      if ('value' in d) replaceIn(target as Record<string, unknown>, key, seen);
    }
  }
  return target;
};

const replaceIn = (holder: Record<PropertyKey, unknown>, key: PropertyKey, seen: WeakSet<object>) => {
  const before = holder[key];
  const after = settle(before, seen);
  if (after !== before) Reflect.set(holder, key, after);
};

/**
 * zod's JSON Schema writer (the OpenAPI document), handed the built schema with no proxy left
 * inside, since it keys what it has seen by schema identity.
 */
export const toJSONSchema: typeof zod.toJSONSchema = ((schema: unknown, params?: unknown) =>
  (zod.toJSONSchema as (s: unknown, p?: unknown) => unknown)(
    settle(schema, new WeakSet()),
    params,
  )) as typeof zod.toJSONSchema;

/** `z.coerce.number()` and the rest: each returns a schema, so each waits. */
export const coerce: typeof zod.coerce = /* @__PURE__ */ deferAll(zod.coerce);
/** `z.iso.date()`, `z.iso.datetime()`, ...: schema factories too (the classes are exported at the top level). */
export const iso: typeof zod.iso = /* @__PURE__ */ deferAll(zod.iso);
