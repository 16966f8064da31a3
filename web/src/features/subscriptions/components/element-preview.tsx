import type { FormElement } from '@tranche/shared/scenario/scenario.schema';
import { useState } from 'react';
import { emptyValue, type FieldValue } from '@/features/subscriptions/lib/form-values';
import { useSubscriptionsLocales } from '@/features/subscriptions/locales';
import { FormElementField } from './form-element';

/**
 * One form element exactly as the investor's runner draws it, for the scenario editor's preview:
 * it can be filled in to try it, and nothing is saved.
 */
export const FormElementPreview = ({ element }: { element: FormElement }) => {
  useSubscriptionsLocales();
  const [value, setValue] = useState<FieldValue>(() => emptyValue(element));
  return <FormElementField element={element} value={value} onChange={setValue} />;
};
