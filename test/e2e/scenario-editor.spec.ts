import { expect, signIn, test } from './support';

/**
 * The scenario editor (issue 13, deliverable 5): a fund admin copies the Express interest default into
 * a fund, adds a statement step, connects it on the graph (React Flow) after the last step, and
 * publishes: the server refuses the dead end, and the new step is drawn in red with the reason. The
 * admin connects it to the end with the keyboard way (the step panel's "Next step"), saves and
 * publishes. docs/subscriptions.md "Web".
 */
test('an admin adds a step, connects it, sees the dead end on it, fixes it and publishes', async ({ page }) => {
  // About 10 s on a quiet machine; two saves and two publishes (each creating a state machine) can
  // take three times that on a loaded one.
  test.setTimeout(60_000);
  await signIn(page.context(), 'admin@alpine.example');
  await page.goto('/gp/subscriptions/scenarios');
  await page.getByLabel('Subscription type').last().selectOption('EXPRESSED_INTEREST_SUBSCRIPTION');
  await page.getByRole('button', { name: 'Copy and edit' }).click();
  await expect(page.getByRole('heading', { name: 'Scenario editor' })).toBeVisible();
  const graph = page.getByLabel('The scenario’s steps as a graph');
  await expect(graph.locator('.react-flow__node[data-id="declarations"]')).toBeVisible();

  // Add a statement; it is selected and drawn (an orphan, last row).
  await page.getByLabel('New step').selectOption('STATEMENT');
  await page.getByRole('button', { name: 'Add the step' }).click();
  await expect(page.getByRole('heading', { name: 'Step statement1' })).toBeVisible();
  const added = graph.locator('.react-flow__node[data-id="statement1"]');
  await expect(added).toBeVisible();

  // Connect the last step to it by dragging between their handles: its way to the end is replaced.
  const from = await graph
    .locator('.react-flow__node[data-id="declarations"] .react-flow__handle.source')
    .boundingBox();
  const to = await added.locator('.react-flow__handle.target').boundingBox();
  if (!from || !to) throw new Error('The handles are not drawn');
  // Step by step, as a hand moves: React Flow starts a connection on the pointer's first moves.
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + 20, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 10 });
  await page.mouse.up();
  // The new connection is drawn (the last step's old one to the end is gone).
  await expect(graph.locator('[aria-label="From Declarations to New step"]')).toHaveCount(1);
  await expect(graph.getByTestId('rf__edge-e_declarations_end')).toHaveCount(0);

  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText(/problems? to fix before publishing/)).toBeVisible();
  const deadEnd = 'This step leads nowhere: connect it to the next step or an end.';
  await expect(added).toContainText(deadEnd);
  await expect(page.getByRole('alert').filter({ hasText: deadEnd }).first()).toBeVisible();

  // The fix, with the keyboard way: the selected step's next step is the end.
  await page.getByLabel('Next step', { exact: true }).selectOption('end');
  await expect(added).not.toContainText(deadEnd);
  await page.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByText('Unsaved changes')).toHaveCount(0);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByText('Version 1 is published.')).toBeVisible();
  await expect(page.getByText(/problems? to fix before publishing/)).toHaveCount(0);
});
