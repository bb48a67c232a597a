import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { PASSWORD_MIN } from '../../../contract/limits';
import { TextField } from '../../ui/form/TextField';

type FieldProps = Omit<Parameters<typeof TextField>[0], 'label'>;

/** A new password and its confirmation (registration, password reset). */
export function NewPasswordFields({ password, confirmation }: { password: FieldProps; confirmation: FieldProps }) {
  const { t } = useLingui();
  return (
    <>
      <TextField
        label={t`Password`}
        type="password"
        autoComplete="new-password"
        required
        hint={plural(PASSWORD_MIN, { one: 'At least # character.', other: 'At least # characters.' })}
        {...password}
      />
      <TextField label={t`Confirm password`} type="password" autoComplete="new-password" required {...confirmation} />
    </>
  );
}
