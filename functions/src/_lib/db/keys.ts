/**
 * Every key of the single table is spelled here and nowhere else.
 *
 * Access patterns (keep this list true):
 *  1. Tenant record and settings           PK=T#<tid>                SK=#META | SETTINGS#LP | SETTINGS#GP
 *  2. Resolve tenant by host or prefix      PK=DIR#HOST#<host> | DIR#PREFIX#<prefix>   SK=#META
 *     (the only items whose key does not start with the tenant: they resolve which tenant it is,
 *      and hold nothing but the tenant id)
 *  3. Product with its share classes        PK=T#<tid>#PRODUCT#<pid>  SK=#META | SC#<scid>
 *  4. Published products of a tenant        GSI1PK=T#<tid>#PRODUCTS   GSI1SK=<openness rank>#<name>#<pid>
 *  5. User                                  PK=T#<tid>#USER#<uid>     SK=#META
 *  6. User by email                         PK=T#<tid>#EMAIL#<email>  SK=#CLAIM (holds the userId;
 *     written with the user in one conditional transaction: one account per email, read
 *     consistently), and GSI1PK=T#<tid>#EMAIL#<email>  GSI1SK=#USER on the user item
 *  7. Session (hashed token)                PK=T#<tid>#SESSION#<sha256>  SK=#META
 *  8. Sessions of a user (revocation)       GSI1PK=T#<tid>#USER#<uid>#SESSIONS  GSI1SK=<createdAt>
 *  9. Scenario flow and its waiting steps   PK=T#<tid>#SCENARIO#<sid> SK=#META | STEP#<stepId>
 * 10. Audit events of any record            same PK as the record,    SK=EVT#<time>#<eventId>
 * 11. User's email preferences              PK=T#<tid>#USER#<uid>     SK=PREFS#EMAIL | PREFS#INVEST
 * 12. Sign-in attempts (lockout) of an email PK=T#<tid>#LOGIN#<sha256(email)>  SK=#META
 *     (by email hash, so unknown emails are tracked exactly like known ones)
 * 13. Request counter per IP or email       PK=T#<tid>#THROTTLE#<scope>#<subject>#<window>  SK=#META
 * 14. MFA ticket of one sign-in attempt     PK=T#<tid>#MFA#<sha256(ticket)>  SK=#META
 * 15. Emailed link (activation, reset)      PK=T#<tid>#LINK#<sha256(token)>  SK=#META
 *     (tokens, tickets and codes are stored only as hashes; every such item carries a `ttl`)
 */
const t = (tenantId: string) => `T#${tenantId}`;

export const keys = {
  tenant: (tenantId: string) => ({ PK: t(tenantId), SK: '#META' }),
  lpSettings: (tenantId: string) => ({ PK: t(tenantId), SK: 'SETTINGS#LP' }),
  gpSettings: (tenantId: string) => ({ PK: t(tenantId), SK: 'SETTINGS#GP' }),
  hostDirectory: (host: string) => ({ PK: `DIR#HOST#${host.toLowerCase()}`, SK: '#META' }),
  prefixDirectory: (prefix: string) => ({ PK: `DIR#PREFIX#${prefix.toLowerCase()}`, SK: '#META' }),

  productPk: (tenantId: string, productId: string) => `${t(tenantId)}#PRODUCT#${productId}`,
  product: (tenantId: string, productId: string) => ({ PK: keys.productPk(tenantId, productId), SK: '#META' }),
  shareClass: (tenantId: string, productId: string, shareClassId: string) => ({
    PK: keys.productPk(tenantId, productId),
    SK: `SC#${shareClassId}`,
  }),
  shareClassPrefix: 'SC#',
  productsIndexPk: (tenantId: string) => `${t(tenantId)}#PRODUCTS`,

  user: (tenantId: string, userId: string) => ({ PK: `${t(tenantId)}#USER#${userId}`, SK: '#META' }),
  userByEmailPk: (tenantId: string, email: string) => `${t(tenantId)}#EMAIL#${email.toLowerCase()}`,
  emailClaim: (tenantId: string, email: string) => ({ PK: keys.userByEmailPk(tenantId, email), SK: '#CLAIM' }),

  session: (tenantId: string, tokenHash: string) => ({ PK: `${t(tenantId)}#SESSION#${tokenHash}`, SK: '#META' }),
  userSessionsPk: (tenantId: string, userId: string) => `${t(tenantId)}#USER#${userId}#SESSIONS`,

  userEmailPrefs: (tenantId: string, userId: string) => ({ PK: `${t(tenantId)}#USER#${userId}`, SK: 'PREFS#EMAIL' }),
  userInvestPrefs: (tenantId: string, userId: string) => ({
    PK: `${t(tenantId)}#USER#${userId}`,
    SK: 'PREFS#INVEST',
  }),
  loginAttempts: (tenantId: string, emailHash: string) => ({ PK: `${t(tenantId)}#LOGIN#${emailHash}`, SK: '#META' }),
  throttle: (tenantId: string, scope: string, subject: string, window: number) => ({
    PK: `${t(tenantId)}#THROTTLE#${scope}#${subject}#${window}`,
    SK: '#META',
  }),
  mfaTicket: (tenantId: string, ticketHash: string) => ({ PK: `${t(tenantId)}#MFA#${ticketHash}`, SK: '#META' }),
  link: (tenantId: string, tokenHash: string) => ({ PK: `${t(tenantId)}#LINK#${tokenHash}`, SK: '#META' }),

  scenarioPk: (tenantId: string, scenarioId: string) => `${t(tenantId)}#SCENARIO#${scenarioId}`,
  scenario: (tenantId: string, scenarioId: string) => ({ PK: keys.scenarioPk(tenantId, scenarioId), SK: '#META' }),
  scenarioStep: (tenantId: string, scenarioId: string, stepId: string) => ({
    PK: keys.scenarioPk(tenantId, scenarioId),
    SK: `STEP#${stepId}`,
  }),

  auditEvent: (recordPk: string, at: string, eventId: string) => ({ PK: recordPk, SK: `EVT#${at}#${eventId}` }),
} as const;
