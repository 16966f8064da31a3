import { type PasswordInputProps, Stack } from '@mantine/core';
import { forwardRef, useId } from 'react';
import { PasswordField } from './password-field';
import { PasswordRules } from './password-rules';

interface NewPasswordFieldProps extends PasswordInputProps {
  /** What has been typed so far, checked against the rules as the user types. */
  password: string;
}

/** A required new-password field with the password rules under it, linked as its description. */
export const NewPasswordField = forwardRef<HTMLInputElement, NewPasswordFieldProps>(({ password, ...props }, ref) => {
  const rulesId = useId();
  return (
    <Stack gap={8}>
      <PasswordField ref={ref} {...props} autoComplete="new-password" aria-describedby={rulesId} required />
      <PasswordRules id={rulesId} password={password} />
    </Stack>
  );
});
NewPasswordField.displayName = 'NewPasswordField';
