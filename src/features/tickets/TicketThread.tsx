import { Trans, useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import { intlLocale } from '../../../contract/locales';
import type { TicketAttachment, TicketMessage } from '../../../contract/tickets';
import { saveFile } from '../../lib/save-file';
import { useLang } from '../../lib/use-lang';
import { DownloadIcon } from '../../ui/icons/DownloadIcon';
import { LockIcon } from '../../ui/icons/LockIcon';
import { formatBytes } from '../verification';
import { fetchAttachment } from './api/fetch-attachment';

/** A ticket's messages, oldest first, with their files; staff see their notes marked as such. */
export function TicketThread({ ticketId, messages, viewer }: { ticketId: number; messages: readonly TicketMessage[]; viewer: 'client' | 'staff' }) {
  const { t, i18n } = useLingui();
  const author = (message: TicketMessage) => {
    if (message.author.kind === 'system') return t`Traderoom`;
    if (viewer === 'client' && message.author.kind === 'client') return t`You`;
    return message.author.kind === 'staff' && viewer === 'client' ? t`${message.author.name}, support` : message.author.name;
  };
  return (
    <ol className="ticket-thread" aria-label={t`Messages`}>
      {messages.map((message) => (
        <li
          key={message.id}
          className={`ticket-message ticket-message-${message.author.kind}${message.internal ? ' ticket-message-note' : ''}`}
          aria-label={message.internal ? t`Internal note by ${message.author.name}` : undefined}
        >
          <div className="ticket-message-head">
            <strong>{author(message)}</strong>
            {message.internal ? (
              <span className="ticket-note-badge">
                <LockIcon size={14} />
                <Trans>Internal note</Trans>
              </span>
            ) : null}
            <time dateTime={message.created_at}>{i18n.date(new Date(message.created_at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </div>
          <p className="ticket-message-body">{message.body}</p>
          {message.attachments.length > 0 ? (
            <ul className="ticket-attachments" aria-label={t`Attachments`}>
              {message.attachments.map((attachment) => (
                <li key={attachment.id}>
                  <AttachmentButton ticketId={ticketId} attachment={attachment} />
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

function AttachmentButton({ ticketId, attachment }: { ticketId: number; attachment: TicketAttachment }) {
  const { t } = useLingui();
  const lang = useLang();
  const [state, setState] = useState<'idle' | 'busy' | 'failed'>('idle');
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-sm attachment-link"
        aria-busy={state === 'busy'}
        onClick={() => {
          setState('busy');
          fetchAttachment(ticketId, attachment.id).then(
            (file) => {
              saveFile(file, attachment.file_name);
              setState('idle');
            },
            () => setState('failed'),
          );
        }}
      >
        <DownloadIcon size={16} />
        <span>{attachment.file_name}</span>
        <span className="attachment-size">{formatBytes(attachment.size, intlLocale(lang))}</span>
      </button>
      {state === 'failed' ? (
        <span className="field-error" role="alert">
          {t`The file could not be downloaded. Try again.`}
        </span>
      ) : null}
    </>
  );
}
