/**
 * Every key of the single table is spelled here and nowhere else.
 *
 * Access patterns (keep this list true):
 *  1. Tenant record and settings           PK=T#<tid>                SK=#META | SETTINGS#LP | SETTINGS#GP
 *     | SETTINGS#PROFILE_REQUIREMENTS (the tenant's requirement levels for profile fields, issue 11)
 *  2. Resolve tenant by host or prefix      PK=DIR#HOST#<host> | DIR#PREFIX#<prefix>   SK=#META
 *     (the only items whose key does not start with the tenant: they resolve which tenant it is,
 *      and hold nothing but the tenant id)
 *  3. Product with its share classes        PK=T#<tid>#PRODUCT#<pid>  SK=#META | SC#<scid> | PORTAL#COMPONENTS
 *     (the product's own section visibility overrides; its audit trail is pattern 10)
 *  4. Every product of a tenant, newest     GSI2PK=T#<tid>#PRODUCTS  GSI2SK=<createdAt>#<pid>#  on the product
 *     first, with its share classes (GP)    and <createdAt>#<pid>#SC#<scid> on its share classes: one Query
 *     (descending) reads each product's share classes just before the product itself
 * 4a. Catalogue search shards               PK=T#<tid>#CATALOGUE  SK=SHARD#<00..63>  (a compact, gzipped
 *     projection of the published and closed products, product -> shard by hash of its id, rewritten in
 *     the transaction of every change that touches it: one Query of one partition reads the catalogue;
 *     docs/decisions.md "Catalogue search")
 * 4b. Tenant default section visibility     PK=T#<tid>  SK=PORTAL#COMPONENTS
 *  5. User                                  PK=T#<tid>#USER#<uid>     SK=#META
 *  6. User by email                         PK=T#<tid>#EMAIL#<email>  SK=#CLAIM (holds the userId;
 *     written with the user in one conditional transaction: one account per email, read
 *     consistently), and GSI1PK=T#<tid>#EMAIL#<email>  GSI1SK=#USER on the user item
 *  7. Session (hashed token)                PK=T#<tid>#SESSION#<sha256>  SK=#META
 *  8. (retired: sessions of a user by GSI1; revocation is the user's sessionsNotBefore instead)
 *  9. Scenario flow and its waiting steps   PK=T#<tid>#SCENARIO#<sid> SK=#META | STEP#<stepId>
 * 10. Audit events of any record            same PK as the record,    SK=EVT#<time>#<eventId>
 * 11. User's email preferences              PK=T#<tid>#USER#<uid>     SK=PREFS#EMAIL | PREFS#INVEST
 * 12. Sign-in attempts (lockout) of an email PK=T#<tid>#LOGIN#<sha256(email)>  SK=#META
 *     (by email hash, so unknown emails are tracked exactly like known ones)
 * 13. Request counter per IP or email       PK=T#<tid>#THROTTLE#<scope>#<subject>#<window>  SK=#META
 * 14. MFA ticket of one sign-in attempt     PK=T#<tid>#MFA#<sha256(ticket)>  SK=#META
 * 15. Emailed link (activation, reset)      PK=T#<tid>#LINK#<sha256(token)>  SK=#META
 *     (tokens, tickets and codes are stored only as hashes; every such item carries a `ttl`)
 * 16. Tenant policies and their versions    PK=T#<tid>#POLICIES  SK=POLICY#<pid> | VERSION#<pid>#<000001>
 *     (one strongly consistent Query lists a tenant's policies: begins_with(SK, 'POLICY#'); a policy's
 *      versions: begins_with(SK, 'VERSION#<pid>#'); their audit events sit in the same partition)
 * 17. Product documents, marketing folders  PK=T#<tid>#PRODUCT#<pid>  SK=DOC#<docId> | FOLDER#<folderId>
 *     and the product's contract              | CONTRACT  (one Query of the product partition by SK
 *     prefix; their audit events sit in the product's partition)
 * 18. GP team members of a tenant         GSI2PK=T#<tid>#TEAM  GSI2SK=<role>#<createdAt>#<uid> on the
 *     user item (sparse: only GP users carry it; a role filter is a begins_with)
 * 19. Domain event (transactional outbox)   PK=T#<tid>#EVENT#<eventId>  SK=#META  (written in the transaction
 *     of the change it announces; the table's stream carries it to the dispatcher; `ttl` 7 days)
 * 20. A consumer's mark on an event          PK=T#<tid>#EVENT#<eventId>  SK=DONE#<consumer>  (conditional
 *     put: each consumer applies an event once, however often it is delivered; same `ttl`)
 * 21. Event that could not be delivered      PK=T#<tid>#DEADLETTER  SK=<time>#<eventId>  (with the reason)
 * 22. Investors of a tenant, oldest first  GSI2PK=T#<tid>#INVESTORS  GSI2SK=<createdAt>#<uid> on the user
 *     item (sparse: only LP users carry it; whom a tenant-wide notice goes to)
 * 23. Idempotency record of a request       PK=T#<tid>#IDEM#<operationId>#<uid>#<Idempotency-Key>  SK=#META
 *     (Powertools idempotency: status, payload hash, the first answer; `ttl` 24 hours, and read as
 *     absent once expired whether or not TTL has deleted it; _lib/idempotency.ts)
 * 24. Every tenant of the deployment      GSI2PK=PLATFORM#TENANTS  GSI2SK=<createdAt>#<tid> on the tenant
 *     (platform operator only)            item: the platform's own index, like the directory items not
 *     tenant-led because it lists tenants; only the operator routes (auth 'operator') read it
 * 25. An investor's saved funds            PK=T#<tid>#USER#<uid>     SK=WATCH#<pid>  (one Query of the user's
 *     (watchlist)                          partition by SK prefix lists them; the product's own item, pattern 3,
 *                                          says whether the catalogue still shows it); SK=WATCHLIST holds the
 *                                          list's version, which every adding save moves conditionally
 * 26. A user's inbox, newest first       PK=T#<tid>#USER#<uid>#INBOX  SK=MSG#<messageId> (ULID: time order)
 *     with its exact unread count          and SK=#UNREAD (changed in the same transactions as the messages)
 * 27. A user's tasks by filter            GSI1PK=<inbox pk>#<IN_PROGRESS|DONE|CLOSED>  GSI1SK=MSG#<id>, and all
 *                                          of them: GSI2PK=<inbox pk>#TASKS  GSI2SK=MSG#<id> (on task messages)
 * 28. A task shared by its assignees      PK=T#<tid>#TASK#<taskId>  SK=#META (status, assignees and their
 *                                          message ids); by the record it is about: GSI1PK=T#<tid>#TASKREF#<refId>
 * 29. Open tasks due on a day (platform)  GSI2PK=PLATFORM#DUE#<yyyy-mm-dd>  GSI2SK=<tid>#<taskId> (removed
 *                                          when the task ends; the daily reminder job reads it)
 * 30. Messages waiting for the digest     PK=<inbox pk>  SK=DIGEST#<messageId>, GSI2PK=PLATFORM#DIGEST
 *     (platform-wide, read by the daily job) GSI2SK=<tid>#<uid>#<messageId>
 * 31. An investor's activity trail        PK=T#<tid>#USER#<uid>#ACTIVITY  SK=<at>#<activityId>
 * 32. Tenant's document sealing certificate PK=T#<tid>  SK=SEALING#CERT (certificate PEM, and its key only
 *     as a secret-box envelope; functions/src/signing/seal/certificate-store.ts)
 * 33. Investor profile and its parts     PK=T#<tid>#PROFILE#<pid>  SK=#META | INDIVIDUAL | ADDR#<type> |
 *     (issue 11, docs/profiles.md)        BANK#<bankId> | CERT#<type> | MEMBER#<memberId> | DOC#<documentId>
 *                                         (one Query of the partition reads the whole profile; its audit
 *                                         events sit in the same partition)
 * 34. An investor's profiles             GSI1PK=T#<tid>#USER#<uid>#PROFILES  GSI1SK=<createdAt>#<pid> on the
 *                                         profile's #META item
 * 35. KYC case of a profile              PK=T#<tid>#KYC#<caseId>  SK=#META | MATCH#<subjectId>#<entryId>;
 *     and the GP queue by status           GSI2PK=T#<tid>#KYCQUEUE#<status>  GSI2SK=<openedAt>#<caseId> on #META
 * 35a. A profile's KYC cases, newest first GSI1PK=T#<tid>#PROFILE#<pid>#KYC  GSI1SK=<openedAt>#<caseId> on the
 *     and its one open case                case's #META; PK=T#<tid>#PROFILE#<pid>#KYC  SK=#OPEN holds the open
 *                                          case's id (conditional put when a case opens, deleted when it
 *                                          ends: one open case per profile)
 * 35b. The screening list a tenant was    PK=T#<tid>  SK=SCREENING#LIST (version and size; the scheduled
 *     last screened against                list check moves it and emits SCREENING_LIST_CHANGED in one commit)
 * 36. Uploaded file and its scan state   PK=T#<tid>#FILE#<fileName>  SK=#META (owner, declared type, size,
 *                                         sniffed type, scan status; the object key holds the same name)
 * 36a. A tenant's uploads not attached  GSI2PK=T#<tid>#UPLOADS  GSI2SK=<createdAt>#<fileName> on the file's #META
 *     (issue 11, the daily upload sweep)   (set when the upload is registered, removed when the file is attached
 *                                          to a profile: a range query up to a day ago finds the abandoned ones)
 * 37. An investor's persons              PK=T#<tid>#USER#<uid>     SK=PERSON#<personId> (typed once, named by
 *     (issue 11: entity members and        the MEMBER# items of any of their profiles, pattern 33; one Query of
 *     joint co-holders)                    the user's partition by SK prefix lists them)
 * 38. Eligibility evidence awaiting its   PK=T#<tid>#PROFILE#<pid>  SK=ELIG#<classification> (one per
 *     renewal task (platform-wide, read    certificate with evidence, written by functions/src/events/
 *     by the daily renewal job)            eligibility.ts), GSI2PK=PLATFORM#ELIGIBILITY  GSI2SK=<renewal
 *                                          due date>#<tid>#<pid>#<classification> while no renewal task was
 *                                          opened for it (removed when the job opens one)
 * 39. Subscription and its documents     PK=T#<tid>#SUBSCRIPTION#<sid>  SK=#META | DOC#<documentId> (issue 13,
 *     (its audit events in the same        docs/subscriptions.md "Server"; one Query reads record, documents and
 *     partition, pattern 10)               history)
 * 39a. A tenant's subscriptions, newest  GSI2PK=T#<tid>#SUBS  GSI2SK=<createdAt>#<sid> on #META (the manager's
 *     first                                queue; status, fund and type filters are filter expressions)
 * 39b. An investor's subscriptions       GSI1PK=T#<tid>#USER#<uid>#SUBS  GSI1SK=<createdAt>#<sid> on #META
 * 39c. A fund's reservation capacity     PK=T#<tid>#PRODUCT#<pid>#SUBS  SK=#CAPACITY (amount taken, version) |
 *     and queue                            #PLAN (the last planReservations result) | RESQ#<requestedAt>#<sid>
 *                                          (a reservation request waiting in REVIEW, with its amount)
 * 39d. Tenant's mandatory document list  PK=T#<tid>  SK=SETTINGS#MANDATORY_DOCS (/tenant/{tid}/fund-mandatory-docs)
 * 40. Signing project and its parts     PK=T#<tid>#SIGNING#<projectId>  SK=#META | DOC#<documentId> |
 *     (issue 12, docs/signing.md; its     SIGNER#<signerId> | VALUE#<signerId>#<fieldId> (one Query reads the
 *     audit events in the same partition)  whole project; VALUE items hold what a signer put in a field)
 * 40a. A tenant's signing projects,      GSI2PK=T#<tid>#SIGNINGPROJECTS  GSI2SK=<createdAt>#<projectId> on #META
 *     newest first (the manager's list)
 * 40b. A user's signer records           GSI1PK=T#<tid>#USER#<uid>#SIGNING  GSI1SK=<createdAt>#<projectId>#<signerId>
 *                                          on SIGNER# items of account holders only
 * 41. Source PDF uploaded for signing    PK=T#<tid>#SIGNPDF#<fileId>  SK=#META (status, sha256, page sizes; the
 *                                          object is tenants/<tid>/signing/sources/<fileId>.pdf)
 * 42. A tenant's company seals           PK=T#<tid>#SEALS  SK=SEAL#<sealId> (the PNG itself, at most 100 KB)
 *
 * Money (issue 14, docs/money.md "Storage and routes"):
 * 43. An investment (one subscription's    PK=T#<tid>#INVESTMENT#<subscriptionId>  SK=#META (the position:
 *     position) and its ledger               investor, product, class, currency, balances derived from the
 *                                          entries, and `seq`, the last entry's number, moved conditionally by
 *                                          every append) | LEDGER#<seq, 8 digits> (append-only entries;
 *                                          corrections are reversing entries); its audit events sit there too
 * 43a. An investor's investments          GSI1PK=T#<tid>#USER#<uid>#INVESTMENTS  GSI1SK=<openedAt>#<sid> on #META
 * 43b. A product's investments            GSI2PK=T#<tid>#PRODUCT#<pid>#INVESTMENTS  GSI2SK=<shareClassId>#<sid>
 *     (who shares a call, who holds units)   on #META
 * 43c. An investor's transactions          GSI1PK=T#<tid>#USER#<uid>#LEDGER  GSI1SK=<effectiveDate>#<sid>#<seq>
 *     by date                                on the LEDGER# entries
 * 43d. An investment's dashboard summary  PK=T#<tid>#INVESTMENT#<sid> (pattern 43's partition)  SK=#SUMMARY (its
 *     (docs/money.md "Dashboard             ids and `seq`, the dashboard's figures and NAV line at that seq (the
 *     summaries")                           balances stay on #META), `navKey` of the class's prices; written with every append
 *                                          and by the NAV consumer); GSI1PK=T#<tid>#USER#<uid>#DASHBOARD
 *                                          GSI1SK=<openedAt>#<sid>: one Query answers the investor's dashboard
 * 44. Capital call and its notices        PK=T#<tid>#CAPITALCALL#<callId>  SK=#META (state, totals, the split
 *                                          while a draft) | NOTICE#<subscriptionId> (one investor's notice,
 *                                          written when the call is issued); GP list: GSI2PK=T#<tid>#CAPITALCALLS
 *                                          GSI2SK=<createdAt>#<callId> on #META
 * 44a. An investor's call notices          GSI1PK=T#<tid>#USER#<uid>#CALLS  GSI1SK=<issuedAt>#<callId> on NOTICE#
 * 45. NAV of a share class               PK=T#<tid>#NAV#<pid>#<scid>  SK=PRICE#<navDate> (approved prices, one per
 *                                          date) | #LAST (the latest date, moved conditionally: the ordering
 *                                          rule) | DRAFT#<navDate> (entered or uploaded, waiting for a second
 *                                          person's approval, which posts them oldest first)
 * 45a. A redemption request             PK=T#<tid>#REDEMPTION#<redemptionId>  SK=#META (its audit events in the
 *                                          same partition); the investor's: GSI1PK=T#<tid>#USER#<uid>#REDEMPTIONS,
 *                                          the manager's queue: GSI2PK=T#<tid>#REDEMPTIONS (GSI?SK=<requestedAt>#<id>)
 *
 * Scenario flows (issue 13, docs/subscriptions.md "Scenario flows"):
 * 46. Scenario and its versions          PK=T#<tid>#SCN#<scenarioId>  SK=#META (fund or DEFAULT, subscription
 *                                          type, investor type) | VERSION#<000001> (the graph, DRAFT or
 *                                          PUBLISHED; a published version is never written again)
 * 46a. A fund's scenarios by slot        PK=T#<tid>#PRODUCT#<pid>#SCENARIOS  SK=SLOT#<subscriptionType>#<investorType>
 *     (pid DEFAULT: the tenant's defaults) (scenarioId, latest draft and published version with its state
 *                                          machine; conditional put: one scenario per slot)
 * 47. A subscription's journey           PK=T#<tid>#SUBSCRIPTION#<sid>#JOURNEY  SK=#META (scenario version,
 *     (the execution and its results)      execution, current node with its task token, done nodes in order)
 *                                          | RESULT#<nodeId> (values, DRAFT/DONE/FAILED); one Query reads all
 * 47a. Temp-token link of a party        PK=T#<tid>#TEMPTOKEN#<sha256(token)>  SK=#META (subscription, node,
 *                                          party, expiry; `ttl`; the token itself is never stored)
 * 48. A subscription's signing projects  PK=T#<tid>#SUBSCRIPTION#<sid>#SIGNING  SK=AGREEMENT | COUNTERSIGN
 *     (issue 13, subs-sign)                (the project, its signers' parties, run and node, state; versioned)
 *
 * Money dealing (issue 14, docs/money.md "Dealing and distributions"):
 * 49. A distribution                     PK=T#<tid>#DISTRIBUTION#<distributionId>  SK=#META (split, state, how
 *                                          many parts are posted; its audit events there too); GP list:
 *                                          GSI2PK=T#<tid>#DISTRIBUTIONS  GSI2SK=<createdAt>#<id>
 * 49a. A share class's dealing runs      PK=T#<tid>#NAV#<pid>#<scid> (pattern 45's partition)  SK=DEALING#<date>
 *                                          (the gate's fills; written once per date: attribute_not_exists)
 * 49b. A contract note (open-ended       PK=T#<tid>#INVESTMENT#<sid> (pattern 43's partition)  SK=NOTE#<noteId>;
 *     order dealt)                         the investor's: GSI1PK=T#<tid>#USER#<uid>#CONTRACTNOTES, the fund's:
 *                                          GSI2PK=T#<tid>#PRODUCT#<pid>#CONTRACTNOTES (GSI?SK=<dealtAt>#<noteId>)
 *
 * Subscription modification (issue 13, docs/subscriptions.md "Modification"):
 * 50. A subscription's modification     PK=T#<tid>#SUBSCRIPTION#<sid>#MODIFICATION  SK=#OPEN (the open
 *                                          amendment: snapshot of the submitted answers, the changed steps;
 *                                          versioned) | AMENDMENT#<at>#<id> (a confirmed amendment, before ->
 *                                          after, newest last)
 *
 * Money extras (issue 14, docs/money.md "Notices, currency, reversals"):
 * 51. A ledger correction                PK=T#<tid>#LEDGERCORRECTION#<correctionId>  SK=#META (the entry it
 *                                          reverses, the corrected entry, state; versioned; its audit events sit
 *                                          in the investment's partition, pattern 43); GP list:
 *                                          GSI2PK=T#<tid>#LEDGERCORRECTIONS  GSI2SK=<createdAt>#<correctionId>
 * 51a. A call notice's PDF               PK=T#<tid>#CAPITALCALL#<callId> (pattern 44's partition)
 *                                          SK=NOTICEPDF#<subscriptionId> (object key, rendered at; written by the
 *                                          notice worker once the PDF is stored)
 * Signing templates (issue 12, docs/signing.md "Templates"):
 * 52. A tenant's signing templates        PK=T#<tid>#SIGNTEMPLATES  SK=TEMPLATE#<templateId> (checked source PDFs'
 *                                          ids with their placed fields and the signers' places; one Query lists
 *                                          them; audit events on the tenant, pattern 10)
 * Temp-token links by node (issue 13, docs/subscriptions.md "Contacts, contract documents, inbox nodes"):
 * 53. A node's party links               PK=T#<tid>#SUBSCRIPTION#<sid>#LINKS  SK=LINK#<nodeId>#<personId> (the
 *                                          live link's token hash, run, party, name, email, sent/opened/
 *                                          completed/expiry times, sends; written in the commit that makes the
 *                                          link, pattern 47a); one Query lists a node's parties
 * Money documents (issue 14, docs/money.md "Fund bank details", "Contract note PDF"):
 * 54. A fund's bank details              PK=T#<tid>#PRODUCT#<pid> (pattern 3's partition)  SK=BANKDETAILS (one
 *                                          account per currency; versioned; audit events on the product)
 * 54a. A contract note's PDF             PK=T#<tid>#CONTRACTNOTEPDF#<noteId>  SK=#META (object key, file name,
 *                                          the note's investment and investor; written by the notice worker once
 *                                          the PDF is stored)
 */
