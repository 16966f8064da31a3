import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as real from 'zod';
import * as z from './lazy-zod.js';

/** The same definitions built by each namespace: what lazy-zod builds must be what zod builds. */
const define = (ns: typeof real) => {
  const Id = ns.string().regex(/^[0-9A-Z]{4}$/, 'Must be an id');
  const Lang = ns.enum(['en', 'zh-CN']);
  const Name = ns.strictObject({ en: ns.string().trim().min(1).max(20), 'zh-CN': ns.string().max(20).optional() });
  const Base = ns.object({
    id: Id,
    lang: Lang,
    name: Name,
    count: ns.coerce.number().int().min(0).max(9).optional(),
    day: ns.iso.date(),
    tags: ns.array(ns.string()).max(3).default([]),
    kind: ns.union([ns.literal('a'), ns.literal('b')]),
    extra: ns.record(ns.string(), ns.unknown()).optional(),
  });
  const Event = ns.discriminatedUnion('type', [
    ns.looseObject({ type: ns.literal('x'), at: ns.iso.datetime({ offset: false }) }),
    ns.looseObject({ type: ns.literal('y'), n: ns.number().positive() }),
  ]);
  const Derived = Base.extend({ flag: ns.boolean() })
    .pick({ id: true, name: true, flag: true })
    .refine((v) => v.flag || v.name.en !== 'no', { message: 'no is refused unless flagged', path: ['name'] });
  // Optional at the top, as a route's body may be: zod's JSON Schema writer looks itself up by identity.
  const Maybe = ns.string().max(3).optional();
  // A string format as a method: it waits like the rest.
  const Email = ns.string().max(254).email();
  return { Id, Lang, Name, Base, Event, Derived, Maybe, Email };
};

const eager = define(real);
const lazy = define(z as unknown as typeof real);

const inputs: Record<keyof typeof eager, unknown[]> = {
  Id: ['AB12', 'ab12', 12, undefined],
  Lang: ['en', 'fr'],
  Name: [{ en: ' Fund ' }, { en: '' }, { en: 'a', 'zh-CN': 'b', other: 1 }, null],
  Base: [
    { id: 'AB12', lang: 'en', name: { en: 'A' }, count: '3', day: '2026-01-02', kind: 'a' },
    { id: 'AB12', lang: 'en', name: { en: 'A' }, count: '30', day: '2026-13-02', kind: 'c', tags: [1] },
    {},
  ],
  Event: [{ type: 'x', at: '2026-01-02T03:04:05Z', keep: true }, { type: 'y', n: -1 }, { type: 'z' }],
  Derived: [
    { id: 'AB12', name: { en: 'no' }, flag: false },
    { id: 'AB12', name: { en: 'no' }, flag: true },
  ],
  Maybe: [undefined, 'abc', 'abcd'],
  Email: ['a@example.com', 'a@', `${'x'.repeat(250)}@b.co`],
};

