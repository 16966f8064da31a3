import type { Messages } from '@/i18n/messages';
import type { investorHomeEn } from './en';

/** 投资者首页的文字；随该页面加载。 */
export const investorHomeZhCN: Messages<typeof investorHomeEn> = {
  investorHome: {
    title: '首页',
    loading: '正在加载您的首页…',
    welcome: '欢迎，{{name}}',
    welcomeIntro: '这是您在{{portal}}的主页：您关注的基金、需要您处理的事项，以及稍后您的投资。',
    nextStepsHeading: '下一步',
    nextStepsIntro: '建议先完成以下几件事，点击每一步即可前往办理。',
    stepDone: '已完成',
    stepToDo: '待完成',
    stepLater: '即将推出',
    steps: {
      profile: {
        title: '完善个人资料',
        body: '添加您的手机号码，并确认姓名、语言和显示货币。',
        action: '打开个人资料',
      },
      browse: {
        title: '浏览基金',
        body: '比较在售基金，用书签保存您想关注的基金。',
        action: '浏览基金',
      },
      mfa: {
        title: '设置两步验证',
        body: '登录时使用身份验证器应用或发送给您的验证码，保护您的账户。',
        action: '立即设置',
      },
      investorProfile: {
        title: '创建投资者档案',
        body: '首次认购前，请说明投资主体（个人、机构或联名账户）并完成身份验证。',
        action: '创建档案',
      },
    },
    watchlistHeading: '我的关注列表',
    watchlistCount_one: '已保存 {{count}} 只基金',
    watchlistCount_other: '已保存 {{count}} 只基金',
    watchlistEmptyTitle: '尚未保存基金',
    watchlistEmptyBody: '在基金卡片或基金页面上点击书签，该基金就会列在这里，方便您随时查看。',
    browseFunds: '浏览基金',
    savedOn: '保存于 {{date}}',
    minimum: '最低 {{amount}}',
    interestHeading: '您的认购',
    interestEmptyTitle: '暂无内容',
    interestEmptyBody: '当您对某只基金表达意向、预约份额或投资后，它将列在这里，并显示当前进度和需要您完成的下一步。',
    tasksHeading: '我的任务',
    tasksEmptyTitle: '暂无任务',
    tasksEmptyBody: '当{{portal}}需要您提供材料（例如上传文件、签署表格）时，任务会显示在这里。',
    investmentsHeading: '我的投资',
    investmentsEmptyTitle: '暂无投资',
    investmentsEmptyBody: '投资后，您的认缴金额、已缴资本、分配和最新估值将显示在这里。',
    notInvestorTitle: '此页面仅供投资者使用',
    notInvestorBody: '您的账户属于基金管理人团队，请前往管理人控制台开展工作。',
    openConsole: '打开管理人控制台',
  },
};