import type { EventSubjectKind } from '@tranche/shared/events/catalogue';

const t = (tenantId: string) => `T#${tenantId}`;

export const keys = {
  tenant: (tenantId: string) => ({ PK: t(tenantId), SK: '#META' }),
  lpSettings: (tenantId: string) => ({ PK: t(tenantId), SK: 'SETTINGS#LP' }),
  gpSettings: (tenantId: string) => ({ PK: t(tenantId), SK: 'SETTINGS#GP' }),
  sealingCertificate: (tenantId: string) => ({ PK: t(tenantId), SK: 'SEALING#CERT' }),
  policiesPk: (tenantId: string) => `${t(tenantId)}#POLICIES`,
  policy: (tenantId: string, policyId: string) => ({ PK: keys.policiesPk(tenantId), SK: `POLICY#${policyId}` }),
  policyPrefix: 'POLICY#',
  policyVersion: (tenantId: string, policyId: string, version: number) => ({
    PK: keys.policiesPk(tenantId),
    SK: `VERSION#${policyId}#${String(version).padStart(6, '0')}`,
  }),
  policyVersionPrefix: (policyId: string) => `VERSION#${policyId}#`,
  /** The platform index attributes of a tenant item (pattern 24). */
  platformTenantsIndexPk: 'PLATFORM#TENANTS',
  platformTenant: (createdAt: string, tenantId: string) => ({
    GSI2PK: keys.platformTenantsIndexPk,
    GSI2SK: `${createdAt}#${tenantId}`,
  }),
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
  /** The GP-list index attributes of a product item and of its share class items (pattern 4). */
  productIndex: (tenantId: string, createdAt: string, productId: string) => ({
    GSI2PK: keys.productsIndexPk(tenantId),
    GSI2SK: `${createdAt}#${productId}#`,
  }),
  shareClassIndex: (tenantId: string, productCreatedAt: string, productId: string, shareClassId: string) => ({
    GSI2PK: keys.productsIndexPk(tenantId),
    GSI2SK: `${productCreatedAt}#${productId}#SC#${shareClassId}`,
  }),
  productPortalComponents: (tenantId: string, productId: string) => ({
    PK: keys.productPk(tenantId, productId),
    SK: 'PORTAL#COMPONENTS',
  }),
  tenantPortalComponents: (tenantId: string) => ({ PK: t(tenantId), SK: 'PORTAL#COMPONENTS' }),
  cataloguePk: (tenantId: string) => `${t(tenantId)}#CATALOGUE`,
  catalogueShard: (tenantId: string, shard: number) => ({
    PK: keys.cataloguePk(tenantId),
    SK: `SHARD#${String(shard).padStart(2, '0')}`,
  }),
  productDocument: (tenantId: string, productId: string, documentId: string) => ({
    PK: keys.productPk(tenantId, productId),
    SK: `DOC#${documentId}`,
  }),
  productDocumentPrefix: 'DOC#',
  marketingFolder: (tenantId: string, productId: string, folderId: string) => ({
    PK: keys.productPk(tenantId, productId),
    SK: `FOLDER#${folderId}`,
  }),
  marketingFolderPrefix: 'FOLDER#',
  productContract: (tenantId: string, productId: string) => ({
    PK: keys.productPk(tenantId, productId),
    SK: 'CONTRACT',
  }),

  userPk: (tenantId: string, userId: string) => `${t(tenantId)}#USER#${userId}`,
  user: (tenantId: string, userId: string) => ({ PK: keys.userPk(tenantId, userId), SK: '#META' }),
  userByEmailPk: (tenantId: string, email: string) => `${t(tenantId)}#EMAIL#${email.toLowerCase()}`,
  emailClaim: (tenantId: string, email: string) => ({ PK: keys.userByEmailPk(tenantId, email), SK: '#CLAIM' }),
  teamIndexPk: (tenantId: string) => `${t(tenantId)}#TEAM`,
  /** The team-index attributes of a GP user's item (investors have none). */
  teamMember: (tenantId: string, role: string, createdAt: string, userId: string) => ({
    GSI2PK: keys.teamIndexPk(tenantId),
    GSI2SK: `${role}#${createdAt}#${userId}`,
  }),

  investorsIndexPk: (tenantId: string) => `${t(tenantId)}#INVESTORS`,
  /** The investor-index attributes of an LP user's item (GP users are in the team index instead). */
  investor: (tenantId: string, createdAt: string, userId: string) => ({
    GSI2PK: keys.investorsIndexPk(tenantId),
    GSI2SK: `${createdAt}#${userId}`,
  }),

  session: (tenantId: string, tokenHash: string) => ({ PK: `${t(tenantId)}#SESSION#${tokenHash}`, SK: '#META' }),

  userEmailPrefs: (tenantId: string, userId: string) => ({ PK: keys.userPk(tenantId, userId), SK: 'PREFS#EMAIL' }),
  userInvestPrefs: (tenantId: string, userId: string) => ({ PK: keys.userPk(tenantId, userId), SK: 'PREFS#INVEST' }),
  watchlistEntry: (tenantId: string, userId: string, productId: string) => ({
    PK: keys.userPk(tenantId, userId),
    SK: `${keys.watchlistPrefix}${productId}`,
  }),
  watchlistPrefix: 'WATCH#',
  /** The watchlist's version: every save that adds an entry moves it, so saves are decided one at a time (the limit holds). */
  watchlistVersion: (tenantId: string, userId: string) => ({ PK: keys.userPk(tenantId, userId), SK: 'WATCHLIST' }),
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

  // ---- Investor profiles, KYC and files (patterns 33-36, issue 11, docs/profiles.md)
  profilePk: (tenantId: string, profileId: string) => `${t(tenantId)}#PROFILE#${profileId}`,
  profile: (tenantId: string, profileId: string) => ({ PK: keys.profilePk(tenantId, profileId), SK: '#META' }),
  profilePart: (tenantId: string, profileId: string, sk: string) => ({
    PK: keys.profilePk(tenantId, profileId),
    SK: sk,
  }),
  /** A profile's eligibility index item for one classification (pattern 38). */
  eligibility: (tenantId: string, profileId: string, classification: string) => ({
    PK: keys.profilePk(tenantId, profileId),
    SK: `ELIG#${classification}`,
  }),
  /** Its renewal-index attributes (pattern 38): a range query up to today finds what is due. */
  eligibilityDue: (renewalDueOn: string, tenantId: string, profileId: string, classification: string) => ({
    GSI2PK: keys.eligibilityDueIndexPk,
    GSI2SK: `${renewalDueOn}#${tenantId}#${profileId}#${classification}`,
  }),
  eligibilityDueIndexPk: 'PLATFORM#ELIGIBILITY',
  /** The owner-index attributes of a profile's #META item (pattern 34). */
  profilesOfUser: (tenantId: string, userId: string, createdAt: string, profileId: string) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#PROFILES`,
    GSI1SK: `${createdAt}#${profileId}`,
  }),
  profilesOfUserPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#PROFILES`,
  profileDocument: (tenantId: string, profileId: string, documentId: string) => ({
    PK: keys.profilePk(tenantId, profileId),
    SK: `DOC#${documentId}`,
  }),
  profileDocumentPrefix: 'DOC#',
  profileRequirements: (tenantId: string) => ({ PK: t(tenantId), SK: 'SETTINGS#PROFILE_REQUIREMENTS' }),
  person: (tenantId: string, userId: string, personId: string) => ({
    PK: keys.userPk(tenantId, userId),
    SK: `PERSON#${personId}`,
  }),
  personPrefix: 'PERSON#',
  kycCasePk: (tenantId: string, caseId: string) => `${t(tenantId)}#KYC#${caseId}`,
  kycCase: (tenantId: string, caseId: string) => ({ PK: keys.kycCasePk(tenantId, caseId), SK: '#META' }),
  kycMatch: (tenantId: string, caseId: string, subjectId: string, entryId: string) => ({
    PK: keys.kycCasePk(tenantId, caseId),
    SK: `MATCH#${subjectId}#${entryId}`,
  }),
  kycMatchPrefix: 'MATCH#',
  /** The GP-queue attributes of a case's #META item (pattern 35), rewritten when its status changes. */
  kycQueue: (tenantId: string, status: string, openedAt: string, caseId: string) => ({
    GSI2PK: `${t(tenantId)}#KYCQUEUE#${status}`,
    GSI2SK: `${openedAt}#${caseId}`,
  }),
  kycQueuePk: (tenantId: string, status: string) => `${t(tenantId)}#KYCQUEUE#${status}`,
  /** The profile-index attributes of a case's #META item (pattern 35a). */
  kycCasesOfProfile: (tenantId: string, profileId: string, openedAt: string, caseId: string) => ({
    GSI1PK: `${keys.profilePk(tenantId, profileId)}#KYC`,
    GSI1SK: `${openedAt}#${caseId}`,
  }),
  kycCasesOfProfilePk: (tenantId: string, profileId: string) => `${keys.profilePk(tenantId, profileId)}#KYC`,
  /** The claim of a profile's one open case (pattern 35a). */
  kycOpenCase: (tenantId: string, profileId: string) => ({
    PK: `${keys.profilePk(tenantId, profileId)}#KYC`,
    SK: '#OPEN',
  }),
  /** The list version the tenant's profiles were last screened against (pattern 35b). */
  screeningListState: (tenantId: string) => ({ PK: t(tenantId), SK: 'SCREENING#LIST' }),
  file: (tenantId: string, fileName: string) => ({ PK: `${t(tenantId)}#FILE#${fileName}`, SK: '#META' }),
  /** The not-yet-attached index attributes of a file's #META (pattern 36a). */
  openUpload: (tenantId: string, createdAt: string, fileName: string) => ({
    GSI2PK: keys.openUploadsPk(tenantId),
    GSI2SK: `${createdAt}#${fileName}`,
  }),
  openUploadsPk: (tenantId: string) => `${t(tenantId)}#UPLOADS`,

  // ---- Subscriptions (patterns 39-39d, issue 13, docs/subscriptions.md "Server")
  subscriptionPk: (tenantId: string, subscriptionId: string) => `${t(tenantId)}#SUBSCRIPTION#${subscriptionId}`,
  subscription: (tenantId: string, subscriptionId: string) => ({
    PK: keys.subscriptionPk(tenantId, subscriptionId),
    SK: '#META',
  }),
  subscriptionDocument: (tenantId: string, subscriptionId: string, documentId: string) => ({
    PK: keys.subscriptionPk(tenantId, subscriptionId),
    SK: `DOC#${documentId}`,
  }),
  subscriptionDocumentPrefix: 'DOC#',
  tenantSubscriptionsPk: (tenantId: string) => `${t(tenantId)}#SUBS`,
  /** The queue attributes of a subscription's #META (pattern 39a). */
  tenantSubscriptionIndex: (tenantId: string, createdAt: string, subscriptionId: string) => ({
    GSI2PK: keys.tenantSubscriptionsPk(tenantId),
    GSI2SK: `${createdAt}#${subscriptionId}`,
  }),
  investorSubscriptionsPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#SUBS`,
  /** The investor-index attributes of a subscription's #META (pattern 39b). */
  investorSubscriptionIndex: (tenantId: string, userId: string, createdAt: string, subscriptionId: string) => ({
    GSI1PK: keys.investorSubscriptionsPk(tenantId, userId),
    GSI1SK: `${createdAt}#${subscriptionId}`,
  }),
  fundSubscriptionsPk: (tenantId: string, productId: string) => `${keys.productPk(tenantId, productId)}#SUBS`,
  fundCapacity: (tenantId: string, productId: string) => ({
    PK: keys.fundSubscriptionsPk(tenantId, productId),
    SK: '#CAPACITY',
  }),
  fundReservationPlan: (tenantId: string, productId: string) => ({
    PK: keys.fundSubscriptionsPk(tenantId, productId),
    SK: '#PLAN',
  }),
  reservationRequest: (tenantId: string, productId: string, requestedAt: string, subscriptionId: string) => ({
    PK: keys.fundSubscriptionsPk(tenantId, productId),
    SK: `RESQ#${requestedAt}#${subscriptionId}`,
  }),
  reservationRequestPrefix: 'RESQ#',
  mandatoryDocs: (tenantId: string) => ({ PK: t(tenantId), SK: 'SETTINGS#MANDATORY_DOCS' }),

  // ---- Inbox and tasks (patterns 26-31, docs/inbox.md "Data model")
  inboxPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#INBOX`,
  inboxMessagePrefix: 'MSG#',
  inboxMessage: (tenantId: string, userId: string, messageId: string) => ({
    PK: keys.inboxPk(tenantId, userId),
    SK: `MSG#${messageId}`,
  }),
  /** The user's exact unread count, changed only in the transactions that add or read messages. */
  inboxUnread: (tenantId: string, userId: string) => ({ PK: keys.inboxPk(tenantId, userId), SK: '#UNREAD' }),
  /** On a task message: the filter it is under now (IN_PROGRESS, DONE, CLOSED), rewritten when the task moves. */
  inboxFilterIndex: (tenantId: string, userId: string, filter: string, messageId: string) => ({
    GSI1PK: `${keys.inboxPk(tenantId, userId)}#${filter}`,
    GSI1SK: `MSG#${messageId}`,
  }),
  /** On every task message of a user (the task list's ALL). */
  inboxTasksIndex: (tenantId: string, userId: string, messageId: string) => ({
    GSI2PK: `${keys.inboxPk(tenantId, userId)}#TASKS`,
    GSI2SK: `MSG#${messageId}`,
  }),
  /** A message waiting for the user's daily digest. */
  inboxDigestEntry: (tenantId: string, userId: string, messageId: string) => ({
    PK: keys.inboxPk(tenantId, userId),
    SK: `DIGEST#${messageId}`,
  }),
  /** Platform-wide, like the platform index: the daily job reads every tenant's waiting digests at once. */
  digestPendingIndex: (tenantId: string, userId: string, messageId: string) => ({
    GSI2PK: 'PLATFORM#DIGEST',
    GSI2SK: `${tenantId}#${userId}#${messageId}`,
  }),
  digestPendingIndexPk: 'PLATFORM#DIGEST',
  taskPk: (tenantId: string, taskId: string) => `${t(tenantId)}#TASK#${taskId}`,
  task: (tenantId: string, taskId: string) => ({ PK: keys.taskPk(tenantId, taskId), SK: '#META' }),
  /** On a task: the record it is about, so the event that closes it finds it. */
  taskRefIndex: (tenantId: string, refId: string, kind: string, taskId: string) => ({
    GSI1PK: `${t(tenantId)}#TASKREF#${refId}`,
    GSI1SK: `${kind}#${taskId}`,
  }),
  taskRefIndexPk: (tenantId: string, refId: string) => `${t(tenantId)}#TASKREF#${refId}`,
  /** On an open task with a due date (platform-wide): the daily job's reminders read one day's partition. */
  taskDueIndex: (tenantId: string, dueDate: string, taskId: string) => ({
    GSI2PK: `PLATFORM#DUE#${dueDate}`,
    GSI2SK: `${tenantId}#${taskId}`,
  }),
  taskDueIndexPk: (dueDate: string) => `PLATFORM#DUE#${dueDate}`,
  /** What an investor viewed or did (/lp/activities/add), newest last. */
  activity: (tenantId: string, userId: string, at: string, activityId: string) => ({
    PK: `${keys.userPk(tenantId, userId)}#ACTIVITY`,
    SK: `${at}#${activityId}`,
  }),

  /** A signing project's partition (issue 12; its pattern line is sig-core's): the project, documents, signers, audit trail. */
  signingProjectPk: (tenantId: string, projectId: string) => `${t(tenantId)}#SIGNING#${projectId}`,
  // ---- Signing (patterns 40-42, issue 12, docs/signing.md)
  signingProject: (tenantId: string, projectId: string) => ({
    PK: keys.signingProjectPk(tenantId, projectId),
    SK: '#META',
  }),
  signingDocument: (tenantId: string, projectId: string, documentId: string) => ({
    PK: keys.signingProjectPk(tenantId, projectId),
    SK: `DOC#${documentId}`,
  }),
  signingDocumentPrefix: 'DOC#',
  signer: (tenantId: string, projectId: string, signerId: string) => ({
    PK: keys.signingProjectPk(tenantId, projectId),
    SK: `SIGNER#${signerId}`,
  }),
  signerPrefix: 'SIGNER#',
  signingValue: (tenantId: string, projectId: string, signerId: string, fieldId: string) => ({
    PK: keys.signingProjectPk(tenantId, projectId),
    SK: `VALUE#${signerId}#${fieldId}`,
  }),
  signingValuePrefix: 'VALUE#',
  /** The manager's list attributes of a project's #META item (pattern 40a). */
  signingProjectsIndex: (tenantId: string, createdAt: string, projectId: string) => ({
    GSI2PK: keys.signingProjectsIndexPk(tenantId),
    GSI2SK: `${createdAt}#${projectId}`,
  }),
  signingProjectsIndexPk: (tenantId: string) => `${t(tenantId)}#SIGNINGPROJECTS`,
  /** The user-index attributes of an account holder's SIGNER# item (pattern 40b). */
  signerOfUser: (tenantId: string, userId: string, createdAt: string, projectId: string, signerId: string) => ({
    GSI1PK: keys.signersOfUserPk(tenantId, userId),
    GSI1SK: `${createdAt}#${projectId}#${signerId}`,
  }),
  signersOfUserPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#SIGNING`,
  signingPdf: (tenantId: string, fileId: string) => ({ PK: `${t(tenantId)}#SIGNPDF#${fileId}`, SK: '#META' }),
  companySeal: (tenantId: string, sealId: string) => ({ PK: `${t(tenantId)}#SEALS`, SK: `SEAL#${sealId}` }),
  companySealsPk: (tenantId: string) => `${t(tenantId)}#SEALS`,
  signingTemplatesPk: (tenantId: string) => `${t(tenantId)}#SIGNTEMPLATES`,
  signingTemplate: (tenantId: string, templateId: string) => ({
    PK: `${t(tenantId)}#SIGNTEMPLATES`,
    SK: `TEMPLATE#${templateId}`,
  }),

  // ---- Money (patterns 43-45, issue 14, docs/money.md)
  investmentPk: (tenantId: string, subscriptionId: string) => `${t(tenantId)}#INVESTMENT#${subscriptionId}`,
  investment: (tenantId: string, subscriptionId: string) => ({
    PK: keys.investmentPk(tenantId, subscriptionId),
    SK: '#META',
  }),
  ledgerEntryPrefix: 'LEDGER#',
  ledgerEntry: (tenantId: string, subscriptionId: string, seq: number) => ({
    PK: keys.investmentPk(tenantId, subscriptionId),
    SK: `LEDGER#${String(seq).padStart(8, '0')}`,
  }),
  /** On an investment's #META (pattern 43a). */
  investmentsOfInvestor: (tenantId: string, userId: string, openedAt: string, subscriptionId: string) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#INVESTMENTS`,
    GSI1SK: `${openedAt}#${subscriptionId}`,
  }),
  investmentsOfInvestorPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#INVESTMENTS`,
  /** An investment's dashboard summary (pattern 43d), in its partition. */
  investmentSummary: (tenantId: string, subscriptionId: string) => ({
    PK: keys.investmentPk(tenantId, subscriptionId),
    SK: '#SUMMARY',
  }),
  /** On an investment's #SUMMARY (pattern 43d). */
  summariesOfInvestor: (tenantId: string, userId: string, openedAt: string, subscriptionId: string) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#DASHBOARD`,
    GSI1SK: `${openedAt}#${subscriptionId}`,
  }),
  summariesOfInvestorPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#DASHBOARD`,
  /** On an investment's #META (pattern 43b). */
  investmentsOfProduct: (tenantId: string, productId: string, shareClassId: string, subscriptionId: string) => ({
    GSI2PK: `${keys.productPk(tenantId, productId)}#INVESTMENTS`,
    GSI2SK: `${shareClassId}#${subscriptionId}`,
  }),
  investmentsOfProductPk: (tenantId: string, productId: string) => `${keys.productPk(tenantId, productId)}#INVESTMENTS`,
  /** On a ledger entry (pattern 43c). */
  ledgerOfInvestor: (tenantId: string, userId: string, effectiveDate: string, subscriptionId: string, seq: number) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#LEDGER`,
    GSI1SK: `${effectiveDate}#${subscriptionId}#${String(seq).padStart(8, '0')}`,
  }),
  ledgerOfInvestorPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#LEDGER`,
  capitalCallPk: (tenantId: string, callId: string) => `${t(tenantId)}#CAPITALCALL#${callId}`,
  capitalCall: (tenantId: string, callId: string) => ({ PK: keys.capitalCallPk(tenantId, callId), SK: '#META' }),
  callNoticePrefix: 'NOTICE#',
  callNotice: (tenantId: string, callId: string, subscriptionId: string) => ({
    PK: keys.capitalCallPk(tenantId, callId),
    SK: `NOTICE#${subscriptionId}`,
  }),
  /** On a call's #META (pattern 44). */
  capitalCallsIndex: (tenantId: string, createdAt: string, callId: string) => ({
    GSI2PK: `${t(tenantId)}#CAPITALCALLS`,
    GSI2SK: `${createdAt}#${callId}`,
  }),
  capitalCallsIndexPk: (tenantId: string) => `${t(tenantId)}#CAPITALCALLS`,
  /** On a notice (pattern 44a). */
  callsOfInvestor: (tenantId: string, userId: string, issuedAt: string, callId: string) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#CALLS`,
    GSI1SK: `${issuedAt}#${callId}`,
  }),
  callsOfInvestorPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#CALLS`,
  navPk: (tenantId: string, productId: string, shareClassId: string) =>
    `${t(tenantId)}#NAV#${productId}#${shareClassId}`,
  navPricePrefix: 'PRICE#',
  navPrice: (tenantId: string, productId: string, shareClassId: string, navDate: string) => ({
    PK: keys.navPk(tenantId, productId, shareClassId),
    SK: `PRICE#${navDate}`,
  }),
  navLast: (tenantId: string, productId: string, shareClassId: string) => ({
    PK: keys.navPk(tenantId, productId, shareClassId),
    SK: '#LAST',
  }),
  redemptionPk: (tenantId: string, redemptionId: string) => `${t(tenantId)}#REDEMPTION#${redemptionId}`,
  redemption: (tenantId: string, redemptionId: string) => ({
    PK: keys.redemptionPk(tenantId, redemptionId),
    SK: '#META',
  }),
  /** On a redemption's #META (pattern 45a). */
  redemptionIndexes: (tenantId: string, userId: string, requestedAt: string, redemptionId: string) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#REDEMPTIONS`,
    GSI1SK: `${requestedAt}#${redemptionId}`,
    GSI2PK: `${t(tenantId)}#REDEMPTIONS`,
    GSI2SK: `${requestedAt}#${redemptionId}`,
  }),
  redemptionsOfInvestorPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#REDEMPTIONS`,
  redemptionsPk: (tenantId: string) => `${t(tenantId)}#REDEMPTIONS`,
  // ---- Money dealing (patterns 49-49b, issue 14, docs/money.md "Dealing and distributions")
  distributionPk: (tenantId: string, distributionId: string) => `${t(tenantId)}#DISTRIBUTION#${distributionId}`,
  distribution: (tenantId: string, distributionId: string) => ({
    PK: keys.distributionPk(tenantId, distributionId),
    SK: '#META',
  }),
  /** On a distribution's #META (pattern 49). */
  distributionsIndex: (tenantId: string, createdAt: string, distributionId: string) => ({
    GSI2PK: `${t(tenantId)}#DISTRIBUTIONS`,
    GSI2SK: `${createdAt}#${distributionId}`,
  }),
  distributionsIndexPk: (tenantId: string) => `${t(tenantId)}#DISTRIBUTIONS`,
  dealingRunPrefix: 'DEALING#',
  dealingRun: (tenantId: string, productId: string, shareClassId: string, dealingDate: string) => ({
    PK: keys.navPk(tenantId, productId, shareClassId),
    SK: `DEALING#${dealingDate}`,
  }),
  contractNotePrefix: 'NOTE#',
  contractNote: (tenantId: string, subscriptionId: string, noteId: string) => ({
    PK: keys.investmentPk(tenantId, subscriptionId),
    SK: `NOTE#${noteId}`,
  }),
  /** On a contract note (pattern 49b). */
  contractNoteIndexes: (tenantId: string, userId: string, productId: string, createdAt: string, noteId: string) => ({
    GSI1PK: `${keys.userPk(tenantId, userId)}#CONTRACTNOTES`,
    GSI1SK: `${createdAt}#${noteId}`,
    GSI2PK: `${keys.productPk(tenantId, productId)}#CONTRACTNOTES`,
    GSI2SK: `${createdAt}#${noteId}`,
  }),
  contractNotesOfInvestorPk: (tenantId: string, userId: string) => `${keys.userPk(tenantId, userId)}#CONTRACTNOTES`,
  contractNotesOfProductPk: (tenantId: string, productId: string) =>
    `${keys.productPk(tenantId, productId)}#CONTRACTNOTES`,
  // ---- Money extras (patterns 51-51a, issue 14, docs/money.md "Notices, currency, reversals")
  ledgerCorrection: (tenantId: string, correctionId: string) => ({
    PK: `${t(tenantId)}#LEDGERCORRECTION#${correctionId}`,
    SK: '#META',
  }),
  /** On a correction's #META (pattern 51). */
  ledgerCorrectionsIndex: (tenantId: string, createdAt: string, correctionId: string) => ({
    GSI2PK: `${t(tenantId)}#LEDGERCORRECTIONS`,
    GSI2SK: `${createdAt}#${correctionId}`,
  }),
  ledgerCorrectionsIndexPk: (tenantId: string) => `${t(tenantId)}#LEDGERCORRECTIONS`,
  noticePdf: (tenantId: string, callId: string, subscriptionId: string) => ({
    PK: keys.capitalCallPk(tenantId, callId),
    SK: `NOTICEPDF#${subscriptionId}`,
  }),
  navDraftPrefix: 'DRAFT#',
  navDraft: (tenantId: string, productId: string, shareClassId: string, navDate: string) => ({
    PK: keys.navPk(tenantId, productId, shareClassId),
    SK: `DRAFT#${navDate}`,
  }),

  auditEvent: (recordPk: string, at: string, eventId: string) => ({ PK: recordPk, SK: `EVT#${at}#${eventId}` }),
  /** The partition whose audit trail records events about a subject (pattern 10). */
  subjectPk: (tenantId: string, subject: { kind: EventSubjectKind; id: string }): string => {
    switch (subject.kind) {
      case 'product':
        return keys.productPk(tenantId, subject.id);
      case 'user':
        return keys.userPk(tenantId, subject.id);
      case 'policy':
        return keys.policiesPk(tenantId);
      case 'tenant':
      case 'tenantDirectory':
        return t(tenantId);
      case 'task':
        return keys.taskPk(tenantId, subject.id);
      case 'profile':
        return keys.profilePk(tenantId, subject.id);
      case 'kycCase':
        return keys.kycCasePk(tenantId, subject.id);
      case 'file':
        return keys.file(tenantId, subject.id).PK;
      case 'signingProject':
        return keys.signingProjectPk(tenantId, subject.id);
      case 'signingPdf':
        return keys.signingPdf(tenantId, subject.id).PK;
      case 'subscription':
        return keys.subscriptionPk(tenantId, subject.id);
      case 'capitalCall':
        return keys.capitalCallPk(tenantId, subject.id);
      case 'investment':
        return keys.investmentPk(tenantId, subject.id);
      case 'redemption':
        return keys.redemptionPk(tenantId, subject.id);
      case 'distribution':
        return keys.distributionPk(tenantId, subject.id);
    }
  },
  domainEventPk: (tenantId: string, eventId: string) => `${t(tenantId)}#EVENT#${eventId}`,
  domainEvent: (tenantId: string, eventId: string) => ({ PK: keys.domainEventPk(tenantId, eventId), SK: '#META' }),
  consumerMark: (tenantId: string, eventId: string, consumer: string) => ({
    PK: keys.domainEventPk(tenantId, eventId),
    SK: `DONE#${consumer}`,
  }),
  deadLetter: (tenantId: string, at: string, eventId: string) => ({
    PK: `${t(tenantId)}#DEADLETTER`,
    SK: `${at}#${eventId}`,
  }),
  auditEventPrefix: 'EVT#',
  /**
   * One user's use of one `Idempotency-Key` on one operation (pattern 23): the same key sent by
   * another user, in another tenant or to another route is another record. The key's alphabet
   * ([A-Za-z0-9_-]) has no `#`, so the parts cannot run into each other.
   */
  idempotencyPk: (tenantId: string, operationId: string, userId: string, key: string) =>
    `${t(tenantId)}#IDEM#${operationId}#${userId}#${key}`,
  idempotencySk: '#META',
  // ---- Scenario flows (patterns 46-47a, issue 13, docs/subscriptions.md "Scenario flows")
  scenarioRecordPk: (tenantId: string, scenarioId: string) => `${t(tenantId)}#SCN#${scenarioId}`,
  scenarioRecord: (tenantId: string, scenarioId: string) => ({
    PK: keys.scenarioRecordPk(tenantId, scenarioId),
    SK: '#META',
  }),
  scenarioVersion: (tenantId: string, scenarioId: string, version: number) => ({
    PK: keys.scenarioRecordPk(tenantId, scenarioId),
    SK: `VERSION#${String(version).padStart(6, '0')}`,
  }),
  scenarioVersionPrefix: 'VERSION#',
  scenarioSlotsPk: (tenantId: string, productId: string) => `${keys.productPk(tenantId, productId)}#SCENARIOS`,
  scenarioSlot: (tenantId: string, productId: string, subscriptionType: string, investorType: string) => ({
    PK: keys.scenarioSlotsPk(tenantId, productId),
    SK: `SLOT#${subscriptionType}#${investorType}`,
  }),
  journeyPk: (tenantId: string, subscriptionId: string) => `${keys.subscriptionPk(tenantId, subscriptionId)}#JOURNEY`,
  journey: (tenantId: string, subscriptionId: string) => ({
    PK: keys.journeyPk(tenantId, subscriptionId),
    SK: '#META',
  }),
  journeyResult: (tenantId: string, subscriptionId: string, nodeId: string) => ({
    PK: keys.journeyPk(tenantId, subscriptionId),
    SK: `RESULT#${nodeId}`,
  }),
  journeyResultPrefix: 'RESULT#',
  tempToken: (tenantId: string, tokenHash: string) => ({ PK: `${t(tenantId)}#TEMPTOKEN#${tokenHash}`, SK: '#META' }),
  nodeLinksPk: (tenantId: string, subscriptionId: string) => `${keys.subscriptionPk(tenantId, subscriptionId)}#LINKS`,
  nodeLink: (tenantId: string, subscriptionId: string, nodeId: string, personId: string) => ({
    PK: keys.nodeLinksPk(tenantId, subscriptionId),
    SK: `LINK#${nodeId}#${personId}`,
  }),
  nodeLinkPrefix: (nodeId: string) => `LINK#${nodeId}#`,
  // ---- Modification (pattern 50, issue 13, docs/subscriptions.md "Modification")
  modificationPk: (tenantId: string, subscriptionId: string) =>
    `${keys.subscriptionPk(tenantId, subscriptionId)}#MODIFICATION`,
  openModification: (tenantId: string, subscriptionId: string) => ({
    PK: keys.modificationPk(tenantId, subscriptionId),
    SK: '#OPEN',
  }),
  amendment: (tenantId: string, subscriptionId: string, at: string, amendmentId: string) => ({
    PK: keys.modificationPk(tenantId, subscriptionId),
    SK: `AMENDMENT#${at}#${amendmentId}`,
  }),
  amendmentPrefix: 'AMENDMENT#',
  // ---- Money documents (patterns 54-54a, issue 14)
  fundBankDetails: (tenantId: string, productId: string) => ({
    PK: keys.productPk(tenantId, productId),
    SK: 'BANKDETAILS',
  }),
  contractNotePdf: (tenantId: string, noteId: string) => ({
    PK: `${t(tenantId)}#CONTRACTNOTEPDF#${noteId}`,
    SK: '#META',
  }),
  /** A subscription's agreement or countersignature project (pattern 48). */
  subscriptionSigning: (tenantId: string, subscriptionId: string, purpose: 'AGREEMENT' | 'COUNTERSIGN') => ({
    PK: `${keys.subscriptionPk(tenantId, subscriptionId)}#SIGNING`,
    SK: purpose,
  }),
} as const;
