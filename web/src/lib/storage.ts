import {
  ASSET_STRATEGIES,
  type AssetStrategy,
  FUND_TYPES,
  type FundType,
  MFA_METHODS,
  type MfaMethod,
  OBJECTIVES,
  type Objective,
  REGIONS,
  type Region,
  TARGET_RETURN_RANGES,
  type TargetReturnRange,
} from '@tranche/shared/enums';
import { LANGS, type Lang } from '@tranche/shared/i18n/langs';
import { storageKey } from './storage-key';

/**
 * Client-side storage, namespaced per tenant portal: every key is `tranche:<prefix-or-host>:<key>`,
 * so two tenants opened in the same browser (custom domain or `/t/<prefix>/`) never read each
 * other's values.
 *
 * Spec §3 lists these items. Deliberately NOT stored here: access token, refresh token, principal
 * token and temp token. Sessions are HttpOnly, Secure, SameSite cookies set by the API (DESIGN.md §2
 * "Sessions"), so no script-readable token exists to store. Register info keeps only the email and
 * name of a sign-up waiting for its code: the password stays in memory only.
 */

export type ViewType = 'LIST' | 'CARD';
export const OPENNESS_FILTERS = ['ALL', 'COMING_SOON', 'OPEN', 'CLOSING_SOON', 'CLOSED'] as const;
export type OpennessFilter = (typeof OPENNESS_FILTERS)[number];

export interface ProductSearchConditions {
  text: string;
  openness: OpennessFilter;
  strategy?: AssetStrategy;
  region?: Region;
  fundType?: FundType;
  objective?: Objective;
  targetReturnRange?: TargetReturnRange;
  currency?: string;
}

/** Verification-code purposes of spec §3, for the "resend code" countdown. */
export const CODE_PURPOSES = [
  'signUpEmail',
  'forgotPassword',
  'captcha',
  'mfaEmail',
  'mfaSms',
  'mfaCode',
  'mfaLoginLink',
] as const;
export type CodePurpose = (typeof CODE_PURPOSES)[number];

/**
 * A sign-in waiting for its second factor. In localStorage, not sessionStorage: the emailed MFA login
 * link opens in a new tab of the same browser, and only works with this ticket (docs/identity.md).
 * It is worthless without the code or link, lives five minutes on the server, and is removed when used.
 */
export interface StoredMfaTicket {
  ticket: string;
  methods: MfaMethod[];
  /** Epoch milliseconds. */
  expiresAt: number;
  /** Where to go once signed in (a path inside the portal). */
  next?: string;
}

/** A sign-up waiting for its emailed code (never the password). */
export interface RegisterInfo {
  email: string;
  displayName: string;
}

interface StoredValues {
  deviceLanguage: Lang;
  currency: string;
  customDomain: string;
  prefixValue: string;
  projectListViewType: ViewType;
  productListSearchConditions: ProductSearchConditions;
  signInEmail: string;
  mfaTicket: StoredMfaTicket;
  registerInfo: RegisterInfo;
  forgotPasswordEmail: string;
  /** Ids of account invitations whose notification the user has dismissed. */
  inviteNotification: string[];
  /** Unsent chat drafts by conversation id. */
  chatMessages: Record<string, string>;
  /** When a verification code was last sent, per purpose (ISO 8601). */
  verificationCodeSentAt: Partial<Record<CodePurpose, string>>;
  /** Ids of inbox messages whose banner the user dismissed in this tab (not in spec §3: ours). */
  dismissedBanners: string[];
  /**
   * Emailed signing-link tokens by signer id (not in spec §3: ours, issue 12), per tab: the page takes
   * the token out of the address (history, bookmarks) and a reload still opens the signer's page.
   */
  signingLinks: Record<string, string>;
  /** Emailed signed-copy tokens by signer id (issue 12, `#copy=`), per tab, kept like `signingLinks`. */
  signingCopies: Record<string, string>;
}
export type StorageKey = keyof StoredValues;

type Area = 'local' | 'session';
interface KeySpec<T> {
  area: Area;
  /** Accepts what was stored, or rejects it (undefined) if it is not the expected shape. */
  accept: (value: unknown) => T | undefined;
}

const isString = (v: unknown): v is string => typeof v === 'string';
const string = (v: unknown) => (isString(v) ? v : undefined);
const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): T | undefined =>
    (values as readonly unknown[]).includes(v) ? (v as T) : undefined;
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const stringRecord = <T extends Record<string, string>>(v: unknown): T | undefined =>
  isRecord(v) && Object.values(v).every(isString) ? (v as T) : undefined;