describe('lazy-zod', () => {
  it('builds nothing until a schema is used', () => {
    const fresh = define(z as unknown as typeof real);
    for (const schema of Object.values(fresh)) expect(z.isBuilt(schema)).toBe(false);
    fresh.Derived.safeParse({});
    expect(z.isBuilt(fresh.Derived)).toBe(true);
    // The chain it came from is built with it; an unrelated schema is not.
    expect(z.isBuilt(fresh.Base)).toBe(true);
    expect(z.isBuilt(fresh.Event)).toBe(false);
  });

  it('parses, refuses and reports issues exactly as zod does', () => {
    for (const key of Object.keys(inputs) as (keyof typeof eager)[]) {
      for (const input of inputs[key]) {
        expect(lazy[key].safeParse(input), `${key} ${JSON.stringify(input)}`).toEqual(eager[key].safeParse(input));
      }
    }
  });

  it('describes each schema in JSON Schema as zod does (the OpenAPI document)', () => {
    for (const key of Object.keys(eager) as (keyof typeof eager)[]) {
      for (const io of ['input', 'output'] as const) {
        expect(z.toJSONSchema(lazy[key], { io, unrepresentable: 'any' }), key).toEqual(
          real.toJSONSchema(eager[key], { io, unrepresentable: 'any' }),
        );
      }
    }
  });

  it('is the zod schema it stands for to instanceof, shape, options and the standard schema interface', () => {
    expect(lazy.Base).toBeInstanceOf(real.ZodObject);
    expect(lazy.Id).toBeInstanceOf(real.ZodString);
    expect(Object.keys(lazy.Base.shape)).toEqual(Object.keys(eager.Base.shape));
    expect(lazy.Lang.options).toEqual(['en', 'zh-CN']);
    expect('_zod' in lazy.Base).toBe(true);
    expect(lazy.Name['~standard'].validate({ en: 'x' })).toEqual({ value: { en: 'x' } });
    // Nested schemas are zod's own instances, so parsing crosses one proxy at the top only.
    expect(z.isBuilt(lazy.Base.shape.name)).toBe(true);
    expect(lazy.Base.shape.name).toBe(z.built(lazy.Name));
  });

  it('describes a zod schema holding lazy ones as it describes the same made with zod alone', () => {
    // A module importing zod itself composes lazy schemas from one importing lazy-zod.
    const mixed = real.object({
      id: lazy.Id.optional(),
      rows: real.array(real.strictObject({ name: lazy.Name, lang: lazy.Lang.optional() })),
      more: lazy.Base.extend({ note: real.string() }).partial(),
    });
    const plain = real.object({
      id: eager.Id.optional(),
      rows: real.array(real.strictObject({ name: eager.Name, lang: eager.Lang.optional() })),
      more: eager.Base.extend({ note: real.string() }).partial(),
    });
    expect(mixed.safeParse({ rows: [{ name: { en: 'x' } }], more: {} })).toEqual(
      plain.safeParse({ rows: [{ name: { en: 'x' } }], more: {} }),
    );
    for (const io of ['input', 'output'] as const) {
      expect(z.toJSONSchema(mixed, { io, unrepresentable: 'any' })).toEqual(
        real.toJSONSchema(plain, { io, unrepresentable: 'any' }),
      );
    }
  });

  it('throws a definition error on first use instead of at import', () => {
    const broken = z.discriminatedUnion('type', [
      z.object({ type: z.literal('a') }),
      z.object({ type: z.literal('a') }),
    ]);
    expect(() => broken.safeParse({ type: 'a' })).toThrow();
  });

  it('hands zod the arguments without a lazy schema inside as they came', () => {
    // A default value: zod decides whether the answer is the object itself or a copy, not the proxy.
    const fallback = { a: [1] };
    const lazyAnswer = z.record(z.string(), z.unknown()).default(fallback).parse(undefined);
    const zodAnswer = real.record(real.string(), real.unknown()).default(fallback).parse(undefined);
    expect(lazyAnswer === fallback).toBe(zodAnswer === fallback);
    expect(lazyAnswer).toEqual(fallback);
  });

  it('leaves a shape with getters (a recursive schema) to zod', () => {
    const Node: real.ZodType<{ name: string; children: unknown[] }> = z.object({
      name: z.string(),
      get children() {
        return z.array(Node);
      },
    });
    expect(Node.safeParse({ name: 'a', children: [{ name: 'b', children: [] }] }).success).toBe(true);
    expect(Node.safeParse({ name: 'a', children: [{ name: 1, children: [] }] }).success).toBe(false);
  });
});

describe('the route table and event catalogue at import (cold start)', () => {
  it('build no schema until a handler uses one', async () => {
    const { ROUTE_LIST } = await import('./http/routes.js');
    const { EVENT_CATALOGUE } = await import('./events/catalogue.js');
    const built = [
      ...ROUTE_LIST.flatMap((r) =>
        (['params', 'query', 'body', 'response'] as const)
          .filter((part) => r[part] !== undefined && z.isBuilt(r[part]))
          .map((part) => `${r.operationId}.${part}`),
      ),
      ...Object.entries(EVENT_CATALOGUE)
        .filter(([, e]) => z.isBuilt(e.payload))
        .map(([name]) => `${name}.payload`),
    ];
    // A schema built here is built at every cold start of every handler importing its module:
    // build it in lazy-zod (import * as z from '../lazy-zod.js') and read it inside functions.
    expect(built).toEqual([]);
  });

  it('are written with lazy-zod in every shared module', () => {
    const eager: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'lazy-zod.ts') {
          // A value import of zod builds the module's schemas at import; `import type` is free.
          if (/^import (?!type\b)[^;]*from 'zod(\/[^']*)?';/m.test(readFileSync(path, 'utf8'))) eager.push(path);
        }
      }
    };
    walk(import.meta.dirname);
    expect(eager).toEqual([]);
  });
});
