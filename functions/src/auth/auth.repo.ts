import type { MfaMethod } from '@tranche/shared/enums';
import { clock } from '#lib/clock';
import { db, isConditionFailure, tableName } from '#lib/db/client';
import { GetCommand, PutCommand, UpdateCommand } from '#lib/db/commands';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';
import { newOpaqueToken, sha256 } from '#lib/secrets';

/**
 * MFA tickets and emailed links. Both are random tokens stored as hashes, short-lived (`expiresAt`,
 * epoch ms, checked on every use; `ttl` lets DynamoDB delete them later), with a try counter that
 * only a conditional write can move, and single use (`usedAt`, set conditionally).
 */
export const MAX_TRIES = 5;

type ErrorCode = ConstructorParameters<typeof DomainError>[0];

/**
 * One conditional update of a live ticket or link: it must exist, be unspent and unexpired, and meet
 * `condition`; otherwise `onConflict`. Answers the item as written.
 */
const guardedUpdate = async <T>(
  key: { PK: string; SK: string },
  update: string,
  condition: string,
  values: Record<string, unknown>,
  onConflict: ErrorCode,
): Promise<T> => {
  try {
    const out = await db.send(
      new UpdateCommand({
        TableName: tableName(),
        Key: key,
        UpdateExpression: update,
        ConditionExpression: `attribute_exists(PK) AND attribute_not_exists(usedAt) AND expiresAt > :now AND ${condition}`,
        ExpressionAttributeValues: { ':now': clock.now().getTime(), ...values },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return out.Attributes as T;
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError(onConflict);
    throw error;
  }
};

/** Counts a try before the secret is checked: at most MAX_TRIES are ever checked per item. */
const countTry = <T>(key: { PK: string; SK: string }, onConflict: ErrorCode) =>
  guardedUpdate<T>(key, 'SET tries = tries + :one', 'tries < :max', { ':one': 1, ':max': MAX_TRIES }, onConflict);

/** Spends the item: of two parallel uses, one wins and the other gets `onConflict`. */
const spend = <T>(key: { PK: string; SK: string }, onConflict: ErrorCode) =>
  guardedUpdate<T>(key, 'SET usedAt = :at', 'tries <= :max', { ':at': clock.nowIso(), ':max': MAX_TRIES }, onConflict);

// ---- MFA tickets: one per sign-in attempt whose password was right
export const TICKET_TTL_SECONDS = 5 * 60;
export const CODE_TTL_SECONDS = 5 * 60;
export const MAX_CODE_SENDS = 3;

export interface TicketRecord {
  ticketHash: string;
  userId: string;
  emailHash: string;
  methods: MfaMethod[];
  expiresAt: number;
  tries: number;
  sends: number;
  usedAt?: string;
  emailCodeHash?: string;
  emailCodeExpiresAt?: number;
  smsCodeHash?: string;
  smsCodeExpiresAt?: number;
  linkHash?: string;
}

export const createTicket = async (
  tenantId: string,
  input: { userId: string; emailHash: string; methods: MfaMethod[] },
): Promise<{ ticket: string; expiresAt: number }> => {
  const ticket = newOpaqueToken();
  const expiresAt = clock.now().getTime() + TICKET_TTL_SECONDS * 1000;
  await db.send(
    new PutCommand({
      TableName: tableName(),
      Item: {
        ...keys.mfaTicket(tenantId, sha256(ticket)),
        type: 'MFA_TICKET',
        ticketHash: sha256(ticket),
        ...input,
        expiresAt,
        tries: 0,
        sends: 0,
        ttl: Math.floor(expiresAt / 1000) + 3600,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
  return { ticket, expiresAt };
};

/** A live ticket (unknown, spent, used up or expired all answer ticketInvalid). */
export const liveTicket = async (tenantId: string, ticket: string): Promise<TicketRecord> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.mfaTicket(tenantId, sha256(ticket)), ConsistentRead: true }),
  );
  const record = Item as TicketRecord | undefined;
  if (!record || record.usedAt || record.tries >= MAX_TRIES || record.expiresAt <= clock.now().getTime()) {
    throw new DomainError('ticketInvalid');
  }
  return record;
};

/** Counts a try before the code is checked: at most MAX_TRIES codes are ever checked per ticket. */
export const countTicketTry = (tenantId: string, ticketHash: string) =>
  countTry<TicketRecord>(keys.mfaTicket(tenantId, ticketHash), 'ticketInvalid');

/** Stores a fresh code (replacing the previous one of that channel); at most MAX_CODE_SENDS per ticket. */
export const storeTicketCode = (
  tenantId: string,
  ticketHash: string,
  channel: 'email' | 'sms',
  codeHash: string,
  linkHash?: string,
) =>
  guardedUpdate<TicketRecord>(
    keys.mfaTicket(tenantId, ticketHash),
    `SET sends = sends + :one, ${channel}CodeHash = :code, ${channel}CodeExpiresAt = :exp${linkHash ? ', linkHash = :link' : ''}`,
    'sends < :maxSends',
    {
      ':one': 1,
      ':maxSends': MAX_CODE_SENDS,
      ':code': codeHash,
      ':exp': clock.now().getTime() + CODE_TTL_SECONDS * 1000,
      ...(linkHash ? { ':link': linkHash } : {}),
    },
    'RATE_LIMITED',
  );

/** Spends the ticket: exactly one verification can ever complete a sign-in. */
export const consumeTicket = (tenantId: string, ticketHash: string) =>
  spend<TicketRecord>(keys.mfaTicket(tenantId, ticketHash), 'ticketInvalid');

// ---- Emailed links: account activation (invites) and password reset
export type LinkKind = 'activation' | 'reset';
export const LINK_TTL_SECONDS: Record<LinkKind, number> = { activation: 72 * 3600, reset: 30 * 60 };

export interface LinkRecord {
  kind: LinkKind;
  tokenHash: string;
  userId: string;
  expiresAt: number;
  tries: number;
  usedAt?: string;
  codeHash?: string;
}

// Kept a week past expiry so a late click still gets "expired", not "unknown".
const LINK_KEEP_SECONDS = 7 * 24 * 3600;

/** The conditional Put of a new link item (for a transaction, or `createLink`). */
export const linkPut = (
  tenantId: string,
  input: { kind: LinkKind; userId: string; codeHash?: string },
  tokenHash: string,
) => {
  const expiresAt = clock.now().getTime() + LINK_TTL_SECONDS[input.kind] * 1000;
  return {
    expiresAt,
    put: {
      TableName: tableName(),
      Item: {
        ...keys.link(tenantId, tokenHash),
        type: 'LINK',
        tokenHash,
        ...input,
        expiresAt,
        tries: 0,
        ttl: Math.floor(expiresAt / 1000) + LINK_KEEP_SECONDS,
      },
      ConditionExpression: 'attribute_not_exists(PK)',
    },
  };
};

export const createLink = async (
  tenantId: string,
  input: { kind: LinkKind; userId: string; codeHash?: string },
  token: string = newOpaqueToken(),
): Promise<{ token: string; expiresAt: number }> => {
  const { put, expiresAt } = linkPut(tenantId, input, sha256(token));
  await db.send(new PutCommand(put));
  return { token, expiresAt };
};

/**
 * The Update that spends a link by expiring it now (a replaced activation link answers 'The active
 * link has expired.'). A link already used stays used; one already deleted by TTL leaves a stub that
 * expires too, so the replacing transaction never depends on the old item still being there.
 */
export const supersedeLink = (tenantId: string, tokenHash: string) => {
  const now = clock.now().getTime();
  return {
    TableName: tableName(),
    Key: keys.link(tenantId, tokenHash),
    UpdateExpression: 'SET expiresAt = :now, supersededAt = :at, #ttl = if_not_exists(#ttl, :ttl)',
    ConditionExpression: 'attribute_not_exists(usedAt)',
    ExpressionAttributeNames: { '#ttl': 'ttl' },
    ExpressionAttributeValues: {
      ':now': now,
      ':at': clock.nowIso(),
      ':ttl': Math.floor(now / 1000) + LINK_KEEP_SECONDS,
    },
  };
};

export const findLink = async (tenantId: string, token: string, kind: LinkKind): Promise<LinkRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.link(tenantId, sha256(token)), ConsistentRead: true }),
  );
  return Item && Item.kind === kind ? (Item as LinkRecord) : undefined;
};

export const countLinkTry = (tenantId: string, tokenHash: string, onConflict: ErrorCode) =>
  countTry<LinkRecord>(keys.link(tenantId, tokenHash), onConflict);

/** Spends the link: of two parallel uses, one wins and the other gets `onConflict`. */
export const consumeLink = (tenantId: string, tokenHash: string, onConflict: ErrorCode) =>
  spend<LinkRecord>(keys.link(tenantId, tokenHash), onConflict);