/** The optional catalogue filters; a stored value that is no longer valid is dropped, not the whole set. */
const acceptFilters = (v: Record<string, unknown>): Omit<ProductSearchConditions, 'text' | 'openness'> => {
  const picks = {
    strategy: oneOf(ASSET_STRATEGIES)(v.strategy),
    region: oneOf(REGIONS)(v.region),
    fundType: oneOf(FUND_TYPES)(v.fundType),
    objective: oneOf(OBJECTIVES)(v.objective),
    targetReturnRange: oneOf(TARGET_RETURN_RANGES)(v.targetReturnRange),
    currency: isString(v.currency) && /^[A-Z]{3}$/.test(v.currency) ? v.currency : undefined,
  };
  return Object.fromEntries(Object.entries(picks).filter(([, value]) => value !== undefined));
};

const SPECS: { [K in StorageKey]: KeySpec<StoredValues[K]> } = {
  deviceLanguage: { area: 'local', accept: oneOf(LANGS) },
  currency: { area: 'local', accept: (v) => (isString(v) && /^[A-Z]{3}$/.test(v) ? v : undefined) },
  customDomain: { area: 'local', accept: string },
  prefixValue: { area: 'local', accept: string },
  projectListViewType: { area: 'local', accept: oneOf(['LIST', 'CARD'] as const) },
  productListSearchConditions: {
    area: 'local',
    accept: (v) =>
      isRecord(v) && isString(v.text) && oneOf(OPENNESS_FILTERS)(v.openness)
        ? { text: v.text, openness: v.openness as OpennessFilter, ...acceptFilters(v) }
        : undefined,
  },
  signInEmail: { area: 'local', accept: string },
  mfaTicket: {
    area: 'local',
    accept: (v) =>
      isRecord(v) &&
      isString(v.ticket) &&
      typeof v.expiresAt === 'number' &&
      Array.isArray(v.methods) &&
      v.methods.every(oneOf(MFA_METHODS)) &&
      (v.next === undefined || isString(v.next))
        ? {
            ticket: v.ticket,
            methods: v.methods as MfaMethod[],
            expiresAt: v.expiresAt,
            ...(isString(v.next) ? { next: v.next } : {}),
          }
        : undefined,
  },
  registerInfo: {
    area: 'session',
    accept: (v) =>
      isRecord(v) && isString(v.email) && isString(v.displayName)
        ? { email: v.email, displayName: v.displayName }
        : undefined,
  },
  forgotPasswordEmail: { area: 'session', accept: string },
  inviteNotification: {
    area: 'local',
    accept: (v) => (Array.isArray(v) && v.every(isString) ? v : undefined),
  },
  chatMessages: { area: 'local', accept: stringRecord },
  verificationCodeSentAt: {
    area: 'session',
    accept: (v) => (isRecord(v) && Object.keys(v).every((k) => oneOf(CODE_PURPOSES)(k)) ? stringRecord(v) : undefined),
  },
  // Per tab: a banner dismissed today comes back in a new visit while its task still waits.
  dismissedBanners: {
    area: 'session',
    accept: (v) => (Array.isArray(v) && v.every(isString) ? v : undefined),
  },
  signingLinks: { area: 'session', accept: stringRecord },
  signingCopies: { area: 'session', accept: stringRecord },
};

export interface ClientStorage {
  readonly namespace: string;
  keyFor(key: StorageKey): string;
  get<K extends StorageKey>(key: K): StoredValues[K] | undefined;
  set<K extends StorageKey>(key: K, value: StoredValues[K]): void;
  remove(key: StorageKey): void;
}

/** Browsers may refuse storage (private mode, quota, disabled cookies): the app then just forgets. */
const safely = <T>(fn: () => T): T | undefined => {
  try {
    return fn();
  } catch {
    return undefined;
  }
};

export const createClientStorage = (
  namespace: string,
  areas: { local?: Storage; session?: Storage } = {
    local: safely(() => window.localStorage),
    session: safely(() => window.sessionStorage),
  },
): ClientStorage => {
  const keyFor = (key: StorageKey) => storageKey(namespace, key);
  const area = (key: StorageKey) => (SPECS[key].area === 'local' ? areas.local : areas.session);
  return {
    namespace,
    keyFor,
    get(key) {
      const raw = safely(() => area(key)?.getItem(keyFor(key)));
      if (raw == null) return undefined;
      const parsed = safely(() => JSON.parse(raw) as unknown);
      return SPECS[key].accept(parsed);
    },
    set(key, value) {
      safely(() => area(key)?.setItem(keyFor(key), JSON.stringify(value)));
    },
    remove(key) {
      safely(() => area(key)?.removeItem(keyFor(key)));
    },
  };
};

/** Notes that a verification code was just sent for `purpose` (the "resend code" countdown reads it). */
export const recordCodeSent = (storage: ClientStorage, purpose: CodePurpose): void => {
  const times = storage.get('verificationCodeSentAt') ?? {};
  storage.set('verificationCodeSentAt', { ...times, [purpose]: new Date().toISOString() });
};
