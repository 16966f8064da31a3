import fc from 'fast-check';
// lazy-zod's writer: it hands zod the built schemas, with no proxy left inside (shared/src/lazy-zod.ts).
import * as z from '../../shared/src/lazy-zod.js';

/**
 * fast-check arbitraries derived from the route table's zod schemas (through their JSON Schema, so
 * every zod construct we use maps to one generator): valid values, and values that break them.
 */
type Schema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
  propertyNames?: Schema;
};

export const jsonSchemaOf = (schema: z.ZodType): Schema =>
  z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as Schema;

const stringArb = (s: Schema): fc.Arbitrary<string> => {
  if (s.format === 'date-time')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString());
  if (s.format === 'date')
    return fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((d) => d.toISOString().slice(0, 10));
  if (s.format === 'email') return fc.emailAddress();
  if (s.pattern)
    return fc
      .stringMatching(new RegExp(s.pattern))
      .filter((v) => v.length >= (s.minLength ?? 0) && v.length <= (s.maxLength ?? Infinity));
  return fc.string({ minLength: s.minLength ?? 0, maxLength: Math.min(s.maxLength ?? 40, 40) });
};

export const validArb = (s: Schema): fc.Arbitrary<unknown> => {
  if (s.const !== undefined) return fc.constant(s.const);
  if (s.enum) return fc.constantFrom(...s.enum);
  if (s.anyOf ?? s.oneOf) return fc.oneof(...(s.anyOf ?? s.oneOf ?? []).map(validArb));
  if (s.allOf?.length === 1 && s.allOf[0]) return validArb(s.allOf[0]);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'string':
      return stringArb(s);
    case 'integer':
      return fc.integer({
        min: s.minimum ?? (s.exclusiveMinimum ?? -1e6) + 1,
        max: s.maximum ?? (s.exclusiveMaximum ?? 1e6) - 1,
      });
    case 'number':
      return fc.double({ min: s.minimum ?? -1e6, max: s.maximum ?? 1e6, noNaN: true, noDefaultInfinity: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc
        .array(s.items ? validArb(s.items) : fc.anything(), {
          minLength: s.minItems ?? 0,
          maxLength: Math.min(s.maxItems ?? 4, 4),
        })
        .map((a) => (s.items?.enum ? [...new Set(a)] : a));
    case 'object': {
      if (s.propertyNames?.enum && typeof s.additionalProperties === 'object') {
        const value = validArb(s.additionalProperties);
        return fc.record(Object.fromEntries(s.propertyNames.enum.map((k) => [String(k), value])));
      }
      const props = s.properties ?? {};
      const required = new Set(s.required ?? []);
      return fc.record(Object.fromEntries(Object.entries(props).map(([k, v]) => [k, validArb(v)])), {
        requiredKeys: Object.keys(props).filter((k) => required.has(k)),
      });
    }
    default:
      return fc.anything();
  }
};

/** Anything JSON can carry, including shapes no route accepts. */
export const anyJson: fc.Arbitrary<unknown> = fc.jsonValue({ maxDepth: 3 });

/** Mutations of a valid value that usually break it: wrong types, extra keys, missing keys. */
export const brokenArb = (s: Schema): fc.Arbitrary<unknown> => {
  const valid = validArb(s);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  const variants: fc.Arbitrary<unknown>[] = [anyJson];
  if (type === 'object' && s.properties) {
    const keys = Object.keys(s.properties);
    variants.push(
      valid.chain((v) =>
        fc
          .string({ minLength: 1, maxLength: 12 })
          .filter((k) => !keys.includes(k))
          .map((k) => ({ ...(v as object), [k]: 1 })),
      ),
    );
    if (keys.length) {
      variants.push(
        fc.tuple(valid, fc.constantFrom(...keys), anyJson).map(([v, key, junk]) => ({ ...(v as object), [key]: junk })),
        fc.tuple(valid, fc.constantFrom(...keys)).map(([v, key]) => {
          const copy = { ...(v as Record<string, unknown>) };
          delete copy[key];
          return copy;
        }),
      );
    }
  }
  return fc.oneof(...variants);
};

/** Query strings carry text only: turn generated values into what a URL can hold. */
export const asQuery = (value: unknown): Record<string, string> | 'not-an-object' => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return 'not-an-object';
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
  );
};
