import { useState } from 'react';
import type { FieldValues, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { applyApiFieldErrors } from '@/lib/form-errors';
import { notifications } from '@/lib/notifications';
import { validationKey } from './validation';

/**
 * The save cycle of a settings form: call the API, put field errors on their fields, keep any other
 * failure for the section to show, confirm success.
 */
export const useSave = <T extends FieldValues>(form: UseFormReturn<T>) => {
  const { t } = useTranslation();
  const [error, setError] = useState<unknown>(null);
  const run = async (save: () => Promise<unknown>, successMessage = t('gpSettings.saved')) => {
    setError(null);
    try {
      await save();
      notifications.show({ message: successMessage, color: 'green' });
      return true;
    } catch (failure) {
      const onField = applyApiFieldErrors(failure, form, {
        hasField: (name) => hasPath(form.getValues(), name),
        ruleMessage: (rule, path) => validationKey(path.split('.'), rule),
      });
      if (!onField) setError(failure);
      return false;
    }
  };
  return { error, run, clearError: () => setError(null) };
};

const hasPath = (values: unknown, path: string): boolean => {
  let node: unknown = values;
  for (const segment of path.split('.')) {
    if (node === null || typeof node !== 'object' || !(segment in node)) return false;
    node = (node as Record<string, unknown>)[segment];
  }
  return true;
};
