/** Strings of converted (display-only) amounts; loaded with the screens that show them. */
export const currencyEn = {
  conversion: {
    approx: '≈ {{amount}}',
    note: 'Amounts after ≈ are in {{currency}} at the rate as of {{date}}: indicative, for display only. Investments are made in the fund’s own currency.',
  },
};
