import { Trans, useLingui } from '@lingui/react/macro';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { MailboxMail } from '../../../contract/mailbox';
import { queryClient } from '../../data/query-client';
import { usePageTitle } from '../../lib/page-title';
import { BasicLayout } from '../../ui/layouts/BasicLayout';
import { LoadingState } from '../../ui/LoadingState';
import '../../ui/styles/account.css';
import { mailQuery } from './api/list-mail';
import { openMailQuery } from './api/read-mail';

/**
 * Development only: the mail the app wrote to its outbox (no MAIL_URL), so a newcomer can
 * open the verification and reset links without a mail server.
 */
export function MailboxScreen() {
  const { t, i18n } = useLingui();
  usePageTitle(t`Mailbox`);
  const mail = useQuery(mailQuery(), queryClient);
  const entries = mail.data ?? null;
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useQuery({ ...openMailQuery(openId ?? ''), enabled: openId !== null, placeholderData: keepPreviousData }, queryClient).data;

  return (
    <BasicLayout>
      <div className="mailbox">
        <section className="card" aria-labelledby="mailbox-title">
          <div className="card-body">
            <header className="section-header">
              <h1 id="mailbox-title" className="auth-title">
                <Trans>Mailbox</Trans>
              </h1>
              <p className="section-lead">
                <Trans>Development only: the mail the app would have sent. Open one to follow its links.</Trans>
              </p>
            </header>
            <div className="form-footer">
              <button type="button" className="btn btn-secondary btn-sm" onClick={() => void mail.refetch()}>
                <Trans>Refresh</Trans>
              </button>
            </div>
            {entries === null ? (
              <LoadingState />
            ) : entries.length === 0 ? (
              <p className="section-lead">
                <Trans>No mail yet.</Trans>
              </p>
            ) : (
              <ul className="row-list" aria-label={t`Mail`}>
                {entries.map((entry) => (
                  <li key={entry.id} className="row-item">
                    <div>
                      <p className="row-title">{entry.subject}</p>
                      <p className="row-meta">
                        {entry.to}
                        {entry.date ? ` · ${i18n.date(new Date(entry.date), { dateStyle: 'medium', timeStyle: 'short' })}` : ''}
                      </p>
                    </div>
                    <button type="button" className="btn btn-ghost btn-sm" onClick={() => setOpenId(entry.id)}>
                      <Trans>Open</Trans>
                      <span className="visually-hidden">: {entry.subject}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
        {open ? <OpenMail mail={open} /> : null}
      </div>
    </BasicLayout>
  );
}

function OpenMail({ mail }: { mail: MailboxMail }) {
  const { t } = useLingui();
  const { from, to } = mail;
  const links = [...new Set(mail.text.match(/https?:\/\/\S+/g) ?? [])];
  return (
    <section className="card" aria-labelledby="mail-subject">
      <div className="card-body form-grid">
        <header className="section-header">
          <h2 id="mail-subject" className="section-title">
            {mail.subject}
          </h2>
          <p className="section-lead">
            <Trans>
              From {from} to {to}
            </Trans>
          </p>
        </header>
        {links.length > 0 ? (
          <ul className="row-list" aria-label={t`Links in this mail`}>
            {links.map((href) => (
              <li key={href} className="row-item">
                <a href={href} className="row-meta">
                  {href}
                </a>
              </li>
            ))}
          </ul>
        ) : null}
        {mail.html ? (
          // Sandboxed: no script of a mail runs; a link click may only replace this page.
          <iframe
            className="mail-frame"
            title={t`The mail as HTML`}
            sandbox="allow-top-navigation-by-user-activation"
            srcDoc={mail.html.replace('<head>', '<head><base target="_top">')}
          />
        ) : (
          <pre className="row-meta">{mail.text}</pre>
        )}
      </div>
    </section>
  );
}
