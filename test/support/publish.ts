import type { GpProduct } from '@tranche/shared/product/product.schema';
import { checklistWarnings, type PublishChecklist } from '@tranche/shared/product/publish-checklist';
import { expect } from 'vitest';
import { type Caller, type CallResult, call } from './api.js';

export const transition = (
  caller: Caller,
  productId: string,
  event: string,
  version: number,
  acknowledged?: string[],
) =>
  call<GpProduct>(caller, `/gp/products/${productId}/transitions`, {
    method: 'POST',
    body: { event, version, ...(acknowledged ? { acknowledgedWarnings: acknowledged } : {}) },
  });

export const publishChecklist = (caller: Caller, productId: string) =>
  call<PublishChecklist>(caller, `/gp/products/${productId}/publish-checklist`);

/** The subscription contract a fund that takes money needs before it goes live (no agreement to sign). */
export const addContract = (caller: Caller, productId: string) =>
  call(caller, `/gp/products/${productId}/contract`, {
    method: 'PUT',
    body: { terms: { en: 'Subscription terms.', 'zh-CN': '认购条款。' }, requiresSignature: false, version: 0 },
  });

/**
 * Publishes as a GP does in the console once the draft has what is required: sets the contract when
 * the checklist requires one, then confirms each recommended check still open. `version` defaults to
 * the product's current one.
 */
export const publish = async (caller: Caller, productId: string, version?: number): Promise<CallResult<GpProduct>> => {
  let list = await publishChecklist(caller, productId);
  if (list.body.checks.some((c) => c.id === 'contract' && c.level === 'required' && !c.ok)) {
    expect((await addContract(caller, productId)).status).toBe(200);
    list = await publishChecklist(caller, productId);
  }
  const current = version ?? (await call<GpProduct>(caller, `/gp/products/${productId}`)).body.version;
  return transition(caller, productId, 'PUBLISH', current, checklistWarnings(list.body));
};
