/** Strings of the investor's home page; loaded with it. */
export const investorHomeEn = {
  investorHome: {
    title: 'Home',
    loading: 'Loading your home page…',
    welcome: 'Welcome, {{name}}',
    welcomeIntro:
      'Your place in {{portal}}: the funds you follow, what needs your attention and, later, your investments.',
    nextStepsHeading: 'Next steps',
    nextStepsIntro: 'A few things to do first. Each step opens where it is done.',
    stepDone: 'Done',
    stepToDo: 'To do',
    stepLater: 'Coming soon',
    steps: {
      profile: {
        title: 'Complete your profile',
        body: 'Add your phone number and check your name, language and display currency.',
        action: 'Open your profile',
      },
      browse: {
        title: 'Browse the funds',
        body: 'Compare the funds on offer and save the ones you want to follow with the bookmark.',
        action: 'Browse funds',
      },
      mfa: {
        title: 'Set up two-step verification',
        body: 'Protect your account with an authenticator app or codes sent to you when you sign in.',
        action: 'Set it up',
      },
      investorProfile: {
        title: 'Create your investor profile',
        body: 'Describe who invests (you, an entity or a joint account) and verify your identity before your first subscription.',
        action: 'Create a profile',
      },
    },
    watchlistHeading: 'Your watchlist',
    watchlistCount_one: '{{count}} saved fund',
    watchlistCount_other: '{{count}} saved funds',
    watchlistEmptyTitle: 'No saved funds yet',
    watchlistEmptyBody:
      'Press the bookmark on a fund card or a fund page, and the fund will be listed here so you can come back to it.',
    browseFunds: 'Browse funds',
    savedOn: 'Saved {{date}}',
    minimum: 'Minimum {{amount}}',
    interestHeading: 'Your subscriptions',
    interestEmptyTitle: 'Nothing here yet',
    interestEmptyBody:
      'When you express interest in a fund, reserve a place in it or invest, it will be listed here with where it stands and the next step asked of you.',
    tasksHeading: 'Your tasks',
    tasksEmptyTitle: 'No tasks',
    tasksEmptyBody:
      'When {{portal}} needs something from you (a document to upload, a form to sign), it will appear here.',
    investmentsHeading: 'Your investments',
    investmentsEmptyTitle: 'No investments yet',
    investmentsEmptyBody:
      'Once you invest, your commitments, the capital called, distributions and the latest value will be shown here.',
    notInvestorTitle: 'This page is for investors',
    notInvestorBody: 'Your account belongs to the fund manager’s team. Your work is in the manager console.',
    openConsole: 'Open the manager console',
  },
};
