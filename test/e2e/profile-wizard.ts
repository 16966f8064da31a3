import type { Page } from '@playwright/test';

/**
 * What the browser tests of the profile wizard share (profiles.spec.ts, kyc-journey.spec.ts): run tags
 * that are valid names, a small PDF the upload accepts (support.ts's), and the wizard's controls by their roles.
 */

/** A run's tag in letters only: people's names are checked as names (no digits, spec §5 realName). */
export const lettersOf = (run: number) => String(run).replace(/\d/g, (d) => 'abcdefghij'[Number(d)] as string);

export { pdf } from './support';

/** Picks an option of a Mantine Select or MultiSelect by typing part of it (the combobox filters as you type). */
export const choose = async (page: Page, label: string, typed: string, option: string | RegExp) => {
  const input = page.getByRole('combobox', { name: label, exact: true });
  await input.click();
  await input.fill(typed);
  await page.getByRole('option', { name: option }).first().click();
};

export const stepHeading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

export const saveAndContinue = (page: Page) => page.getByRole('button', { name: 'Save and continue' }).click();
