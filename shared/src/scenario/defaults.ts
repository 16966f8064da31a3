import type {
  FormElement,
  ScenarioGraph,
  ScenarioInvestorType,
  ScenarioLabels,
  ScenarioNode,
  ScenarioSubscriptionType,
} from './scenario.schema.js';

/**
 * The built-in scenarios (issue 13, deliverable 4): one per subscription type with a journey and
 * investor type, so a new fund works without authoring. Each tenant gets them published as its
 * defaults (local/seed.ts, and on first use for a tenant created later); a manager copies one into a
 * fund and edits it. Every text is ours, in both languages. The unit test holds that each validates
 * and compiles.
 */

const l = (en: string, zh: string): ScenarioLabels => ({ en, 'zh-CN': zh });

const edgesOf = (ids: readonly string[]) =>
  ids.slice(1).map((to, i) => ({ id: `e_${ids[i]}_${to}`, from: ids[i]!, to }));

const start: ScenarioNode = { id: 'start', kind: 'START', title: l('Start', '开始') };
const end: ScenarioNode = { id: 'end', kind: 'END', title: l('Done', '完成') };

const investorDetails = (type: ScenarioInvestorType): ScenarioNode => {
  const elements: FormElement[] = [
    {
      id: 'intro',
      element: 'PARAGRAPH',
      label: l('Check the details from your verified profile.', '请核对您已验证资料中的信息。'),
      requirement: 'OPTIONAL',
    },
    type === 'ENTITY'
      ? {
          id: 'entityName',
          element: 'INPUT',
          fieldType: 'text',
          label: l('Legal name of the entity', '实体法定名称'),
          requirement: 'MANDATORY',
          prefill: 'profile.entityName',
          validators: { maxLength: 200 },
        }
      : {
          id: 'fullName',
          element: 'INPUT',
          fieldType: 'text',
          label: l('Full name', '全名'),
          requirement: 'MANDATORY',
          prefill: 'profile.displayName',
          validators: { maxLength: 200 },
        },
    {
      id: 'email',
      element: 'INPUT',
      fieldType: 'text',
      label: l('Email address', '电子邮箱'),
      requirement: 'MANDATORY',
      prefill: 'profile.email',
      validators: { maxLength: 254 },
    },
    {
      id: 'phone',
      element: 'PHONE',
      label: l('Phone number', '电话号码'),
      requirement: 'OPTIONAL',
      prefill: 'profile.phone',
    },
    {
      id: 'confirmDetails',
      element: 'CHECKBOX',
      fieldType: 'checkbox',
      label: l('These details are correct', '以上信息正确无误'),
      requirement: 'MANDATORY',
    },
  ];
  return {
    id: 'investorDetails',
    kind: 'NODE_FORM',
    title: l('Your details', '您的信息'),
    stage: 'ONBOARDING',
    elements,
  };
};

const investment = (title: ScenarioLabels, amountRequired: boolean): ScenarioNode => ({
  id: 'investment',
  kind: 'FORM',
  title,
  stage: 'FUND_DATA',
  elements: [
    {
      id: 'amount',
      element: 'AMOUNT',
      label: l('Amount', '金额'),
      requirement: amountRequired ? 'MANDATORY' : 'OPTIONAL',
      prefill: 'subscription.amount',
      validators: { min: 0 },
    },
    {
      id: 'sourceOfFunds',
      element: 'SELECT',
      fieldType: 'select',
      label: l('Source of funds', '资金来源'),
      requirement: amountRequired ? 'MANDATORY' : 'HIDDEN',
      prefill: 'previous.sourceOfFunds',
      options: [
        { value: 'SAVINGS', label: l('Savings', '储蓄') },
        { value: 'BUSINESS_INCOME', label: l('Business income', '经营收入') },
        { value: 'INVESTMENTS', label: l('Sale of investments', '出售投资') },
        { value: 'INHERITANCE', label: l('Inheritance or gift', '继承或赠与') },
      ],
    },
    {
      id: 'distributionPreference',
      element: 'RADIO',
      fieldType: 'radio-group',
      label: l('Distributions', '分配方式'),
      requirement: amountRequired ? 'MANDATORY' : 'HIDDEN',
      prefill: 'previous.distributionPreference',
      options: [
        { value: 'PAY_OUT', label: l('Pay out to my bank account', '支付至我的银行账户') },
        { value: 'REINVEST', label: l('Reinvest', '再投资') },
      ],
    },
    {
      id: 'note',
      element: 'INPUT',
      fieldType: 'textarea',
      label: l('Message to the manager', '给管理人的留言'),
      requirement: 'OPTIONAL',
      validators: { maxLength: 2000 },
    },
  ],
});

