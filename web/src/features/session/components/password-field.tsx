import { PasswordInput, type PasswordInputProps } from '@mantine/core';
import { forwardRef, useId } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password input whose show/hide button (a toggle, `aria-pressed`) is named in the UI language.
 * Mantine's PasswordInput leaves `aria-invalid` and the error/description links off its input
 * (`withAria: false`): they are added here, so screen readers hear what is wrong with the field.
 */
export const PasswordField = forwardRef<HTMLInputElement, PasswordInputProps>(
  ({ id, error, description, 'aria-describedby': describedBy, ...props }, ref) => {
    const { t } = useTranslation();
    const generated = useId();
    const inputId = id ?? generated;
    const describers = [
      description ? `${inputId}-description` : undefined,
      error ? `${inputId}-error` : undefined,
      describedBy,
    ].filter(Boolean);
    return (
      <PasswordInput
        ref={ref}
        id={inputId}
        error={error}
        description={description}
        aria-invalid={error ? true : undefined}
        aria-describedby={describers.length ? describers.join(' ') : undefined}
        visibilityToggleButtonProps={{ 'aria-label': t('session.showPassword') }}
        {...props}
      />
    );
  },
);
PasswordField.displayName = 'PasswordField';
