import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROUTE_LIST } from '../http/routes.js';
import { DATA_ROOM_KEYS, DATA_ROOM_LIST_PREFIXES } from './data-room.js';
import { type RouteNeeds, routeAccess } from './needs.js';
import { WORKERS } from './workers.js';

const FUNCTIONS_SRC = fileURLToPath(new URL('../../../functions/src/', import.meta.url));

describe('routeAccess', () => {
  it('reads the table on a GET and writes it otherwise, unless the route says', () => {
    expect(routeAccess({ method: 'GET' })).toEqual({ table: 'read' });
    for (const method of ['POST', 'PUT', 'PATCH', 'DELETE'] as const) {
      expect(routeAccess({ method })).toEqual({ table: 'readWrite' });
    }
    expect(routeAccess({ method: 'GET', needs: { table: 'readWrite', mail: true } })).toEqual({
      table: 'readWrite',
      mail: true,
    });
    expect(routeAccess({ method: 'POST', needs: { sms: true } })).toEqual({ table: 'readWrite', sms: true });
  });
});

describe('the needs routes and workers declare', () => {
  const declared: { name: string; needs: RouteNeeds }[] = [
    ...ROUTE_LIST.map((r) => ({ name: r.operationId, needs: r.needs ?? {} })),
    ...WORKERS.map((w) => ({ name: w.name, needs: w.needs })),
  ];

  it('name data-room keys by their shared layouts only: objects by key, listings by list prefix', () => {
    const objectKeys = new Set<string>(Object.values(DATA_ROOM_KEYS));
    const listPrefixes = new Set<string>(Object.values(DATA_ROOM_LIST_PREFIXES));
    for (const { name, needs } of declared) {
      for (const grant of needs.dataRoom ?? []) {
        expect(grant.actions.length, name).toBeGreaterThan(0);
        const listing = grant.actions.includes('s3:ListBucket');
        // A listing grant has its own prefixes: a statement cannot mix s3:prefix values and object keys.
        if (listing) expect(grant.actions, name).toEqual(['s3:ListBucket']);
        for (const prefix of grant.prefixes)
          expect((listing ? listPrefixes : objectKeys).has(prefix), `${name} ${prefix}`).toBe(true);
      }
    }
  });

  it('only let a GET write the table where it audits what it hands out', () => {
    const writingGets = ROUTE_LIST.filter((r) => r.method === 'GET' && routeAccess(r).table === 'readWrite');
    // getFileScanResult records the inspection and the scan verdict it finds (files.service.ts).
    expect(writingGets.map((r) => r.operationId).sort()).toEqual([
      'downloadMarketingFolder',
      // The sealed file's download link is audited; /pdffile/detail moves an arrived upload to CHECKING
      // (functions/src/signing/).
      'downloadSigningFile',
      'getFileScanResult',
      'getProductDocument',
      'getProfileDocument',
      // The signer's first view of the documents goes on the audit certificate (signer/view.service.ts).
      'getSignDetail',
      // An account-less signer's copy: each link handed out is audited on the project (signer/get-copy.ts).
      'getSignedCopy',
      'getSigningPdf',
      // A subscription's sealed agreement: the link is audited on its signing project (issue 13).
      'getSubscriptionAgreement',
    ]);
  });
});

describe('WORKERS', () => {
  it('names each worker once, each with a handler module that exists', () => {
    expect(new Set(WORKERS.map((w) => w.name)).size).toBe(WORKERS.length);
    for (const worker of WORKERS) expect(existsSync(`${FUNCTIONS_SRC}${worker.handler}.ts`), worker.handler).toBe(true);
  });

  it('keeps stream triggers within what Lambda accepts, and retries bounded', () => {
    for (const { name, trigger } of WORKERS) {
      if (trigger.kind !== 'tableStream') continue;
      expect(trigger.batchSize, name).toBeGreaterThanOrEqual(1);
      expect(trigger.batchSize, name).toBeLessThanOrEqual(10_000);
      expect(trigger.maxBatchingWindowSeconds, name).toBeGreaterThanOrEqual(0);
      expect(trigger.maxBatchingWindowSeconds, name).toBeLessThanOrEqual(300);
      expect(trigger.retryAttempts, name).toBeGreaterThanOrEqual(0);
      expect(trigger.retryAttempts, name).toBeLessThanOrEqual(10);
      expect(trigger.maxRecordAgeSeconds, name).toBeGreaterThanOrEqual(60);
      // The stream keeps records 24 hours: an older limit would never apply.
      expect(trigger.maxRecordAgeSeconds, name).toBeLessThanOrEqual(24 * 3600);
      expect(trigger.filter.eventNames.length, name).toBeGreaterThan(0);
      expect(trigger.filter.itemTypes.length, name).toBeGreaterThan(0);
    }
  });

  it('has the domain-event dispatcher on the table stream with what its consumers need', () => {
    const dispatcher = WORKERS.find((w) => w.name === 'dispatchEvents');
    expect(dispatcher).toMatchObject({
      handler: 'events/dispatch',
      trigger: { kind: 'tableStream', filter: { eventNames: ['INSERT'], itemTypes: ['DOMAIN_EVENT'] } },
      // The inbox texts an urgent capital call (functions/src/events/inbox.ts).
      needs: { table: 'readWrite', mail: true, sms: true, portalLinks: true },
    });
  });
});
