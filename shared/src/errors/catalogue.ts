/**
 * The one error catalogue: every code of spec section 8 plus Tranche's own, each with its HTTP
 * status and its message in every supported language. The back end answers with these codes; the
 * web app shows `messages[lang]` (through `errorMessage`, which fills `{name}` placeholders from the
 * error's details). Adding a code without a status and both messages does not compile.
 *
 * Status policy (DESIGN.md §2): 400 malformed or invalid input, 401 no valid session or failed
 * credentials, 403 forbidden, 404 unknown or foreign id, 409 state conflicts, 410 spent or expired
 * links, 413 body too large, 422 business-rule refusals, 423 locked accounts, 429 throttles,
 * 5xx never exposes internals.
 */
import type { Lang } from '../i18n/langs.js';

export interface CatalogueEntry {
  readonly status: number;
  readonly messages: Readonly<Record<Lang, string>>;
}

const e = (status: number, en: string, zh: string): CatalogueEntry => ({
  status,
  messages: { en, 'zh-CN': zh },
});

export const ERROR_CATALOGUE = {
  // ---- Spec §8: task result codes
  TASK_NOT_EXISTS: e(404, 'Task does not exist!', '任务不存在！'),
  TASK_STATUS_ILLEGAL: e(409, 'This task has been completed by someone else.', '此任务已由他人完成。'),
  TASK_CLOSED: e(409, 'This task has been completed by someone else.', '此任务已由他人完成。'),
  ILLEGAL_TASK: e(422, 'Task is illegal!', '任务不合法！'),
  TASK_PARSE_ERROR: e(422, 'Task parsing error!', '任务解析错误！'),
  /** Ours: the spec names no code for a message that is not the user's (docs/inbox.md). */
  MESSAGE_NOT_EXISTS: e(404, 'Message does not exist!', '消息不存在！'),
  SUBSCRIPTION_NOT_EXISTS: e(404, 'Subscription does not exist!', '认购不存在！'),
  SUBSCRIPTION_PROFILE_EXISTS: e(404, 'Profile does not exist!', '档案不存在！'),
  SUBSCRIPTION_DATA_ROOM_ERROR: e(422, 'Subscription data room error!', '认购资料室错误！'),
  FAILED: e(422, 'Failed!', '失败！'),
  SUCCESS: e(200, 'Success!', '成功！'),
  NO_OPERATION_PERMISSION: e(
    403,
    'You have no permission to handle this task with your account type.',
    '您的账户类型无权处理此任务。',
  ),
  // ---- Spec §8: other codes
  INSUFFICIENT_BALANCE: e(422, 'Insufficient balance.', '余额不足。'),
  PARAMS_ERROR: e(400, 'Some fields are invalid.', '部分字段无效。'),
  ILLEGAL_CONVERSATION: e(422, 'This conversation is not available.', '此会话不可用。'),
  INVITE_UPPER_LIMIT: e(422, 'The invitation limit has been reached.', '已达到邀请上限。'),
  // ---- Spec §8: sign-up, email and login messages
  AccountNotExist: e(404, 'Account does not exist', '账户不存在'),
  AccountExist: e(409, 'Email already in use', '该邮箱已被使用'),
  DomainNotExist: e(404, 'The specified domain does not exist', '指定的域名不存在'),
  EmailInstanceNotExist: e(404, 'Email instance does not exist', '邮件实例不存在'),
  Failed: e(502, 'Email delivery failed', '邮件发送失败'),
  NotAutonomous: e(422, 'Non-autonomous domain', '非自主域名'),
  TenantNotExist: e(404, 'Tenant does not exist', '租户不存在'),
  EmailNotExist: e(404, 'Email does not exist', '邮箱不存在'),
  PasswordError: e(401, 'Wrong password', '密码错误'),
  PrincipalIsLocked: e(423, 'Sorry, your account has been locked', '抱歉，您的账户已被锁定'),
  ReCaptchaVerifyFailed: e(400, 'you are a robot!', '人机验证未通过！'),
  AccountOrPasswordError: e(401, 'Email or password is incorrect.', '邮箱或密码不正确。'),
  FieldIsRequired: e(400, 'This field is required.', '此字段为必填项。'),
  VerifyPasswordError: e(401, 'Password is incorrect.', '密码不正确。'),
  AccountLockoutNew: e(423, 'Sorry, your account has been locked', '抱歉，您的账户已被锁定'),
  // ---- Spec §8: lockout prompts (codes are ours, wording follows the spec)
  AccountLockoutWarning: e(
    401,
    'Email or password is incorrect. If the next attempt fails, your account will be locked for 15 minutes.',
    '邮箱或密码不正确。如果下一次尝试失败，您的账户将被锁定15分钟。',
  ),
  AccountLastAttemptWarning: e(
    401,
    'Email or password is incorrect. You have one attempt remaining.',
    '邮箱或密码不正确。您还剩一次尝试机会。',
  ),
  AccountLockedFor15Minutes: e(
    423,
    'Your account has been locked for 15 minutes after five failed sign-in attempts.',
    '由于连续五次登录失败，您的账户已被锁定15分钟。',
  ),
  AccountFrequencyLimit: e(
    423,
    'Too many failed sign-in attempts. Please contact your account manager.',
    '登录失败次数过多，请联系您的客户经理。',
  ),
  // ---- Spec §8: login codes
  mfaIsRequired: e(401, 'Multi-factor authentication is required.', '需要进行多重身份验证。'),
  gatewayNotPass: e(403, 'The access check did not pass.', '访问检查未通过。'),
  // ---- Spec §8: link and activation messages
  PasswordResetLinkExpired: e(410, 'The password reset link has expired.', '密码重置链接已过期。'),
  LinkAlreadyActivated: e(409, 'This link has already been activated.', '此链接已被激活。'),
  ActiveLinkExpired: e(410, 'The active link has expired.', '激活链接已过期。'),
  AccountAlreadyActivated: e(409, 'Your account has already been activated.', '您的账户已激活。'),
  CurrentPasswordIncorrect: e(400, 'the current password you entered is incorrect.', '您输入的当前密码不正确。'),
  EmailRegistered: e(409, 'The email has been registered.', '该邮箱已被注册。'),
  // ---- Spec §8: other account codes
  TEMP_TOKEN_ERROR: e(401, 'The temporary token is invalid.', '临时令牌无效。'),
  TEMP_TOKEN_EXPIRED: e(401, 'The temporary token has expired.', '临时令牌已过期。'),
  ADD_INVEST_ACCOUNT_ERROR: e(422, 'The investment account could not be added.', '无法添加投资账户。'),
  EMAIL_HAS_BEEN_REGISTERED: e(409, 'The email has been registered.', '该邮箱已被注册。'),
  ticketInvalid: e(401, 'The sign-in ticket is invalid or has expired.', '登录凭证无效或已过期。'),
  mfaAuthFailed: e(401, 'Multi-factor authentication failed.', '多重身份验证失败。'),
  codeInvalid: e(400, 'Verification code is incorrect.', '验证码不正确。'),
  emailTaken: e(409, 'Email has already been taken', '该邮箱已被占用'),
  passwordRulesNotExist: e(422, 'No password rules are configured.', '未配置密码规则。'),
  newPasswordSameAsOldPassword: e(
    400,
    'Your new password must be different from your previous password.',
    '新密码必须与之前的密码不同。',
  ),
  // ---- Identity: Tranche's own codes (issue 3)
  PasswordTooCommon: e(
    400,
    'This password is too common. Choose a longer, less predictable one.',
    '该密码过于常见，请选择更长、更难猜测的密码。',
  ),
  AccountNotActivated: e(
    403,
    'Please verify your email address with the code we sent you.',
    '请使用我们发送给您的验证码验证您的邮箱地址。',
  ),
  mfaEnrolmentRequired: e(
    403,
    'Your organisation requires multi-factor authentication. Please set it up to continue.',
    '您的机构要求启用多重身份验证，请先完成设置。',
  ),
  NotOfferedByTenant: e(422, 'This portal does not offer that language or currency.', '本门户不提供该语言或货币。'),
  MfaMethodNotAvailable: e(422, 'This verification method is not available.', '此验证方式不可用。'),
  notATeamMember: e(422, 'This user is not a member of the team.', '该用户不是团队成员。'),
  cannotChangeOwnRole: e(403, 'You cannot change your own role.', '您不能更改自己的角色。'),
  lastOwner: e(
    409,
    'The team must keep at least one owner. Make someone else an owner first.',
    '团队必须至少保留一位所有者，请先将其他成员设为所有者。',
  ),
  inviteNotPending: e(409, 'This user has no pending invitation.', '该用户没有待接受的邀请。'),
  // ---- Tenant configuration: Tranche's own codes
  prefixTaken: e(409, 'This prefix is already used by another portal.', '该前缀已被其他门户使用。'),
  domainTaken: e(409, 'This domain is already used by another portal.', '该域名已被其他门户使用。'),
  logoRejected: e(
    422,
    'The logo must be a PNG, JPEG or WebP image of at most 512 KB.',
    '徽标必须是不超过 512 KB 的 PNG、JPEG 或 WebP 图片。',
  ),
  policyNotExist: e(404, 'Policy does not exist.', '政策不存在。'),
  // ---- Spec §8: product and screening codes
  productIsNotExist: e(404, 'Product does not exist.', '产品不存在。'),
  countryIsNotOpen: e(422, 'This country is not open.', '该国家/地区未开放。'),
  SCREEN_NOT_OPEN_COUNTRY: e(422, 'Screening is not available for this country.', '该国家/地区暂不支持筛查。'),
  SCREEN_UNDO: e(422, 'Screening has not been completed.', '筛查尚未完成。'),
  SCREEN_NOT_PASS: e(422, 'Screening did not pass.', '筛查未通过。'),
  IDENTITY_NOT_PASS: e(422, 'Identity verification did not pass.', '身份验证未通过。'),
  /** Ours (issue 11): a KYC case that is not this tenant's, or does not exist. */
  KYC_CASE_NOT_EXISTS: e(404, 'KYC case does not exist.', 'KYC 审核案例不存在。'),
  ASSENT_EMPTY: e(400, 'Your consent is required.', '需要您的同意。'),
  SCENARIO_NOT_PASSED: e(422, 'The required steps have not been completed.', '必要步骤尚未完成。'),
  shareClassIsNotExist: e(404, 'Share class does not exist.', '份额类别不存在。'),
  productStateInvalid: e(
    409,
    'This product cannot take the action {event} while it is {state}.',
    '该产品处于 {state} 状态，无法执行 {event} 操作。',
  ),
  productNotEditable: e(409, 'This product cannot be edited in its current state.', '该产品当前状态不可编辑。'),
  // The publish checklist's refusals (shared/src/product/publish-checklist.ts): 409, since the product's
  // present state is what conflicts with going live, and changing it (adding what is missing) resolves it.
  productNeedsShareClass: e(409, 'Add at least one share class before publishing.', '发布前请至少添加一个份额类别。'),
  productNeedsContract: e(
    409,
    'Set the subscription contract (its terms, and the agreement when investors must sign) before investors can invest in this product.',
    '请先设置认购合同（条款，以及需要投资者签署时的认购协议），投资者才能投资此产品。',
  ),
  productChecklistUnconfirmed: e(
    409,
    'Some items of the publish checklist are still open. Review them and confirm to publish anyway.',
    '发布检查清单中仍有未完成的项目。请查看并确认后再发布。',
  ),
  shareClassInUse: e(409, 'This share class cannot be removed.', '无法删除此份额类别。'),
  documentNotReady: e(409, 'This document has not finished uploading.', '该文档尚未上传完成。'),
  documentRejected: e(422, 'The uploaded file is not an acceptable PDF.', '上传的文件不是可接受的 PDF。'),
  folderNotEmpty: e(409, 'Remove the documents from this folder first.', '请先移除此文件夹中的文档。'),
  documentInUse: e(
    409,
    "This document is the product's subscription agreement. Choose another agreement first.",
    '该文档是产品的认购协议，请先选择其他协议。',
  ),
  folderTooLargeToZip: e(
    422,
    'This folder is too large to download as one zip. Download its documents one by one.',
    '此文件夹过大，无法打包下载，请逐个下载文档。',
  ),
  subscriptionIsNotInvested: e(422, 'The subscription is not invested.', '该认购尚未完成投资。'),
  // ---- Investor watchlist: Tranche's own code (shared/src/watchlist/watchlist.schema.ts MAX_WATCHLIST)
  watchlistFull: e(
    422,
    'Your watchlist holds at most {max} funds. Remove one to save another.',
    '关注列表最多可保存 {max} 只基金，请先移除一只再保存。',
  ),
  // ---- Investor profiles (issue 11; docs/profiles.md "Profiles (server)"). A profile that is not the
  // caller's answers the spec's SUBSCRIPTION_PROFILE_EXISTS ("Profile does not exist!"); personChosen is
  // the spec's §5 message. The rest are ours; 422s name the field or member in details.
  profileRequirementsNotMet: e(
    422,
    'Some information this profile needs is missing, or is not asked for here. See the fields marked.',
    '此档案所需的部分信息缺失，或提交了此处不需要的信息。请查看标出的字段。',
  ),
  personChosen: e(422, 'This person has been chosen', '此人已被选择'),
  ownershipOutOfRange: e(
    422,
    'The ownership of {member} must be between 0 and 100%.',
    '{member} 的持股比例必须在 0 到 100% 之间。',
  ),
  ownershipOverTotal: e(
    422,
    'With {member}, ownership of the entity adds up to {total}%, more than 100%.',
    '加上 {member} 后，该实体的持股比例合计为 {total}%，超过了 100%。',
  ),
  profileSectionNotForType: e(
    422,
    'This information does not belong to a profile of this type.',
    '此信息不属于该类型的档案。',
  ),
  entityTypeNotForCountry: e(
    422,
    'This entity type is not offered for the country of incorporation {country}.',
    '注册国家/地区 {country} 不提供此实体类型。',
  ),
  profileMemberNotExist: e(404, 'Entity member does not exist.', '实体成员不存在。'),
  personNotExist: e(404, 'Person does not exist.', '人员不存在。'),
  bankAccountNotExist: e(404, 'Bank account does not exist.', '银行账户不存在。'),
  // Input the route's schema accepts but the profile rules refuse (the fuzzer holds PARAMS_ERROR to
  // what a schema can judge); each names its field in details.fields. `phoneInvalid` is spec §5 `phone`.
  phoneInvalid: e(400, 'Invalid phone number', '电话号码无效'),
  nameInvalid: e(400, 'Invalid name', '姓名无效'),
  fieldNotAllowed: e(400, 'This field does not apply here.', '此字段不适用于此处。'),
  evidenceInvalid: e(
    400,
    'The evidence of this classification is incomplete or invalid. See the fields marked.',
    '该分类的证明不完整或无效，请查看标出的字段。',
  ),
  // ---- Wire-instruction integrity and eligibility (issue 11; docs/profiles.md "Bank accounts: approval, step-up, payouts")
  BANK_ACCOUNT_NOT_PENDING: e(
    409,
    'This bank account is no longer waiting for approval: it was decided or changed. Reload it.',
    '此银行账户已不在待审批状态（已审批或已变更），请刷新。',
  ),
  BANK_ACCOUNT_PENDING: e(
    422,
    'This bank account is waiting for approval by the manager; nothing can be paid to it yet.',
    '此银行账户正在等待管理人审批，暂时无法向其付款。',
  ),
  BANK_ACCOUNT_CLOSED: e(422, 'This bank account is closed or was rejected.', '此银行账户已关闭或未获批准。'),
  PAYOUT_ACCOUNT_REQUIRED: e(422, 'Choose the approved bank account to pay to.', '请选择已获批准的收款银行账户。'),
  STEP_UP_REQUIRED: e(
    403,
    'For your security, enter your password or MFA code again to see the full account number.',
    '为保障安全，请重新输入密码或多重验证码以查看完整账号。',
  ),
  STEP_UP_FAILED: e(401, 'The password or code is not correct.', '密码或验证码不正确。'),
  ELIGIBILITY_EXPIRED: e(
    422,
    'The evidence of your investor classification has expired. Renew it on your profile to subscribe.',
    '您的投资者分类证明已过期，请在档案中更新后再认购。',
  ),
  // ---- Spec §8: add-document results (SUCCESS is shared with the task codes above)
  PROFILE_ID_NOT_EXIST: e(404, 'Profile id is not exist', '档案ID不存在'),
  FILE_NOT_EXIST: e(404, 'File is not exist', '文件不存在'),
  FAIL: e(422, 'Add document failed', '添加文件失败'),
  // ---- Uploaded files (issue 11; docs/profiles.md "Documents"): why a file is never served
  fileTooLarge: e(413, 'The file is larger than {maxMb} MB.', '文件超过 {maxMb} MB。'),
  fileSizeMismatch: e(
    422,
    'The uploaded file is not the size that was announced. Upload it again.',
    '上传的文件大小与声明的不一致，请重新上传。',
  ),
  fileTypeMismatch: e(
    422,
    'The file is not what its type says (for example a renamed program). Upload a real PDF, JPEG, PNG or HEIC file.',
    '文件内容与其类型不符（例如被改名的程序）。请上传真实的 PDF、JPEG、PNG 或 HEIC 文件。',
  ),
  fileInfected: e(
    422,
    'The malware scan found a threat in this file, so it was removed and will never be shown. Upload a clean copy.',
    '恶意软件扫描在此文件中发现威胁，文件已被删除且不会被提供。请上传一份干净的副本。',
  ),
  fileScanFailed: e(
    422,
    'This file could not be scanned for malware (it may be encrypted or damaged). Upload another copy.',
    '无法对此文件进行恶意软件扫描（可能已加密或损坏）。请上传另一份副本。',
  ),
  fileNotScanned: e(
    409,
    'The file is still being checked for malware. Try again in a moment.',
    '文件仍在进行恶意软件检查，请稍后再试。',
  ),
  profileUnderReview: e(
    409,
    'The profile is being reviewed: its documents cannot be removed until the review ends.',
    '档案正在审核中：审核结束前无法删除其文件。',
  ),
  // ---- Electronic signature (issue 12; docs/signing.md): the spec names no codes for these refusals.
  signingPdfTooLarge: e(413, 'The PDF is larger than 25 MB.', 'PDF 文件超过 25 MB。'),
  signingPdfEncrypted: e(
    422,
    'The PDF is encrypted or password-protected. Upload an unprotected copy.',
    'PDF 文件已加密或受密码保护，请上传未加密的副本。',
  ),
  signingPdfMalformed: e(422, 'The file is not a readable PDF.', '该文件不是可读取的 PDF。'),
  signingFieldOutsidePage: e(400, 'The field {field} lies outside its page.', '字段 {field} 超出了所在页面。'),
  signingFieldValueInvalid: e(
    400,
    'The value of the field {field} cannot be placed on the document.',
    '字段 {field} 的值无法放置到文档上。',
  ),
  /** A signer names an account this tenant does not have, or is listed twice (details.fields names each). */
  signingSignersInvalid: e(
    422,
    'Check the signer at {field}: an account must belong to this portal, and each signer may appear once.',
    '请检查 {field} 处的签署人：账户必须属于本门户，且每位签署人只能出现一次。',
  ),
  // The signer's emailed code (functions/src/signing/signing-code.ts): single use, 10 minutes, 5 tries per link.
  signingCodeInvalid: e(
    400,
    'The code is incorrect. {remaining} attempt(s) left before this signing link is locked.',
    '验证码不正确。再错 {remaining} 次，此签署链接将被锁定。',
  ),
  signingCodeExpired: e(410, 'This code has expired. Request a new one.', '验证码已过期，请重新获取。'),
  signingCodeUsed: e(410, 'This code has already been used. Request a new one.', '验证码已使用，请重新获取。'),
  signingLinkLocked: e(
    410,
    'Too many wrong codes: this signing link is locked. The sender has been told and can send you a new one.',
    '验证码错误次数过多，此签署链接已被锁定。已通知发起人，发起人可以重新发送。',
  ),
  // The manager's side of a signing project (functions/src/signing/, docs/signing.md "Manager's side").
  signingProjectNotFound: e(404, 'Signing project does not exist.', '签署项目不存在。'),
  signingFileNotFound: e(404, 'The PDF file does not exist.', 'PDF 文件不存在。'),
  signingSignerNotFound: e(404, 'The signer does not exist.', '签署人不存在。'),
  signingFileNotReady: e(
    409,
    'The PDF {field} has not been checked yet. Wait until it is ready.',
    'PDF {field} 尚未检查完毕，请等待其就绪。',
  ),
  signingProjectNotDraft: e(
    409,
    'This project has been sent: its documents, fields and signers can no longer change.',
    '该项目已发送，其文件、字段和签署人不能再更改。',
  ),
  signingProjectNotReady: e(400, 'The project cannot be sent yet: {field}.', '该项目尚不能发送：{field}。'),
  signingNotSealed: e(
    409,
    'The signed document is not ready yet. It is sealed as soon as the last signer has signed.',
    '签署文件尚未就绪。最后一位签署人签署后即会加盖电子印章。',
  ),
  signingSealInvalid: e(400, 'The seal image must be a PNG of at most 100 KB.', '印章图片必须是不超过 100 KB 的 PNG。'),
  signingSealNotAllowed: e(
    403,
    'Only an administrator or the owner may place the company seal.',
    '只有管理员或所有者可以放置公司印章。',
  ),
  // Issue 12's rest: the signed copy's emailed link, and kept templates (docs/signing.md).
  signingCopyExpired: e(
    410,
    'This download link has expired. Ask the sender for a copy of the signed document.',
    '此下载链接已过期，请向发起人索取已签署文件的副本。',
  ),
  signingTemplateNotFound: e(404, 'This template does not exist or was deleted.', '该模板不存在或已被删除。'),
  // The signer's side (functions/src/signing/signer/, docs/signing.md "Signer side").
  signingLinkExpired: e(
    410,
    'This signing link has expired. Ask the sender to send you a new one.',
    '此签署链接已过期，请联系发起人重新发送。',
  ),
  signingVerificationRequired: e(
    403,
    'Confirm it is you with the code we email you before opening the documents.',
    '查看文件前，请先输入我们发送到您邮箱的验证码以确认身份。',
  ),
  signingConsentRequired: e(422, 'Agree to sign electronically before signing.', '签署前，请先同意以电子方式签署。'),
  signingNotYourTurn: e(
    409,
    'It is not your turn to sign yet: you will be told when the signers before you have signed.',
    '尚未轮到您签署：前序签署人完成签署后，我们会通知您。',
  ),
  signingFieldValueMissing: e(400, 'The field {field} must be filled in.', '字段 {field} 为必填项。'),
  // ---- Money (issue 14; docs/money.md): the spec names INSUFFICIENT_BALANCE and
  // subscriptionIsNotInvested; these are Tranche's own refusals of the ledger and the call lifecycle.
  moneyCurrencyMismatch: e(
    422,
    'The amount of {field} must be in {expected}, the currency of the investment.',
    '{field} 的金额必须使用该投资的币种 {expected}。',
  ),
  ledgerReversalInvalid: e(422, 'The ledger entry {entryId} cannot be reversed.', '无法冲销账目 {entryId}。'),
  capitalCallOverdraws: e(
    422,
    'The call exceeds the undrawn commitment of {investorId}.',
    '该催缴金额超过了 {investorId} 的未提取承诺额。',
  ),
  capitalCallNothingToAllocate: e(
    422,
    'No investor is left to share the call: every commitment is excused or zero.',
    '没有可分摊催缴的投资者：所有承诺均已豁免或为零。',
  ),
  // Four eyes: whoever prepared a call cannot also approve it.
  capitalCallFourEyes: e(
    403,
    'Someone other than the preparer must approve this capital call.',
    '此催缴须由编制人以外的人员批准。',
  ),
  capitalCallOutstanding: e(409, 'This capital call still has an amount outstanding.', '此催缴仍有未付金额。'),
  capitalCallPaidInFull: e(409, 'This capital call is already paid in full.', '此催缴已全额支付。'),
  // Money at the routes (issue 14, docs/money.md "Storage and routes"): each names its field.
  capitalCallNotExists: e(404, 'Capital call does not exist.', '催缴不存在。'),
  capitalCallInvestorNotInCall: e(
    422,
    'The {field} named is not part of this capital call.',
    '所填 {field} 不在此催缴范围内。',
  ),
  capitalCallNoticeTooShort: e(
    422,
    'The {field} must be at least {minimum} business days after the call is issued.',
    '{field} 必须在催缴发出后至少 {minimum} 个工作日。',
  ),
  capitalCallBasisInvalid: e(422, 'Give {field} for a call by {basis}.', '按 {basis} 催缴时请填写 {field}。'),
  paymentExceedsOutstanding: e(
    422,
    'The {field} is more than the {outstanding} still outstanding on this notice.',
    '{field} 超过了该通知尚未支付的 {outstanding}。',
  ),
  investmentNotExists: e(404, 'Investment does not exist.', '投资不存在。'),
  navDateBeforeLast: e(
    422,
    'The {field} is not after the last NAV date ({lastDate}); mark it as a correction to replace a past NAV.',
    '{field} 不晚于最近的净值日期（{lastDate}）；如需更正过往净值，请标记为更正。',
  ),
  navDateInFuture: e(422, 'The {field} cannot be in the future.', '{field} 不能是将来的日期。'),
  navFourEyes: e(403, 'Someone other than the preparer must approve this NAV.', '此净值须由编制人以外的人员批准。'),
  navNothingToApprove: e(409, 'No NAV of this share class waits for approval.', '此份额类别没有待批准的净值。'),
  navUploadInvalid: e(422, 'Line {line} of the NAV file is not valid: {field}.', '净值文件第 {line} 行无效：{field}。'),
  redemptionNotExists: e(404, 'Redemption does not exist.', '赎回不存在。'),
  redemptionOverHolding: e(
    422,
    'The {field} is more than you hold ({held} units).',
    '{field} 超过了您的持有量（{held} 份）。',
  ),
  redemptionNeedsNav: e(
    422,
    'No NAV has been posted for this share class yet: request a number of units instead.',
    '该份额类别尚未公布净值：请改为按份额数申请赎回。',
  ),
  redemptionCommentRequired: e(422, 'Say what the investor should change.', '请说明投资者需要修改的内容。'),
  // Money dealing (issue 14, docs/money.md "Dealing and distributions"): distributions, dealing runs.
  distributionNotExists: e(404, 'Distribution does not exist.', '分配不存在。'),
  distributionNoHolders: e(
    422,
    'Nobody holds a commitment or units of this fund in this currency to share the distribution.',
    '该基金在此币种下没有持有承诺或份额的投资者可参与分配。',
  ),
  distributionFourEyes: e(
    403,
    'Someone other than the preparer must approve this distribution.',
    '此分配须由编制人以外的人员批准。',
  ),
  distributionNotDeclared: e(
    409,
    'The distribution is still being declared to its investors: try again in a moment.',
    '正在向投资者公布此分配，请稍后重试。',
  ),
  dealingDateInFuture: e(422, 'The {field} cannot be in the future.', '{field} 不能是将来的日期。'),
  dealingNeedsNav: e(
    422,
    'No approved NAV of this share class is dated on the dealing date: approve one first.',
    '该份额类别在交易日没有已批准的净值：请先批准净值。',
  ),
  dealingNothingDue: e(
    422,
    'No confirmed redemption of this share class is due by this dealing date.',
    '该份额类别在此交易日之前没有到期的已确认赎回。',
  ),
  dealingAlreadyRun: e(
    409,
    'This dealing date has already been run for this share class.',
    '该份额类别已处理此交易日。',
  ),
  dealingInProgress: e(
    409,
    'The previous dealing run of this share class is still being posted: try again in a moment.',
    '该份额类别的上一次交易处理仍在入账，请稍后重试。',
  ),
  // Money extras (issue 14, docs/money.md "Notices, currency, reversals"): ledger corrections, notice PDFs.
  ledgerEntryNotExists: e(404, 'The ledger entry {field} names does not exist.', '{field} 所指的账目不存在。'),
  ledgerEntryOfCall: e(
    409,
    'This entry belongs to capital call {callId}, which has no issued notice for this investment to correct with it.',
    '此账目属于催缴 {callId}，但该催缴没有可随之更正的此项投资的已发出通知。',
  ),
  // Corrections of a capital call's entries (issue 14, docs/money.md "Corrections of a call's entries").
  callNoticeHasPayments: e(
    409,
    'Payments are recorded against this notice of capital call {callId}: correct those payments first, then the amount called.',
    '此催缴 {callId} 的通知已登记付款：请先更正这些付款，再更正催缴金额。',
  ),
  callCorrectionBelowFees: e(
    422,
    'The {field} cannot be less than the notice’s management fee and expenses ({minimum}).',
    '{field} 不能低于该通知的管理费和费用（{minimum}）。',
  ),
  // Corrections of a distribution's or a redemption's entries (issue 14, docs/money.md "Corrections of
  // distribution and redemption entries").
  distributionCorrectionBelowPaid: e(
    422,
    'The {field} cannot be less than what is paid to this investor ({paid}): correct the payment first.',
    '{field} 不能低于已向该投资者支付的金额（{paid}）：请先更正付款。',
  ),
  distributionPaymentInProgress: e(
    409,
    'The distribution is still being posted to its investors: try again in a moment.',
    '此分配仍在向投资者入账，请稍后重试。',
  ),
  redemptionHasPayment: e(
    409,
    'The proceeds of this redemption are paid: correct the payment first, then what was dealt.',
    '此赎回的款项已支付：请先更正付款，再更正成交。',
  ),
  redemptionCorrectionOverAsked: e(
    422,
    'The {field} cannot deal more units than the redemption asks for ({most} at most).',
    '{field} 不能超过赎回申请的份额（最多 {most}）。',
  ),
  ledgerCorrectionNotExists: e(404, 'Ledger correction does not exist.', '账目更正不存在。'),
  ledgerCorrectionFourEyes: e(
    403,
    'Someone other than the preparer must approve this correction.',
    '此更正须由编制人以外的人员批准。',
  ),
  callNoticeNotReady: e(
    409,
    'The notice PDF is still being prepared: try again in a moment.',
    '催缴通知 PDF 仍在生成中，请稍后重试。',
  ),
  // Issue 14, contract note PDF (docs/money.md "Contract note PDF").
  contractNoteNotExists: e(404, 'Contract note does not exist.', '成交确认书不存在。'),
  contractNoteNotReady: e(
    409,
    'The contract note PDF is still being prepared: try again in a moment.',
    '成交确认书 PDF 仍在生成中，请稍后重试。',
  ),
  // ---- Subscriptions (issue 13; docs/subscriptions.md): Tranche's own refusals of a new subscription.
  subscriptionTypeNotOffered: e(422, 'This fund does not offer {type} now.', '该基金目前不提供{type}。'),
  subscriptionAmountRequired: e(422, 'Enter the amount you wish to subscribe.', '请输入认购金额。'),
  subscriptionAmountBelowMinimum: e(
    422,
    'The amount must be at least {minimum} {currency}.',
    '金额不得低于 {minimum} {currency}。',
  ),
  subscriptionAmountAboveMaximum: e(
    422,
    'The amount must be at most {maximum} {currency}.',
    '金额不得高于 {maximum} {currency}。',
  ),
  // Issue 13, the subscription record and the NIGO firewall (docs/subscriptions.md "Server"); details name the field.
  SUBSCRIPTION_NIGO: e(
    422,
    'This subscription is not in good order yet. Fix the steps shown and try again.',
    '该认购尚不完整，请修正所示步骤后重试。',
  ),
  subscriptionReasonRequired: e(422, 'Enter a reason.', '请填写原因。'),
  // The lifecycle's actor table refuses the caller's role for this action (the route admits every role).
  subscriptionActionNotPermitted: e(
    403,
    'Your role cannot take this action on a subscription.',
    '您的角色无法对认购执行此操作。',
  ),
  reservationCapacityFull: e(
    422,
    'The fund has no capacity left for this reservation; it stays on the waitlist.',
    '该基金已无剩余额度，此预约将继续候补。',
  ),
  subscriptionDocumentMissing: e(422, 'Upload the document first.', '请先上传文件。'),
  subscriptionDocumentNotAllowed: e(
    422,
    'This document cannot be added to the subscription now.',
    '目前无法向该认购添加此文件。',
  ),
  subscriptionInvestorRequired: e(422, 'Choose the investor this subscription is for.', '请选择此认购所属的投资者。'),
  scenarioIncomplete: e(422, 'A required answer is missing: {field}.', '缺少必填内容：{field}。'),
  mandatoryDocumentMissing: e(422, 'A required document is missing.', '缺少必需的文件。'),
  profileNotVerified: e(422, 'The investor profile has not been verified yet.', '投资者档案尚未通过验证。'),
  signatureMissing: e(422, 'A required signature is missing.', '缺少必需的签署。'),
  screeningNotPassed: e(422, 'The investor has not passed screening yet.', '投资者尚未通过筛查。'),
  // ---- Tranche's own codes
  ROUTE_NOT_FOUND: e(404, 'No such API route.', '没有此接口路径。'),
  METHOD_NOT_ALLOWED: e(405, 'This method is not allowed on this route.', '此接口不支持该请求方法。'),
  MALFORMED_JSON: e(400, 'The request body is not valid JSON.', '请求内容不是有效的JSON。'),
  UNSUPPORTED_MEDIA_TYPE: e(415, 'The request body must be JSON.', '请求内容必须为JSON。'),
  PAYLOAD_TOO_LARGE: e(413, 'The request body is larger than 1 MB.', '请求内容超过1 MB。'),
  NOT_FOUND: e(404, 'Not found.', '未找到。'),
  UNAUTHENTICATED: e(401, 'Please sign in to continue.', '请登录后继续。'),
  FORBIDDEN: e(403, 'You do not have permission to do this.', '您无权执行此操作。'),
  CSRF_TOKEN_INVALID: e(403, 'The page is out of date. Please reload and try again.', '页面已过期，请刷新后重试。'),
  // ---- Scenario flows (issue 13, docs/subscriptions.md "Scenario flows"); ASSENT_EMPTY, SCENARIO_NOT_PASSED
  // and the TEMP_TOKEN_* codes are the spec's, above. 422s name their fields or nodes in details.
  scenarioNotExist: e(404, 'Scenario does not exist.', '流程不存在。'),
  scenarioExists: e(
    409,
    'This fund already has a scenario for this subscription type and investor type.',
    '该基金已有适用于此认购类型和投资者类型的流程。',
  ),
  scenarioInvalid: e(
    422,
    'This scenario cannot be published yet. Fix the nodes marked.',
    '此流程暂无法发布，请修正标出的节点。',
  ),
  scenarioFormInvalid: e(
    422,
    'Some answers are missing or invalid. See the fields marked.',
    '部分回答缺失或无效，请查看标出的字段。',
  ),
  SCENARIO_NODE_NOT_CURRENT: e(
    409,
    'This step is not the current one. Reload to continue where you left off.',
    '此步骤不是当前步骤，请刷新后从上次中断处继续。',
  ),
  scenarioNodeNotDone: e(
    409,
    'This step has not been completed, so you cannot go back to it.',
    '此步骤尚未完成，无法返回。',
  ),
  scenarioBackNotAllowed: e(409, 'You cannot go back past a step that has been signed.', '无法返回到已签署步骤之前。'),
  scenarioJourneyNotRunning: e(409, 'This subscription has no steps in progress.', '此认购当前没有进行中的步骤。'),
  scenarioNodeForAnotherParty: e(
    403,
    'This step is for another person, who completes it through their own link.',
    '此步骤由其他人通过其专属链接完成。',
  ),
  // ---- A journey's parties and contract documents (issue 13, docs/subscriptions.md "Contacts, contract
  // documents, inbox nodes"); each names its field in details.fields.
  scenarioNodeNotExist: e(404, 'This step is not part of the scenario.', '此步骤不属于该流程。'),
  scenarioContactNotExist: e(404, 'This person is not asked for this step.', '此步骤不需要此人完成。'),
  scenarioLinkNotResendable: e(
    409,
    'This person’s link cannot be sent again: their part is done, or their first link is still on its way.',
    '无法重新发送此人的链接：其步骤已完成，或首个链接仍在发送中。',
  ),
  scenarioLinkResendTooSoon: e(
    429,
    'A link was sent to this person a moment ago. Please wait a minute before sending another.',
    '刚刚已向此人发送链接，请稍等一分钟后再发送。',
  ),
  scenarioSubscriptionRequired: e(
    422,
    'Name the subscription whose documents you want to see.',
    '请指定要查看文件的认购。',
  ),
  // ---- Modification and the manager's tools on a journey (issue 13, docs/subscriptions.md "Modification").
  modificationNotOpen: e(
    409,
    'No amendment is open on this subscription: start one first.',
    '此认购没有进行中的修改：请先开始修改。',
  ),
  modificationNodeNotAmendable: e(
    422,
    'This step cannot be amended: only the answers of completed form steps can.',
    '此步骤无法修改：只能修改已完成表单步骤的答案。',
  ),
  modificationNoChanges: e(
    422,
    'Nothing has changed: change an answer or discard the amendment.',
    '没有任何修改：请修改答案或放弃此次修改。',
  ),
  // details: {nodeIds: the routers that would decide otherwise and the signed steps, from: the first step to redo}.
  modificationChangesJourney: e(
    409,
    'This change would alter the steps of your subscription or the amount of the agreement you signed. Discard it and ask the manager to send your subscription back for changes.',
    '此修改会改变您认购的步骤或您已签署协议中的金额。请放弃此修改，并请管理人将您的认购退回修改。',
  ),
  subscriptionNotAmendable: e(409, 'This subscription can no longer be amended.', '此认购已无法修改。'),
  mandatoryDocumentUnknown: e(
    422,
    'This is not one of the mandatory documents of this subscription.',
    '这不是此认购的必备文件之一。',
  ),
  // A lifecycle's default refusal (shared/src/lifecycle/lifecycle.ts); details: {lifecycle, state, event}.
  TRANSITION_NOT_ALLOWED: e(
    409,
    'The action {event} is not possible while this is {state}.',
    '当前状态为 {state}，无法执行 {event} 操作。',
  ),
  VERSION_CONFLICT: e(409, 'Someone else changed this first. Reload and try again.', '他人已先行修改，请刷新后重试。'),
  IDEMPOTENCY_KEY_REUSED: e(
    422,
    'This idempotency key was already used for a different request.',
    '此幂等键已用于其他请求。',
  ),
  // The same Idempotency-Key while its first request is still running: the client should wait and retry.
  IDEMPOTENCY_REQUEST_IN_PROGRESS: e(
    409,
    'This request is still being processed. Please wait a moment and try again.',
    '此请求仍在处理中，请稍后再试。',
  ),
  RATE_LIMITED: e(429, 'Too many requests. Please wait a moment and try again.', '请求过于频繁，请稍后再试。'),
  SERVICE_UNAVAILABLE: e(503, 'The service is busy. Please try again shortly.', '服务繁忙，请稍后再试。'),
  INTERNAL_ERROR: e(500, 'Something went wrong on our side.', '服务器出现问题。'),
} as const satisfies Record<string, CatalogueEntry>;

