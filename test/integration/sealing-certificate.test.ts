import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { GetCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { describe, expect, it } from 'vitest';
// The stack's environment (endpoints, table, local secret-box key) before any handler module loads.
import '../support/api.js';

/**
 * The tenant sealing certificate against DynamoDB Local and the local secret box: made once at first
 * use (also when completions race), its key stored only as an envelope, renewed before it lapses,
 * and usable to seal a document pdfsig verifies.
 */
const { tenantSealingCertificate } = await import('../../functions/src/signing/seal/certificate-store.js');
const { completeDocument } = await import('../../functions/src/signing/seal/complete.js');
const fixtures = await import('../../functions/src/signing/seal/fixtures.js');
const { db, tableName } = await import('../../functions/src/_lib/db/client.js');
const { keys } = await import('../../functions/src/_lib/db/keys.js');
const { newId } = await import('../../functions/src/_lib/ids.js');

const actorOf = (tenantId: string, at = new Date().toISOString()) => ({
  tenantId,
  userId: 'system',
  requestId: newId(),
  at,
});
const events = async (tenantId: string) =>
  (
    await db.send(
      new QueryCommand({
        TableName: tableName(),
        KeyConditionExpression: 'PK = :pk AND begins_with(SK, :evt)',
        ExpressionAttributeValues: { ':pk': keys.tenant(tenantId).PK, ':evt': keys.auditEventPrefix },
        ConsistentRead: true,
      }),
    )
  ).Items ?? [];

describe('tenant sealing certificate', () => {
  it('is made once, even when completions race, and its key is stored only sealed', async () => {
    const tenantId = newId();
    const made = await Promise.all([1, 2, 3].map(() => tenantSealingCertificate(actorOf(tenantId), 'Race Capital')));
    expect(new Set(made.map((c) => c.fingerprint)).size).toBe(1);
    expect(new Set(made.map((c) => c.keyPem)).size).toBe(1);
    const again = await tenantSealingCertificate(actorOf(tenantId), 'Race Capital');
    expect(again.fingerprint).toBe(made[0]?.fingerprint);
    const created = (await events(tenantId)).filter((e) => e.action === 'SEALING_CERTIFICATE_CREATED');
    expect(created).toHaveLength(1);
    const item = (
      await db.send(
        new GetCommand({ TableName: tableName(), Key: keys.sealingCertificate(tenantId), ConsistentRead: true }),
      )
    ).Item;
    expect(item?.certPem).toBe(again.certPem);
    expect(JSON.stringify(item)).not.toContain('PRIVATE KEY');
    expect(JSON.stringify(item)).not.toContain(again.keyPem.split('\n')[1]);
  });

  it('is renewed within 30 days of lapsing, naming the certificate it replaces', async () => {
    const tenantId = newId();
    const first = await tenantSealingCertificate(actorOf(tenantId), 'Renew Capital');
    const late = new Date(Date.parse(first.notAfter) - 10 * 86_400_000).toISOString();
    const second = await tenantSealingCertificate(actorOf(tenantId, late), 'Renew Capital');
    expect(second.fingerprint).not.toBe(first.fingerprint);
    expect(Date.parse(second.notAfter)).toBeGreaterThan(Date.parse(first.notAfter));
    const renewed = (await events(tenantId)).find((e) => e.data?.replaces === first.fingerprint);
    expect(renewed?.action).toBe('SEALING_CERTIFICATE_CREATED');
  });

  it('seals a completed document that pdfsig verifies', async () => {
    const tenantId = newId();
    const certificate = await tenantSealingCertificate(actorOf(tenantId), 'Seal Capital');
    const done = await completeDocument({
      source: await fixtures.agreementPdf(2),
      documentName: 'Agreement.pdf',
      projectId: 'PRJ-IT',
      tenantName: 'Seal Capital',
      fields: fixtures.twoSignerFields(2, fixtures.signaturePng()),
      signers: fixtures.twoSigners(),
      completedAt: new Date(),
      certificate,
    });
    const path = join(mkdtempSync(join(tmpdir(), 'tranche-seal-it-')), 'sealed.pdf');
    writeFileSync(path, done.bytes);
    const out = spawnSync('pdfsig', [path], { encoding: 'utf8' }).stdout;
    expect(out).toContain('Signature is Valid');
    expect(out).toContain('Total document signed');
    expect(out).toContain('Seal Capital document seal');
  });
});
