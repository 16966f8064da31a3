import { fileObjectKeys } from '@tranche/functions/files/file-object-keys';
import { objectKeys } from '@tranche/functions/product/document-object-keys';
import { ROUTE_LIST } from '@tranche/shared/http/routes';
import { ENV } from '@tranche/shared/infra/table';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import * as iam from 'aws-cdk-lib/aws-iam';
import * as s3 from 'aws-cdk-lib/aws-s3';
import { beforeAll, describe, expect, it } from 'vitest';
import { type AccessTargets, grantAccess } from '../lib/constructs/access.js';
import { ROUTE_SIZING } from '../lib/routes.js';
import {
  type ApiStacks,
  apiStacks,
  type CfnJson,
  defaultTestApp,
  functionProperties,
  functionStatements,
  nagFindings,
  type Statement,
  synthTestApp,
  type TrancheApp,
} from './synth.js';

/**
 * The catalogue and tenant-configuration routes' data-room grants, pinned route by route from what
 * each handler calls (functions/src/_lib/aws/s3.ts through product-documents.service.ts,
 * marketing-folders.service.ts and tenant/logo.ts). Written out here rather than read from
 * cdk/lib/data-room.ts, so a change to a pattern there has to be made here as well.
 */
const U = 'uploads/tenants/*/products/*/documents/*';
const D = 'tenants/*/products/*/documents/*';
const Z = 'derived/tenants/*/products/*/marketing-folders/*';
const L = 'tenants/*/branding/logo/*';
/** Investors' uploads and the clean files copied out of them (issue 11, functions/src/files/). */
const FU = 'uploads/tenants/*/files/*';
const F = 'tenants/*/files/*';
/** Signing (issue 12, functions/src/signing/): source PDF uploads, kept sources, sealed files. */
const SU = 'uploads/tenants/*/signing/*';
const SS = 'tenants/*/signing/sources/*';
const SL = 'tenants/*/signing/sealed/*';
// Capital call notice PDFs (issue 14), written by the notice worker.
const CN = 'tenants/*/money/notices/*';
const list = (prefix: string) => `s3:ListBucket ?s3:prefix=${prefix}`;

const S3_GRANTS: Record<string, string[]> = {
  // The presigned PUT of the upload.
  createProductDocument: [`s3:PutObject ${U}`],
  // HEAD and the first bytes of the upload (404 if missing), copy to the document key, delete the upload.
  completeProductDocument: [
    `s3:GetObject ${U}`,
    `s3:DeleteObject ${U}`,
    `s3:PutObject ${D}`,
    list('uploads/tenants/*'),
  ],
  // The presigned GET of the document.
  getProductDocument: [`s3:GetObject ${D}`],
  deleteProductDocument: [`s3:DeleteObject ${D}`, `s3:DeleteObject ${U}`],
  // Reads the documents, HEADs and writes (in parts) the archive, presigns its GET.
  downloadMarketingFolder: [
    `s3:GetObject ${D}`,
    `s3:GetObject ${Z}`,
    `s3:PutObject ${Z}`,
    `s3:AbortMultipartUpload ${Z}`,
    list('derived/tenants/*'),
  ],
  createLogoUpload: [`s3:PutObject ${L}`],
  // HEAD and the first bytes of the upload, delete a refused or replaced logo, presign the new one.
  updateBranding: [`s3:GetObject ${L}`, `s3:DeleteObject ${L}`, list(L)],
  // The presigned GET of the logo in `branding.logoUrl`.
  getTenantInfo: [`s3:GetObject ${L}`],
  getTenantConfig: [`s3:GetObject ${L}`],
  // The presigned POST of an upload.
  createFileUpload: [`s3:PutObject ${FU}`],
  // HEAD, first bytes and GuardDuty's tag of the upload (404 if missing), copy to the kept key, delete the upload.
  getFileScanResult: [
    `s3:GetObject ${FU}`,
    `s3:GetObjectTagging ${FU}`,
    `s3:DeleteObject ${FU}`,
    `s3:PutObject ${F}`,
    list('uploads/tenants/*'),
  ],
  // The presigned GET of a clean file; the delete of a removed document's file.
  getProfileDocument: [`s3:GetObject ${F}`],
  deleteProfileDocument: [`s3:DeleteObject ${F}`],
  // The presigned POST of a source PDF.
  createSigningPdfUpload: [`s3:PutObject ${SU}`],
  // HEAD of the upload (404 if missing), the presigned GET of a checked source.
  getSigningPdf: [`s3:GetObject ${SU}`, `s3:GetObject ${SS}`, list('uploads/tenants/*')],
  // The presigned GET of a sealed file.
  downloadSigningFile: [`s3:GetObject ${SL}`],
  // The signer's presigned GETs: each source PDF, and the sealed one once it exists.
  getSignDetail: [`s3:GetObject ${SS}`, `s3:GetObject ${SL}`],
  // The presigned GETs of the sealed PDFs for the emailed copy token.
  getSignedCopy: [`s3:GetObject ${SL}`],
  // The presigned GET of a subscription's sealed agreement (issue 13).
  getSubscriptionAgreement: [`s3:GetObject ${SL}`],
  // The presigned GET of one investor's capital call notice PDF (issue 14).
  getCallNoticePdf: [`s3:GetObject ${CN}`],
  // The presigned GET of one order's contract note PDF, kept beside the notices (issue 14).
  getContractNotePdf: [`s3:GetObject ${CN}`],
};

