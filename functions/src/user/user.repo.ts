import { isGp, type Role } from '@tranche/shared/auth/roles';
import type { AccountInviteStatus, AccountState, MfaMethod } from '@tranche/shared/enums';
import type { EventName } from '@tranche/shared/events/catalogue';
import type { Lang } from '@tranche/shared/i18n/langs';
import type { Currency } from '@tranche/shared/money';
import {
  type CurrentUser,
  DEFAULT_EMAIL_PREFERENCES,
  DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES,
  type EmailPreferences,
  type InvestAccountEmailPreferences,
} from '@tranche/shared/user/user.schema';
import type { Actor } from '#lib/audit';
import { clock } from '#lib/clock';
import type { SealedSecret } from '#lib/crypto/secret-box';
import { db, isConditionFailure, tableName } from '#lib/db/client';
import { BatchGetCommand, GetCommand, PutCommand, UpdateCommand } from '#lib/db/commands';
import { commit, event, eventOf } from '#lib/db/commit';
import { keys } from '#lib/db/keys';
import { DomainError } from '#lib/errors';

/** The stored user: the public view plus what only the server may read. */
export interface UserRecord extends CurrentUser {
  /** Epoch ms: sessions created up to this instant are revoked (functions/src/_lib/session.ts). */
  sessionsNotBefore?: number;
  /** Sealed in the secret box (functions/src/auth/totp-secret.ts), never the seed itself. */
  totpSecret?: SealedSecret;
  totpPendingSecret?: SealedSecret;
  totpLastStep?: number;
  signupCodeHash?: string;
  signupCodeExpiresAt?: number;
  signupCodeTries?: number;
  phoneCodeHash?: string;
  phoneCodeExpiresAt?: number;
  phoneCodeTries?: number;
  invitedBy?: string;
  /** sha256 of the activation link currently valid for an INVITED user (a resend replaces it). */
  activationLinkHash?: string;
  statusBeforeLock?: CurrentUser['inviteStatus'];
  createdAt: string;
  /** Written by every successful sign-in (functions/src/auth/sign-in.service.ts). */
  lastSignInAt?: string;
  /** Counts role changes, locks and unlocks (missing on older items: 0). */
  version?: number;
}

const PUBLIC_FIELDS = [
  'userId',
  'tenantId',
  'email',
  'displayName',
  'role',
  'inviteStatus',
  'accountState',
  'mfaMethods',
  'language',
  'currency',
  'phone',
  'phoneVerified',
] as const satisfies readonly (keyof CurrentUser)[];

export const toCurrentUser = (record: UserRecord): CurrentUser =>
  Object.fromEntries(
    PUBLIC_FIELDS.filter((f) => record[f] !== undefined).map((f) => [f, record[f]]),
  ) as unknown as CurrentUser;

/** A user item as stored, less its keys and index attributes. */
export const userRecordOf = (item: Record<string, unknown>): UserRecord => {
  const { PK: _pk, SK: _sk, GSI1PK: _g1, GSI1SK: _g1s, GSI2PK: _g2, GSI2SK: _g2s, type: _t, ...rest } = item;
  return rest as unknown as UserRecord;
};

export const findUser = async (tenantId: string, userId: string): Promise<UserRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName(), Key: keys.user(tenantId, userId), ConsistentRead: true }),
  );
  return Item ? userRecordOf(Item) : undefined;
};

export const getUserRecord = async (tenantId: string, userId: string): Promise<UserRecord> => {
  const user = await findUser(tenantId, userId);
  if (!user) throw new DomainError('AccountNotExist');
  return user;
};

export const getUser = async (tenantId: string, userId: string): Promise<CurrentUser> =>
  toCurrentUser(await getUserRecord(tenantId, userId));

export const normaliseEmail = (email: string) => email.trim().toLowerCase();

/** The email claim: one item per tenant and address, so two accounts can never share an email. */
export const findUserByEmail = async (tenantId: string, email: string): Promise<UserRecord | undefined> => {
  const { Item } = await db.send(
    new GetCommand({
      TableName: tableName(),
      Key: keys.emailClaim(tenantId, normaliseEmail(email)),
      ConsistentRead: true,
    }),
  );
  if (typeof Item?.userId !== 'string') return undefined;
  return findUser(tenantId, Item.userId);
};

export interface NewUser {
  userId: string;
  tenantId: string;
  email: string;
  displayName: string;
  role: Role;
  inviteStatus: AccountInviteStatus;
  accountState: AccountState;
  language: Lang;
  currency: Currency;
  extra?: Partial<UserRecord>;
}

