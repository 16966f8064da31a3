import { SEALING_KEY_PURPOSE } from '@tranche/shared/infra/secret-box';
import type { Actor } from '#lib/audit';
import { isSealedSecret, type SealedSecret, secretBox } from '#lib/crypto/secret-box';
import { db, tableName } from '#lib/db/client';
import { GetCommand } from '#lib/db/commands';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { generateSealingCertificate, needsRenewal, type SealingCertificate } from './sealing-certificate.js';

/**
 * The tenant's sealing certificate as the table keeps it (key pattern 32): the certificate in the
 * clear (it is public, and embedded in every sealed file), the private key only as a secret-box
 * envelope. Deployed, the envelope's data key comes from KMS (SECRET_BOX_KMS_KEY_ID), so the key is
 * readable only by a function granted kms:Decrypt under the `sealing` purpose; it is never in the
 * bundle nor in an environment variable. Locally the local key provider wraps it.
 */
interface StoredCertificate {
  certPem: string;
  key: SealedSecret;
  fingerprint: string;
  notBefore: string;
  notAfter: string;
  createdAt: string;
}

/** Bound into the envelope: a key copied onto another tenant's or certificate's record does not open. */
const contextOf = (tenantId: string, fingerprint: string) => ({ purpose: SEALING_KEY_PURPOSE, tenantId, fingerprint });

const read = async (tenantId: string): Promise<StoredCertificate | undefined> => {
  const out = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.sealingCertificate(tenantId), ConsistentRead: true }),
  );
  const item = out.Item as StoredCertificate | undefined;
  if (item && !isSealedSecret(item.key)) throw new Error('The stored sealing key is not a sealed envelope');
  return item;
};

const open = async (tenantId: string, stored: StoredCertificate): Promise<SealingCertificate> => ({
  certPem: stored.certPem,
  keyPem: await secretBox().open(stored.key, contextOf(tenantId, stored.fingerprint)),
  fingerprint: stored.fingerprint,
  notBefore: stored.notBefore,
  notAfter: stored.notAfter,
});

/**
 * The tenant's current sealing certificate with its key, made at first use and renewed 30 days
 * before it lapses. Made lazily rather than at tenant provisioning so that existing tenants need no
 * migration. Two completions racing to make it: the conditional put lets one win, and the other
 * decides again (commit) and uses the winner's. Documents sealed under a replaced certificate stay
 * valid: each carries its certificate in its own signature.
 */
export const tenantSealingCertificate = (actor: Actor, tenantName: string): Promise<SealingCertificate> =>
  commit(actor, async () => {
    const now = new Date(actor.at);
    const stored = await read(actor.tenantId);
    if (stored && !needsRenewal(stored, now)) {
      return { steps: [], events: [], result: await open(actor.tenantId, stored) };
    }
    const made = generateSealingCertificate({ tenantId: actor.tenantId, tenantName, now });
    const key = await secretBox().seal(made.keyPem, contextOf(actor.tenantId, made.fingerprint));
    const item: StoredCertificate = {
      certPem: made.certPem,
      key,
      fingerprint: made.fingerprint,
      notBefore: made.notBefore,
      notAfter: made.notAfter,
      createdAt: actor.at,
    };
    return {
      steps: [
        {
          item: {
            Put: {
              TableName: tableName(),
              Item: { ...keys.sealingCertificate(actor.tenantId), type: 'SEALING_CERTIFICATE', ...item },
              // Replace only what was read: a concurrent maker or renewer wins, and this decides again.
              ...(stored
                ? {
                    ConditionExpression: 'fingerprint = :seen',
                    ExpressionAttributeValues: { ':seen': stored.fingerprint },
                  }
                : { ConditionExpression: 'attribute_not_exists(PK)' }),
            },
          },
        },
      ],
      events: [
        event('SEALING_CERTIFICATE_CREATED', actor.tenantId, {
          fingerprint: made.fingerprint,
          notAfter: made.notAfter,
          ...(stored ? { replaces: stored.fingerprint } : {}),
        }),
      ],
      result: made,
    };
  });