export type ErrorCode = keyof typeof ERROR_CATALOGUE;

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(ERROR_CATALOGUE, code);

const PLACEHOLDER = /\{(\w+)\}/g;

/** The `{name}` placeholders a message fills from the error's details (both languages use the same). */
export const placeholdersOf = (message: string): string[] => [...message.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');

/**
 * The message in `lang`, its `{name}` placeholders filled from `details` (a refused transition names
 * its state and event). A value that is absent or not a plain string or number shows as `…`, so a
 * message never shows a raw placeholder or an object's text.
 */
export const errorMessage = (code: ErrorCode, lang: Lang, details?: Readonly<Record<string, unknown>>): string =>
  ERROR_CATALOGUE[code].messages[lang].replace(PLACEHOLDER, (_, name: string) => {
    // A placeholder with a label in `details.labels` (a lifecycle's state or event names) reads in `lang`.
    const label = (details?.labels as Record<string, Partial<Record<Lang, unknown>>> | undefined)?.[name]?.[lang];
    if (typeof label === 'string') return label;
    const value = details?.[name];
    return typeof value === 'string' || typeof value === 'number' ? String(value) : '…';
  });

/** The one error body shape on the wire. */
export interface ErrorBody {
  code: ErrorCode;
  message: string;
  details?: ErrorDetails;
  requestId: string;
}

/** A field that failed validation: `field` is a dotted path such as `body.shareClasses.0.currency`. */
export interface FieldIssue {
  field: string;
  rule: string;
  message: string;
}

export interface ErrorDetails {
  fields?: FieldIssue[];
  [key: string]: unknown;
}
