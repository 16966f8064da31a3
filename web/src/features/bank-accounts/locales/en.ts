/** Strings of the full-number reveal and its step-up dialog (issue 11, wire-instruction integrity). */
export const bankAccountsEn = {
  bankAccounts: {
    reveal: 'Show full number',
    revealNamed: 'Show the full number of the account ending {{last4}}',
    hide: 'Hide',
    fullNumber: 'Full account number',
    visibleFor: 'Shown for {{minutes}} more min; hidden after that.',
    stepUp: {
      title: 'Confirm it is you',
      intro:
        'Full account numbers are shown only after you enter your password or an authenticator code again. They stay visible for 5 minutes.',
      method: 'Confirm with',
      usePassword: 'My password',
      useCode: 'Authenticator app',
      password: 'Password',
      code: 'Authenticator code',
      codeHint: 'The 6-digit code from your authenticator app.',
      submit: 'Confirm',
      cancel: 'Cancel',
    },
  },
} as const;