/** GET routes that write the table: they audit the download link they hand out. */
const AUDITING_GETS = [
  'getProductDocument',
  'downloadMarketingFolder',
  'getProfileDocument',
  // Records the inspection and the scan verdict it finds (files.service.ts `scanResult`).
  'getFileScanResult',
  // Records an arrived source PDF (pdf-files.service.ts), and audits a sealed file's link.
  'getSigningPdf',
  'downloadSigningFile',
  // Records the signer's first view of the documents (signer/view.service.ts).
  'getSignDetail',
  // Audits each sealed PDF's link it hands out (signer/copy.service.ts).
  'getSignedCopy',
  // Audits the sealed agreement's link on its project (subscription/agreement-link.ts).
  'getSubscriptionAgreement',
];

const DATA_ROOM_ARN = /DataRoom[0-9A-F]{8}Arn/;

/** `<action> <key pattern>` for an object grant, `s3:ListBucket ?s3:prefix=<p>` for a listing; `?` where the resource is not the data room. */
const describeGrant = (action: string, resource: CfnJson, condition: CfnJson): string[] => {
  const json = JSON.stringify(resource);
  if (!DATA_ROOM_ARN.test(json)) return [`${action} ?${json}`];
  const join = resource['Fn::Join'];
  if (join) return [`${action} ${String(join[1][1]).replace(/^\//, '')}`];
  const prefixes = [condition?.StringLike?.['s3:prefix'] ?? '(any)'].flat() as string[];
  return prefixes.map((p) => `${action} ?s3:prefix=${p}`);
};

