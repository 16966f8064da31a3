import type { Role } from '@tranche/shared/auth/roles';
import { type CompanySeal, MAX_SEAL_PNG_BYTES } from '@tranche/shared/signing/signing.schema';
import type { Actor } from '#lib/audit';
import { tableName } from '#lib/db/client';
import { commit, event } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newId } from '#lib/ids';
import { listSeals, type SealItem } from './projects.repo.js';

/**
 * The GP's company seals (/seal/list, issue 12 deliver 6): small PNG stamps kept in the table (keys.ts
 * pattern 42), listed for the editor and drawn by the completion into SEAL fields. Adding one, like
 * placing one (field-rules.ts), is for administrators and the owner only.
 */

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const MAX_SIDE = 2000;

/**
 * Width and height from the IHDR chunk of a PNG, or undefined when the bytes are not a PNG: the
 * signature, then IHDR as the first chunk (what pdf-lib's embedPng will read at completion).
 */
export const pngSize = (bytes: Uint8Array): { width: number; height: number } | undefined => {
  if (bytes.byteLength < 33 || !PNG_SIGNATURE.every((b, i) => bytes[i] === b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 && width <= MAX_SIDE && height <= MAX_SIDE ? { width, height } : undefined;
};

const toSeal = (s: SealItem): CompanySeal => ({
  sealId: s.sealId,
  name: s.name,
  width: s.width,
  height: s.height,
  createdAt: s.createdAt,
  dataUrl: `data:image/png;base64,${Buffer.from(s.png).toString('base64')}`,
});

export const companySeals = async (tenantId: string) => ({ items: (await listSeals(tenantId)).map(toSeal) });

export const addCompanySeal = async (
  actor: Actor,
  role: Role,
  input: { name: string; png: string },
): Promise<CompanySeal> => {
  if (role !== 'GP_ADMIN' && role !== 'GP_OWNER') throw new DomainError('signingSealNotAllowed');
  const base64 = input.png.replace(/^data:image\/png;base64,/, '');
  const png = /^[A-Za-z0-9+/]+={0,2}$/.test(base64) ? new Uint8Array(Buffer.from(base64, 'base64')) : new Uint8Array();
  const size = png.byteLength <= MAX_SEAL_PNG_BYTES ? pngSize(png) : undefined;
  if (!size) throw new DomainError('signingSealInvalid', { field: 'png' });
  const seal: SealItem = {
    sealId: newId(),
    name: input.name,
    png,
    ...size,
    createdAt: actor.at,
    createdBy: actor.userId,
  };
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: tableName(),
            Item: { ...keys.companySeal(actor.tenantId, seal.sealId), type: 'COMPANY_SEAL', ...seal },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
      },
    ],
    events: [event('COMPANY_SEAL_ADDED', actor.tenantId, { sealId: seal.sealId, name: seal.name })],
    result: undefined,
  });
  return toSeal(seal);
};
