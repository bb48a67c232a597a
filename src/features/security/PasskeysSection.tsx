import { Trans, useLingui } from '@lingui/react/macro';
import { type FormEvent, useState } from 'react';
import { PASSKEY_NAME_MAX, type PasskeyInfo, type SecurityStatus } from '../../../contract/security';
import { errorBody, messageOf } from '../../lib/http';
import { passkeyCancelled, passkeyRegistration, passkeysSupported } from '../../ui/passkey/passkey';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextField } from '../../ui/form/TextField';
import { SettingsSection } from '../settings';
import { registerPasskey, removePasskey, renamePasskey } from './api/security-calls';

/** Passkeys: sign in without a password, or prove it is you; add several, name them, remove them. */
export function PasskeysSection({ status, onChanged }: { status: SecurityStatus; onChanged: () => Promise<unknown> }) {
  const { t } = useLingui();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState<number | 'add' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const supported = passkeysSupported();

  const run = async (what: number | 'add', action: () => Promise<void>) => {
    setBusy(what);
    setFailure(null);
    setAdded(null);
    try {
      await action();
    } catch (error) {
      const body = errorBody(error) as { step_up_required?: unknown } | undefined;
      if (passkeyCancelled(error) || body?.step_up_required === true) return;
      setFailure(messageOf(body) ?? t`Something went wrong. Please try again.`);
    } finally {
      setBusy(null);
    }
  };

  const add = (event: FormEvent) => {
    event.preventDefault();
    const chosen = name.trim() || t`Passkey ${status.passkeys.length + 1}`;
    void run('add', async () => {
      const saved = await registerPasskey(await passkeyRegistration('/api/security/passkeys/options'), chosen);
      setName('');
      setAdded(saved.name);
      await onChanged();
    });
  };

  return (
    <SettingsSection
      title={t`Passkeys`}
      lead={t`Sign in with your fingerprint, face or device PIN instead of a password. A passkey also confirms withdrawals and security changes.`}
    >
      {failure ? <FormBanner message={failure} /> : null}
      {added ? (
        <div className="banner banner-success" role="status">
          <span>
            <Trans>Passkey “{added}” added.</Trans>
          </span>
        </div>
      ) : null}
      {status.passkeys.length > 0 ? (
        <ul className="row-list" aria-label={t`Your passkeys`}>
          {status.passkeys.map((passkey) => (
            <PasskeyRow
              key={passkey.id}
              passkey={passkey}
              busy={busy === passkey.id}
              onRename={(next) => run(passkey.id, async () => {
                await renamePasskey(passkey.id, next);
                await onChanged();
              })}
              onRemove={() => run(passkey.id, async () => {
                await removePasskey(passkey.id);
                await onChanged();
              })}
            />
          ))}
        </ul>
      ) : (
        <p className="field-hint">
          <Trans>You have no passkeys yet.</Trans>
        </p>
      )}
      {supported ? (
        <form className="passkey-add" onSubmit={add} noValidate>
          <TextField
            label={t`Name of the new passkey`}
            name="passkey_name"
            value={name}
            maxLength={PASSKEY_NAME_MAX}
            placeholder={t`e.g. My laptop`}
            onValueChange={setName}
          />
          <button type="submit" className="btn btn-primary" disabled={busy !== null} aria-busy={busy === 'add'}>
            <Trans>Add a passkey</Trans>
          </button>
        </form>
      ) : (
        <p className="field-hint">
          <Trans>This browser cannot create passkeys.</Trans>
        </p>
      )}
    </SettingsSection>
  );
}

function PasskeyRow({ passkey, busy, onRename, onRemove }: { passkey: PasskeyInfo; busy: boolean; onRename: (name: string) => Promise<void>; onRemove: () => Promise<void> }) {
  const { t, i18n } = useLingui();
  const [editing, setEditing] = useState<string | null>(null);
  const date = (iso: string) => i18n.date(new Date(iso), { dateStyle: 'medium', timeStyle: 'short' });
  const created = date(passkey.created_at);
  const used = passkey.last_used_at ? date(passkey.last_used_at) : null;
  const save = (event: FormEvent) => {
    event.preventDefault();
    const next = editing?.trim();
    if (!next) return;
    void onRename(next).then(() => setEditing(null));
  };
  if (editing !== null) {
    return (
      <li className="row-item">
        <form className="passkey-rename" onSubmit={save} noValidate>
          <TextField label={t`New name for “${passkey.name}”`} name="passkey_rename" value={editing} maxLength={PASSKEY_NAME_MAX} autoFocus onValueChange={setEditing} />
          <div className="security-actions">
            <button type="submit" className="btn btn-primary btn-sm" disabled={busy || !editing.trim()} aria-busy={busy}>
              <Trans>Save</Trans>
            </button>
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(null)}>
              <Trans>Cancel</Trans>
            </button>
          </div>
        </form>
      </li>
    );
  }
  return (
    <li className="row-item">
      <div className="row-main">
        <span className="row-icon" aria-hidden="true">
          <KeyIcon />
        </span>
        <div>
          <p className="row-title">{passkey.name}</p>
          <p className="row-meta">{used ? <Trans>Added {created} · last used {used}</Trans> : <Trans>Added {created} · not used yet</Trans>}</p>
        </div>
      </div>
      <div className="row-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => setEditing(passkey.name)} disabled={busy} aria-label={t`Rename ${passkey.name}`}>
          <Trans>Rename</Trans>
        </button>
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void onRemove()} disabled={busy} aria-busy={busy} aria-label={t`Remove ${passkey.name}`}>
          <Trans>Remove</Trans>
        </button>
      </div>
    </li>
  );
}

function KeyIcon() {
  return (
    <svg width={20} height={20} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
      <circle cx="8" cy="15" r="4" />
      <path d="m10.85 12.15 8.65-8.65M18 5l2 2M15 8l2 2" />
    </svg>
  );
}