/** An IAM pattern as a regular expression over a whole key (`*` spans `/` too, as in IAM). */
const matches = (pattern: string, key: string): boolean =>
  new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`).test(key);

let built: TrancheApp;
let stacks: ApiStacks;

beforeAll(() => {
  built = defaultTestApp();
  stacks = apiStacks(built);
});

const routeFunction = (operationId: string) => built.api.routeFunctions.get(operationId)!;
const functionOf = (operationId: string) => functionProperties(stacks, routeFunction(operationId));
const routeStatements = (operationId: string) => functionStatements(stacks, routeFunction(operationId));

const s3GrantsOf = (statements: Statement[]): string[] =>
  statements
    .filter((s) => s.Effect === 'Allow')
    .flatMap((s) =>
      [s.Action]
        .flat()
        .filter((a) => a.startsWith('s3:'))
        .flatMap((a) => [s.Resource].flat().flatMap((r: CfnJson) => describeGrant(a, r, s.Condition))),
    )
    .sort();

const tableWritesOf = (operationId: string): string[] =>
  routeStatements(operationId)
    .flatMap((s) => [s.Action].flat())
    .filter((a) => /^dynamodb:(Put|Update|Delete|BatchWrite)/.test(a));

describe('data-room grants, route by route', () => {
  it('stays nag-clean with the prefix-scoped grants', () => {
    expect(nagFindings(built.api)).toEqual([]);
    expect(nagFindings(built.data)).toEqual([]);
  });

  it.each(ROUTE_LIST.map((r) => [r.operationId] as const))('%s has exactly its data-room grants', (operationId) => {
    expect(s3GrantsOf(routeStatements(operationId))).toEqual([...(S3_GRANTS[operationId] ?? [])].sort());
  });

  it('gives the catalogue reads and the other product routes no S3 rights at all', () => {
    for (const operationId of [
      'listProducts',
      'getProduct',
      'listShareClasses',
      'listProductDocuments',
      'listMarketingFolders',
      'getProductContract',
      'updateProductDocument',
      'createMarketingFolder',
      'deleteMarketingFolder',
    ]) {
      expect(s3GrantsOf(routeStatements(operationId)), operationId).toEqual([]);
    }
  });

  it('never grants the whole bucket, another bucket, or an S3 action the handlers do not call', () => {
    const functions = [...built.api.routeFunctions.values(), ...built.api.stepFunctions.values()];
    // GetObjectTagging: GuardDuty's scan-status tag on investors' uploads (getFileScanResult).
    const allowed = new Set([
      's3:GetObject',
      's3:PutObject',
      's3:DeleteObject',
      's3:AbortMultipartUpload',
      's3:GetObjectTagging',
    ]);
    for (const fn of functions) {
      for (const grant of s3GrantsOf(functionStatements(stacks, fn))) {
        const [action, target] = grant.split(' ') as [string, string];
        if (action === 's3:ListBucket') {
          expect(target, grant).toMatch(/^\?s3:prefix=(uploads|derived|tenants)\/.+\*$/);
        } else {
          expect(allowed.has(action), grant).toBe(true);
          expect([U, D, Z, L, FU, F, SU, SS, SL, CN], grant).toContain(target);
        }
      }
    }
  });
});

describe('table access of the catalogue GETs', () => {
  it('lets only the GETs that audit a download link write the table', () => {
    for (const route of ROUTE_LIST.filter((r) => r.method === 'GET')) {
      const writes = tableWritesOf(route.operationId);
      if (AUDITING_GETS.includes(route.operationId)) expect(writes, route.operationId).toContain('dynamodb:PutItem');
      else expect(writes, route.operationId).toEqual([]);
    }
  });
});

describe('function sizes', () => {
  it('gives the folder zip 29 seconds and 1 GB to stream up to 512 MB of documents', () => {
    const zip = functionOf('downloadMarketingFolder');
    expect(zip.Timeout).toBe(29);
    expect(zip.MemorySize).toBe(1024);
    for (const operationId of ['getProductDocument', 'completeProductDocument', 'listMarketingFolders']) {
      expect(functionOf(operationId).Timeout, operationId).toBe(10);
      expect(functionOf(operationId).MemorySize, operationId).toBe(512);
    }
  });

  it("gives a capital call's routes that read every part 29 seconds and 1 GB (5,000 investors)", () => {
    for (const operationId of ['createCapitalCall', 'issueCapitalCall', 'getCapitalCall', 'exportCallNotices']) {
      expect(functionOf(operationId).Timeout, operationId).toBe(29);
      expect(functionOf(operationId).MemorySize, operationId).toBe(1024);
    }
    // Its other routes touch one notice or the call's record: the default.
    for (const operationId of ['recordCallPayment', 'confirmCallReceipt', 'listCapitalCalls']) {
      expect(functionOf(operationId).Timeout, operationId).toBe(10);
    }
  });

  it('refuses a route timeout the HTTP API would cut off', () => {
    const before = ROUTE_SIZING.downloadMarketingFolder;
    ROUTE_SIZING.downloadMarketingFolder = { timeoutSeconds: 60 };
    try {
      expect(() => synthTestApp()).toThrow(/at most 29 s/);
    } finally {
      ROUTE_SIZING.downloadMarketingFolder = before;
    }
  });
});

describe('key patterns against the keys the handlers build', () => {
  const [t, p, d, f] = ['01TENANT', '01PRODUCT', '01DOCUMENT', '01FOLDER'];
  const patterns = { U, D, Z, L, FU, F };
  const matching = (key: string) =>
    Object.entries(patterns)
      .filter(([, pattern]) => matches(pattern, key))
      .map(([name]) => name);

  it('puts each product file under exactly one granted pattern', () => {
    expect(matching(objectKeys.upload(t, p, d))).toEqual(['U']);
    expect(matching(objectKeys.document(t, p, d))).toEqual(['D']);
    expect(matching(objectKeys.folderZip(t, p, f, 'ab12'))).toEqual(['Z']);
    expect(matches('uploads/tenants/*', objectKeys.upload(t, p, d))).toBe(true);
    expect(matches('derived/tenants/*', objectKeys.folderZip(t, p, f, 'ab12'))).toBe(true);
  });

  it("puts an investor's upload and its clean copy under exactly one granted pattern each", () => {
    expect(matching(fileObjectKeys.upload(t, '01FILE.pdf'))).toEqual(['FU']);
    expect(matching(fileObjectKeys.file(t, '01FILE.pdf'))).toEqual(['F']);
    // GuardDuty's plan protects `uploads/tenants/`: every upload is scanned.
    expect(fileObjectKeys.upload(t, '01FILE.pdf').startsWith('uploads/tenants/')).toBe(true);
  });

  it('puts a logo upload under the logo pattern only', async () => {
    const env = {
      [ENV.dataRoomBucket]: 'tranche-acme-data-room',
      AWS_REGION: 'eu-west-1',
      AWS_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
      AWS_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
    };
    // Put back afterwards: the cdk test files share one process (vitest.config.ts).
    const before = Object.fromEntries(Object.keys(env).map((name) => [name, process.env[name]]));
    Object.assign(process.env, env);
    let url: string;
    try {
      const { presignLogoUpload } = await import('@tranche/functions/tenant/logo');
      ({ url } = await presignLogoUpload(t, { contentType: 'image/png', size: 1000 }));
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
    const { hostname, pathname } = new URL(url);
    const path = decodeURIComponent(pathname).replace(/^\//, '');
    const key = hostname.startsWith('tranche-acme-data-room.') ? path : path.replace(/^tranche-acme-data-room\//, '');
    expect(key.startsWith(`tenants/${t}/`)).toBe(true);
    expect(matching(key)).toEqual(['L']);
    expect(matches(L, key)).toBe(true);
  });
});

describe('the data room bucket', () => {
  let rules: Record<string, CfnJson>[];
  let bucket: Record<string, CfnJson>;
  beforeAll(() => {
    const buckets = Template.fromStack(built.data).findResources('AWS::S3::Bucket');
    bucket = Object.values(buckets).find((b) => b.Properties.ObjectLockEnabled)!.Properties;
    rules = bucket.LifecycleConfiguration.Rules;
  });

  it('expires uploads/ after 1 day and derived/ after 7, current and noncurrent versions', () => {
    expect(rules.find((r) => r.Prefix === 'uploads/')).toEqual({
      Id: 'ExpireUploads',
      Prefix: 'uploads/',
      Status: 'Enabled',
      ExpirationInDays: 1,
      NoncurrentVersionExpiration: { NoncurrentDays: 1 },
    });
    expect(rules.find((r) => r.Prefix === 'derived/')).toEqual({
      Id: 'ExpireDerived',
      Prefix: 'derived/',
      Status: 'Enabled',
      ExpirationInDays: 7,
      NoncurrentVersionExpiration: { NoncurrentDays: 7 },
    });
  });

  it('expires the current version of nothing else: documents and logos are kept', () => {
    const expiring = rules.filter((r) => r.ExpirationInDays !== undefined || r.ExpirationDate !== undefined);
    expect(expiring.map((r) => r.Prefix).sort()).toEqual(['derived/', 'uploads/']);
    for (const key of [objectKeys.document('t', 'p', 'd'), 'tenants/t/branding/logo/u']) {
      expect(
        expiring.some((r) => key.startsWith(r.Prefix)),
        key,
      ).toBe(false);
    }
    // Abandoned multipart uploads (folder zips) go after a day, old versions of kept files after a year.
    expect(rules).toEqual(
      expect.arrayContaining([
        { AbortIncompleteMultipartUpload: { DaysAfterInitiation: 1 }, Status: 'Enabled' },
        { NoncurrentVersionExpiration: { NoncurrentDays: 365 }, Status: 'Enabled' },
      ]),
    );
  });

  it('is lockable with no default retention, so nothing under uploads/ or derived/ is locked', () => {
    expect(bucket.ObjectLockEnabled).toBe(true);
    expect(bucket.ObjectLockConfiguration?.Rule).toBeUndefined();
  });
});

describe('grantAccess', () => {
  it('refuses a data-room grant that is not under a fixed folder', () => {
    const stack = new Stack();
    const role = new iam.Role(stack, 'Role', { assumedBy: new iam.ServicePrincipal('lambda.amazonaws.com') });
    const targets = { dataRoomBucket: new s3.Bucket(stack, 'Bucket') } as unknown as AccessTargets;
    for (const prefix of ['*', '', 'tenants*', '/tenants/*']) {
      expect(
        () =>
          grantAccess(role, { table: 'none', dataRoom: [{ actions: ['s3:GetObject'], prefixes: [prefix] }] }, targets),
        prefix,
      ).toThrow(/fixed folder/);
    }
    expect(() => grantAccess(role, { table: 'none', dataRoom: [{ actions: [], prefixes: [D] }] }, targets)).toThrow(
      /needs actions and prefixes/,
    );
  });
});

describe('the notice workers (issue 14)', () => {
  it('write notice and contract note PDFs only, the CJK one as the other: its font ships in its code, with no grant', () => {
    for (const name of ['moneyNotices', 'moneyNoticesCjk']) {
      const queued = built.api.queueWorkers.get(name);
      if (!queued) throw new Error(`${name} is not a queue worker`);
      const statements = functionStatements(stacks, queued.function);
      expect(s3GrantsOf(statements), name).toEqual([`s3:PutObject ${CN}`]);
      const actions = statements.filter((s) => s.Effect === 'Allow').flatMap((s) => [s.Action].flat());
      expect(
        actions.filter((a) => /^(kms|secretsmanager|ses|sns|lambda):/.test(a)),
        name,
      ).toEqual([]);
    }
  });
});
