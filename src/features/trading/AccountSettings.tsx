import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { errorsFromResponse } from '../../../machines/form/form-errors';
import type { AccountDetails, PasswordKind, PasswordResult } from '../../../contract/platform';
import { LEVERAGE_CHOICES } from '../../../contract/trading';
import { queryClient } from '../../data/query-client';
import { showAlert } from '../../lib/alerts';
import { dialogButtons } from '../../lib/dialog-buttons';
import { useLang } from '../../lib/use-lang';
import { SelectField } from '../../ui/choice/SelectField';
import { FormBanner } from '../../ui/form/FormBanner';
import { SaveFooter } from '../../ui/form/SaveFooter';
import { TextField } from '../../ui/form/TextField';
import { DownloadIcon } from '../../ui/icons/DownloadIcon';
import { archiveAccount, changeLeverage, setPassword, updateNickname } from './api/account-calls';
import { accountDetailsQuery } from './api/fetch-account-details';
import { downloadStatementCsv } from './api/fetch-statement';
import { ModalDialog } from './ModalDialog';
import { accountChanged } from './use-account-live';

/** The first message of a field in a failed call, or the call's message. */
function refusal(error: unknown, field: string): { field?: string; message?: string } {
  if (!error) return {};
  const { errors, message } = errorsFromResponse(error);
  const first = errors[field]?.[0] ?? Object.values(errors)[0]?.[0];
  return first ? { field: first } : { message: message ?? undefined };
}

/** Self-service: nickname, leverage, passwords, statements and archiving. */
export function AccountSettings({ details }: { details: AccountDetails }) {
  const active = details.account.status === 'active';
  return (
    <section className="account-settings" aria-labelledby="settings-title">
      <h2 id="settings-title" className="section-title-sm">
        <Trans>Account settings</Trans>
      </h2>
      <div className="settings-grid">
        {active ? <NicknameForm details={details} /> : null}
        {active ? <LeverageForm details={details} /> : null}
        {active ? <PasswordsCard login={details.account.number} /> : null}
        <StatementCard login={details.account.number} />
        {active ? <ArchiveCard details={details} /> : null}
      </div>
    </section>
  );
}

function NicknameForm({ details }: { details: AccountDetails }) {
  const { t } = useLingui();
  const login = details.account.number;
  const [nickname, setNickname] = useState(details.account.nickname ?? '');
  const save = useMutation(
    {
      mutationFn: () => updateNickname(login, nickname.trim()),
      onSuccess: (account) => {
        queryClient.setQueryData(accountDetailsQuery(login).queryKey, (held) => (held ? { ...held, account } : held));
        accountChanged(login);
      },
    },
    queryClient,
  );
  const problem = refusal(save.error, 'nickname');
  return (
    <form
      className="card settings-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save.mutate();
      }}
    >
      <h3>
        <Trans>Nickname</Trans>
      </h3>
      <FormBanner message={problem.message ?? null} />
      <TextField
        label={t`Nickname`}
        name="nickname"
        value={nickname}
        maxLength={40}
        onValueChange={(value) => {
          setNickname(value);
          save.reset();
        }}
        error={problem.field}
        hint={t`Up to 40 characters; leave empty for none. Only you see it.`}
      />
      <SaveFooter busy={save.isPending} saved={save.isSuccess} variant="secondary">
        <Trans>Save nickname</Trans>
      </SaveFooter>
    </form>
  );
}

function LeverageForm({ details }: { details: AccountDetails }) {
  const { t } = useLingui();
  const login = details.account.number;
  const [leverage, setLeverage] = useState(String(details.state.leverage));
  const change = useMutation(
    {
      mutationFn: () => changeLeverage(login, Number(leverage)),
      onSuccess: (state) => {
        queryClient.setQueryData(accountDetailsQuery(login).queryKey, (held) => (held ? { ...held, state } : held));
        accountChanged(login);
      },
    },
    queryClient,
  );
  const problem = refusal(change.error, 'leverage');
  const choices: number[] = LEVERAGE_CHOICES.includes(details.state.leverage as never)
    ? [...LEVERAGE_CHOICES]
    : [...LEVERAGE_CHOICES, details.state.leverage].sort((a, b) => a - b);
  return (
    <form
      className="card settings-card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate();
      }}
    >
      <h3>
        <Trans>Leverage</Trans>
      </h3>
      <FormBanner message={problem.message ?? null} />
      <SelectField
        label={t`Leverage`}
        name="leverage"
        value={leverage}
        onValueChange={(value) => {
          setLeverage(value);
          change.reset();
        }}
        error={problem.field}
        hint={t`Lower leverage holds more margin; the platform refuses a change that would need more margin than your equity.`}
      >
        {choices.map((choice) => (
          <option key={choice} value={String(choice)}>
            1:{choice}
          </option>
        ))}
      </SelectField>
      <SaveFooter
        busy={change.isPending}
        saved={change.isSuccess}
        variant="secondary"
        disabled={Number(leverage) === details.state.leverage}
        savedNote={<Trans>Leverage changed.</Trans>}
      >
        <Trans>Change leverage</Trans>
      </SaveFooter>
    </form>
  );
}

