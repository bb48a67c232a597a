import type { ComponentProps } from 'react';
import { TextField } from './TextField';

/** A money amount typed as a decimal (the phone's number pad with a separator), never filled in by the browser. */
export function AmountField(props: Omit<ComponentProps<typeof TextField>, 'inputMode' | 'autoComplete'>) {
  return <TextField inputMode="decimal" autoComplete="off" {...props} />;
}
