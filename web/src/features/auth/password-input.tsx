import type { ReactNode } from 'react';
import type { FieldPath, FieldValues } from 'react-hook-form';
import { TextInput } from '../../components/form/fields.tsx';
import type { ContractForm } from '../../components/form/use-contract-form.ts';

/** A required password field; `autoComplete` tells the browser's password manager which one it is. */
export function PasswordInput<T extends FieldValues, O extends FieldValues>(props: {
  form: ContractForm<T, O>;
  name: FieldPath<T>;
  label: string;
  autoComplete: 'current-password' | 'new-password';
  id?: string;
  help?: ReactNode;
}) {
  return <TextInput {...props} type="password" required />;
}