/** Creates the user and claims the email in one transaction; a taken email throws `takenCode`. */
export const createUser = async (
  user: NewUser,
  actor: Actor,
  takenCode: 'AccountExist' | 'emailTaken',
): Promise<UserRecord> => {
  const email = normaliseEmail(user.email);
  const record: UserRecord = {
    userId: user.userId,
    tenantId: user.tenantId,
    email,
    displayName: user.displayName,
    role: user.role,
    inviteStatus: user.inviteStatus,
    accountState: user.accountState,
    mfaMethods: [] as MfaMethod[],
    language: user.language,
    currency: user.currency,
    createdAt: actor.at,
    version: 1,
    ...user.extra,
  };
  const table = tableName();
  const userKey = keys.user(user.tenantId, user.userId);
  await commit(actor, {
    steps: [
      {
        item: {
          Put: {
            TableName: table,
            Item: { ...keys.emailClaim(user.tenantId, email), type: 'EMAIL_CLAIM', userId: user.userId },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        refusal: takenCode,
      },
      {
        item: {
          Put: {
            TableName: table,
            Item: {
              ...userKey,
              GSI1PK: keys.userByEmailPk(user.tenantId, email),
              GSI1SK: '#USER',
              ...(isGp(user.role)
                ? keys.teamMember(user.tenantId, user.role, record.createdAt, user.userId)
                : keys.investor(user.tenantId, record.createdAt, user.userId)),
              type: 'USER',
              ...record,
            },
            ConditionExpression: 'attribute_not_exists(PK)',
          },
        },
        refusal: takenCode,
      },
    ],
    events: [event('USER_CREATED', user.userId, { role: user.role, inviteStatus: user.inviteStatus })],
    result: undefined,
  });
  return record;
};

/**
 * One conditional update of the user record, with its audit event in the same transaction.
 * `condition` guards the state the change was decided on; a lost race answers `conflict`.
 */
export const updateUser = async (input: {
  tenantId: string;
  userId: string;
  set?: Record<string, unknown>;
  remove?: string[];
  condition?: { expression: string; values?: Record<string, unknown> };
  audit?: { actor: Actor; action: EventName; data?: Record<string, unknown> };
  conflict?: ConstructorParameters<typeof DomainError>[0];
  /** Adds 1 to `version` (role and status changes: TeamMember.version). */
  bumpVersion?: boolean;
}): Promise<void> => {
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = { ...input.condition?.values };
  const sets = Object.entries(input.set ?? {}).map(([k, v], i) => {
    names[`#s${i}`] = k;
    values[`:s${i}`] = v;
    return `#s${i} = :s${i}`;
  });
  const removes = (input.remove ?? []).map((k, i) => {
    names[`#r${i}`] = k;
    return `#r${i}`;
  });
  if (input.bumpVersion) {
    names['#version'] = 'version';
    values[':versionStep'] = 1;
  }
  const expression = [
    sets.length ? `SET ${sets.join(', ')}` : '',
    removes.length ? `REMOVE ${removes.join(', ')}` : '',
    input.bumpVersion ? 'ADD #version :versionStep' : '',
  ]
    .filter(Boolean)
    .join(' ');
  // Nothing to change (e.g. a profile update that repeats the stored values): nothing to write.
  if (!expression) return;
  const table = tableName();
  const key = keys.user(input.tenantId, input.userId);
  const update = {
    TableName: table,
    Key: key,
    UpdateExpression: expression,
    ConditionExpression: `attribute_exists(PK)${input.condition ? ` AND (${input.condition.expression})` : ''}`,
    ExpressionAttributeNames: names,
    ...(Object.keys(values).length ? { ExpressionAttributeValues: values } : {}),
  };
  const conflict = input.conflict ?? 'VERSION_CONFLICT';
  if (input.audit) {
    await commit(input.audit.actor, {
      steps: [{ item: { Update: update }, refusal: conflict }],
      events: [eventOf(input.audit.action, input.userId, input.audit.data ?? {})],
      result: undefined,
    });
    return;
  }
  try {
    await db.send(new UpdateCommand(update));
  } catch (error) {
    if (isConditionFailure(error)) throw new DomainError(conflict);
    throw error;
  }
};

// ---- Email preferences (pattern 11): one item per kind, stored values over the defaults
const getPrefs = async <T>(key: { PK: string; SK: string }, fallback: T): Promise<T> => {
  const { Item } = await db.send(new GetCommand({ TableName: tableName(), Key: key }));
  return Item ? ({ ...fallback, ...(Item.prefs as T) } as T) : fallback;
};

const putPrefs = async <T>(key: { PK: string; SK: string }, prefs: T): Promise<T> => {
  await db.send(
    new PutCommand({ TableName: tableName(), Item: { ...key, type: 'PREFS', prefs, updatedAt: clock.nowIso() } }),
  );
  return prefs;
};

export const getEmailPreferences = (tenantId: string, userId: string) =>
  getPrefs<EmailPreferences>(keys.userEmailPrefs(tenantId, userId), DEFAULT_EMAIL_PREFERENCES);
export const putEmailPreferences = (tenantId: string, userId: string, prefs: EmailPreferences) =>
  putPrefs(keys.userEmailPrefs(tenantId, userId), prefs);
export const getInvestAccountEmailPreferences = (tenantId: string, userId: string) =>
  getPrefs<InvestAccountEmailPreferences>(
    keys.userInvestPrefs(tenantId, userId),
    DEFAULT_INVEST_ACCOUNT_EMAIL_PREFERENCES,
  );
export const putInvestAccountEmailPreferences = (
  tenantId: string,
  userId: string,
  prefs: InvestAccountEmailPreferences,
) => putPrefs(keys.userInvestPrefs(tenantId, userId), prefs);

/**
 * The display names of some of the tenant's users (an audit page names its actors), in one BatchGet
 * of at most 100 keys; ids that are no user of the tenant (a seed, the platform operator, a deleted
 * account) are absent from the answer.
 */
export const displayNamesOf = async (tenantId: string, userIds: readonly string[]): Promise<Map<string, string>> => {
  const names = new Map<string, string>();
  const table = tableName();
  let pending: Record<string, unknown>[] = [...new Set(userIds)].slice(0, 100).map((id) => keys.user(tenantId, id));
  for (let attempt = 0; pending.length > 0; attempt++) {
    if (attempt > 0) await new Promise((r) => setTimeout(r, Math.min(200, 20 * 2 ** attempt)));
    const out = await db.send(
      new BatchGetCommand({
        RequestItems: {
          [table]: {
            Keys: pending,
            ProjectionExpression: 'userId, displayName',
          },
        },
      }),
    );
    for (const item of out.Responses?.[table] ?? []) {
      if (typeof item.userId === 'string' && typeof item.displayName === 'string') {
        names.set(item.userId, item.displayName);
      }
    }
    pending = (out.UnprocessedKeys?.[table]?.Keys ?? []) as Record<string, unknown>[];
  }
  return names;
};