const riskQuestionnaire: ScenarioNode = {
  id: 'riskQuestionnaire',
  kind: 'QUESTIONNAIRE',
  title: l('Suitability questionnaire', '适当性问卷'),
  stage: 'SCREENING',
  passMark: 4,
  questions: [
    {
      id: 'experience',
      label: l('How long have you invested in private funds?', '您投资私募基金的年限？'),
      multiple: false,
      options: [
        { value: 'NONE', label: l('Never', '从未'), score: 0 },
        { value: 'UNDER_3', label: l('Less than 3 years', '少于 3 年'), score: 2 },
        { value: 'OVER_3', label: l('3 years or more', '3 年或以上'), score: 3 },
      ],
    },
    {
      id: 'lossTolerance',
      label: l('Could you bear the loss of the whole amount?', '您能否承受全部本金的损失？'),
      multiple: false,
      options: [
        { value: 'NO', label: l('No', '不能'), score: 0 },
        { value: 'YES', label: l('Yes', '能'), score: 2 },
      ],
    },
    {
      id: 'horizon',
      label: l('Can you leave the money invested for the fund term?', '您能否在基金存续期内不动用该资金？'),
      multiple: false,
      options: [
        { value: 'NO', label: l('No', '不能'), score: 0 },
        { value: 'YES', label: l('Yes', '能'), score: 1 },
      ],
    },
  ],
};

const declarations = (binding: boolean): ScenarioNode => ({
  id: 'declarations',
  kind: 'STATEMENT',
  title: l('Declarations', '声明'),
  stage: 'INVESTING',
  body: binding
    ? l(
        'By continuing you confirm that you have read the fund documents and that your subscription becomes binding once the manager approves it.',
        '继续即表示您确认已阅读基金文件，且您的认购在管理人批准后即具有约束力。',
      )
    : l(
        'This request is not binding: the manager will contact you before any commitment.',
        '本请求不具约束力：在任何承诺之前，管理人会与您联系。',
      ),
  consents: [
    { id: 'readDocuments', label: l('I have read the fund documents', '我已阅读基金文件') },
    { id: 'accurate', label: l('The information I gave is accurate', '我提供的信息准确无误') },
  ],
});

const signers = (type: ScenarioInvestorType): ('INVESTOR' | 'JOINT_HOLDERS' | 'SIGNATORIES')[] =>
  type === 'JOINT' ? ['INVESTOR', 'JOINT_HOLDERS'] : type === 'ENTITY' ? ['SIGNATORIES'] : ['INVESTOR'];

const investGraph = (type: ScenarioInvestorType): ScenarioGraph => {
  const nodes: ScenarioNode[] = [
    start,
    investorDetails(type),
    investment(l('Your investment', '您的投资'), true),
    riskQuestionnaire,
    declarations(true),
    {
      id: 'largeTicket',
      kind: 'ROUTER',
      title: l('Large subscriptions', '大额认购'),
      branches: [
        {
          id: 'large',
          to: 'flagReview',
          when: { source: 'RESULT', nodeId: 'investment', field: 'amount', op: 'GTE', value: 1_000_000 },
        },
      ],
      otherwise: 'sign',
    },
    {
      id: 'flagReview',
      kind: 'CHANGE_DB_VALUE',
      title: l('Mark for a closer review', '标记为需重点审核'),
      field: 'requiresManualReview',
      value: true,
    },
    {
      id: 'sign',
      kind: 'SIGN',
      title: l('Sign the subscription agreement', '签署认购协议'),
      stage: 'INVESTING',
      documentTitle: l('Subscription agreement', '认购协议'),
      signers: signers(type),
    },
    {
      id: 'notify',
      kind: 'INBOX',
      title: l('Tell the investor what comes next', '告知投资者后续步骤'),
      to: 'INVESTOR',
      body: l(
        'Your subscription is complete. Submit it for review from your home page.',
        '您的认购资料已填写完毕，请在首页提交审核。',
      ),
    },
    end,
  ];
  const edges = [
    ...edgesOf(['start', 'investorDetails', 'investment', 'riskQuestionnaire', 'declarations', 'largeTicket']),
    ...edgesOf(['flagReview', 'sign', 'notify', 'end']),
  ];
  return { interactionMode: 'INTERACTIONS', nodes, edges };
};

const interestGraph = (): ScenarioGraph => ({
  interactionMode: 'INTERACTIONS',
  nodes: [start, investment(l('Your interest', '您的意向'), false), declarations(false), end],
  edges: edgesOf(['start', 'investment', 'declarations', 'end']),
});

const reserveGraph = (type: ScenarioInvestorType): ScenarioGraph => ({
  interactionMode: 'INTERACTIONS',
  nodes: [start, investorDetails(type), investment(l('Your reservation', '您的预约'), true), declarations(false), end],
  edges: edgesOf(['start', 'investorDetails', 'investment', 'declarations', 'end']),
});

export const defaultScenario = (type: ScenarioSubscriptionType, investorType: ScenarioInvestorType): ScenarioGraph => {
  if (type === 'EXPRESSED_INTEREST_SUBSCRIPTION') return interestGraph();
  if (type === 'RESERVE_SUBSCRIPTION') return reserveGraph(investorType);
  return investGraph(investorType);
};