function PasswordsCard({ login }: { login: string }) {
  const { t } = useLingui();
  const [shown, setShown] = useState<PasswordResult | null>(null);
  const [copied, setCopied] = useState(false);
  const generate = useMutation({ mutationFn: (kind: PasswordKind) => setPassword(login, kind), onSuccess: (result) => setShown(result) }, queryClient);
  const problem = refusal(generate.error, 'kind');

  async function ask(kind: PasswordKind) {
    const { confirmLabel, cancelLabel } = dialogButtons();
    const answer = await showAlert({
      kind: 'trading.password',
      tone: 'warning',
      title: kind === 'master' ? t`Set a new trading password?` : t`Set a new read-only password?`,
      text:
        kind === 'master'
          ? t`The current trading password stops working at once, in every trading terminal.`
          : t`The current read-only (investor) password stops working at once.`,
      confirmLabel,
      cancelLabel,
    });
    if (answer === 'confirm') generate.mutate(kind);
  }

  async function copy(password: string) {
    try {
      await navigator.clipboard.writeText(password);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  }

  return (
    <div className="card settings-card">
      <h3>
        <Trans>Platform passwords</Trans>
      </h3>
      <p className="field-hint">
        <Trans>
          The trading password signs in to a trading terminal and trades; the read-only (investor) password only watches. Traderoom generates
          them and does not keep them.
        </Trans>
      </p>
      <FormBanner message={problem.message ?? problem.field ?? null} />
      <div className="trading-actions">
        <button type="button" className="btn btn-secondary" onClick={() => void ask('master')} disabled={generate.isPending}>
          <Trans>New trading password</Trans>
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void ask('investor')} disabled={generate.isPending}>
          <Trans>New read-only password</Trans>
        </button>
      </div>
      {shown ? (
        <ModalDialog
          title={shown.kind === 'master' ? t`Your new trading password` : t`Your new read-only password`}
          onClose={() => {
            setShown(null);
            setCopied(false);
          }}
        >
          <p className="banner banner-info">
            <Trans>Write it down or copy it now: it will not be shown again.</Trans>
          </p>
          <p className="password-once mono" aria-label={t`Password`}>
            {shown.password}
          </p>
          <div className="modal-actions">
            <span role="status" className="saved-note">
              {copied ? t`Copied.` : ''}
            </span>
            <button type="button" className="btn btn-secondary" onClick={() => void copy(shown.password)}>
              <Trans>Copy</Trans>
            </button>
            <button
              type="button"
              className="btn btn-primary"
              onClick={() => {
                setShown(null);
                setCopied(false);
              }}
            >
              <Trans>Done</Trans>
            </button>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 8)}01`;

function StatementCard({ login }: { login: string }) {
  const { t } = useLingui();
  const lang = useLang();
  const [from, setFrom] = useState(monthStart);
  const [to, setTo] = useState(today);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const valid = from !== '' && to !== '' && from <= to;

  async function download() {
    setBusy(true);
    setFailed(false);
    try {
      await downloadStatementCsv(login, { from, to });
    } catch {
      setFailed(true);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="card settings-card">
      <h3>
        <Trans>Statement</Trans>
      </h3>
      <FormBanner message={failed ? t`The statement could not be downloaded. Please try again.` : null} />
      <div className="form-row-2">
        <TextField label={t`From`} name="statement_from" type="date" value={from} max={to || undefined} onValueChange={setFrom} />
        <TextField label={t`To`} name="statement_to" type="date" value={to} min={from || undefined} onValueChange={setTo} />
      </div>
      <div className="trading-actions">
        {valid ? (
          <Link to="/$lang/accounts/$login/statement" params={{ lang, login }} search={{ from, to }} className="btn btn-secondary">
            <Trans>Open statement</Trans>
          </Link>
        ) : (
          <button type="button" className="btn btn-secondary" disabled>
            <Trans>Open statement</Trans>
          </button>
        )}
        <button type="button" className="btn btn-ghost" onClick={() => void download()} disabled={!valid || busy} aria-busy={busy}>
          {busy ? <span className="spinner" aria-hidden="true" /> : <DownloadIcon size={18} />}
          <Trans>Download CSV</Trans>
        </button>
      </div>
    </div>
  );
}

function ArchiveCard({ details }: { details: AccountDetails }) {
  const { t } = useLingui();
  const lang = useLang();
  const navigate = useNavigate();
  const login = details.account.number;
  const archive = useMutation(
    {
      mutationFn: () => archiveAccount(login),
      onSuccess: () => {
        accountChanged(login);
        void navigate({ to: '/$lang/home', params: { lang } });
      },
    },
    queryClient,
  );
  const problem = refusal(archive.error, 'account');
  const reason =
    details.positions.length > 0
      ? t`Close the open positions first.`
      : details.state.balance !== 0
        ? t`Withdraw or transfer the balance first: only an empty account can be archived.`
        : null;

  async function ask() {
    const { confirmLabel, cancelLabel } = dialogButtons();
    const answer = await showAlert({
      kind: 'trading.archive',
      tone: 'warning',
      title: t`Archive account ${login}?`,
      text: t`An archived account no longer trades and no longer counts towards your accounts. Its history and statements stay.`,
      confirmLabel,
      cancelLabel,
    });
    if (answer === 'confirm') archive.mutate();
  }

  return (
    <div className="card settings-card">
      <h3>
        <Trans>Archive</Trans>
      </h3>
      <FormBanner message={problem.message ?? problem.field ?? null} />
      <p className="field-hint" id="archive-reason">
        {reason ?? t`The account is empty and can be archived.`}
      </p>
      <div className="trading-actions">
        <button
          type="button"
          className="btn btn-secondary btn-danger"
          disabled={reason !== null || archive.isPending}
          aria-describedby="archive-reason"
          aria-busy={archive.isPending}
          onClick={() => void ask()}
        >
          <Trans>Archive account</Trans>
        </button>
      </div>
    </div>
  );
}
