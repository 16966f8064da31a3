import { TextInput, type TextInputProps } from '@mantine/core';
import { forwardRef } from 'react';

/**
 * A six-digit code field: one plain input (screen readers, paste and the browser's one-time-code
 * autofill all work with it), numeric keyboard on phones.
 */
export const CodeInput = forwardRef<HTMLInputElement, TextInputProps>((props, ref) => (
  <TextInput
    ref={ref}
    inputMode="numeric"
    autoComplete="one-time-code"
    maxLength={6}
    styles={{ input: { letterSpacing: '0.3em', fontVariantNumeric: 'tabular-nums' } }}
    {...props}
  />
));
CodeInput.displayName = 'CodeInput';
