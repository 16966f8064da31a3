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
 *  6. User by email                         GSI1PK=T#<tid>#EMAIL#<email>  GSI1SK=#USER
 *  7. Session (hashed token)                PK=T#<tid>#SESSION#<sha256>  SK=#META
 *  8. Sessions of a user (revocation)       GSI1PK=T#<tid>#USER#<uid>#SESSIONS  GSI1SK=<createdAt>
 *  9. Scenario flow and its waiting steps   PK=T#<tid>#SCENARIO#<sid> SK=#META | STEP#<stepId>
 * 10. Audit events of any record            same PK as the record,    SK=EVT#<time>#<eventId>
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

  session: (tenantId: string, tokenHash: string) => ({ PK: `${t(tenantId)}#SESSION#${tokenHash}`, SK: '#META' }),
  userSessionsPk: (tenantId: string, userId: string) => `${t(tenantId)}#USER#${userId}#SESSIONS`,

  scenarioPk: (tenantId: string, scenarioId: string) => `${t(tenantId)}#SCENARIO#${scenarioId}`,
  scenario: (tenantId: string, scenarioId: string) => ({ PK: keys.scenarioPk(tenantId, scenarioId), SK: '#META' }),
  scenarioStep: (tenantId: string, scenarioId: string, stepId: string) => ({
    PK: keys.scenarioPk(tenantId, scenarioId),
    SK: `STEP#${stepId}`,
  }),

  auditEvent: (recordPk: string, at: string, eventId: string) => ({ PK: recordPk, SK: `EVT#${at}#${eventId}` }),
} as const;
