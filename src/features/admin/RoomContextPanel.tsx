import { Trans, useLingui } from '@lingui/react/macro';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { RoomContext } from '../../../contract/chat';
import { isLocale, LANGUAGES } from '../../../contract/locales';
import { formatMoney } from '../../../contract/money';
import { queryClient } from '../../data/query-client';
import { useLang } from '../../lib/use-lang';
import { LoadError } from '../../ui/LoadError';
import { StatusBadge } from '../../ui/StatusBadge';
import { KIND_LABELS } from '../history';
import { KIND_LABELS as DOCUMENT_KIND_LABELS, STATUS_LABELS as DOCUMENT_STATUS_LABELS, STATUS_TONES as DOCUMENT_STATUS_TONES } from '../verification';
import { roomContextQuery } from './api/chat-rooms';
import { MessageTime } from '../chat';

type DocumentState = keyof typeof DOCUMENT_STATUS_LABELS;
const documentState = (status: string): DocumentState => (status in DOCUMENT_STATUS_LABELS ? (status as DocumentState) : 'not_submitted');

/**
 * Beside the conversation: who the client is (name, e-mail, language, verification), their
 * trading accounts with the platform's balances, money requests waiting for staff and, where
 * the tickets feature answers them, open tickets, with links to the screens that act on them.
 */
export function RoomContextPanel({ roomId }: { roomId: number }) {
  const { t } = useLingui();
  const context = useQuery(roomContextQuery(roomId), queryClient);
  return (
    <aside className="room-context" aria-label={t`About the client`}>
      {context.isError ? (
        <LoadError onRetry={() => void context.refetch()} retrying={context.isFetching}>
          <Trans>The client’s details could not be loaded.</Trans>
        </LoadError>
      ) : context.data ? (
        <ContextDetails context={context.data} />
      ) : (
        <p className="room-context-muted">
          <Trans>Loading…</Trans>
        </p>
      )}
    </aside>
  );
}

function ContextDetails({ context }: { context: RoomContext }) {
  const { t, i18n } = useLingui();
  const lang = useLang();
  const { client, verification } = context;
  const language = isLocale(client.locale) ? LANGUAGES[client.locale].name : client.locale;
  return (
    <>
      <section className="room-context-section" aria-labelledby="room-context-client">
        <h3 id="room-context-client" className="room-context-title">
          <Trans>Client</Trans>
        </h3>
        <dl className="room-context-facts">
          <dt>{t({ message: 'Name', context: 'person' })}</dt>
          <dd>{`${client.first_name} ${client.second_name}`.trim()}</dd>
          <dt>{t`E-mail`}</dt>
          <dd className="room-context-email">
            <a href={`mailto:${client.email}`}>{client.email}</a>{' '}
            {client.email_verified ? null : <StatusBadge tone="pending">{t`not confirmed`}</StatusBadge>}
          </dd>
          <dt>{t`Language`}</dt>
          <dd lang={client.locale === 'ua' ? 'uk' : client.locale}>{language}</dd>
          <dt>{t`Verification`}</dt>
          <dd>
            <StatusBadge tone={verification.verified ? 'success' : 'pending'}>{verification.verified ? t`Verified` : t`Not verified`}</StatusBadge>
          </dd>
        </dl>
        {verification.verified ? null : (
          <ul className="room-context-list">
            {verification.documents.map((document) => {
              const state = documentState(document.status);
              const kind = document.kind === 'address' || document.kind === 'identity' ? i18n._(DOCUMENT_KIND_LABELS[document.kind]) : document.kind;
              return (
                <li key={document.kind} className="room-context-row">
                  <span>{kind}</span>
                  <StatusBadge tone={DOCUMENT_STATUS_TONES[state]}>{i18n._(DOCUMENT_STATUS_LABELS[state])}</StatusBadge>
                </li>
              );
            })}
          </ul>
        )}
        <Link className="room-context-link" to="/$lang/administration/verifications" params={{ lang }}>
          <Trans>Verifications</Trans>
        </Link>
      </section>

      <section className="room-context-section" aria-labelledby="room-context-accounts">
        <h3 id="room-context-accounts" className="room-context-title">
          <Trans>Trading accounts</Trans>
        </h3>
        {context.accounts === null ? (
          <p className="room-context-muted">
            <Trans>The trading platform is not answering; balances are not shown.</Trans>
          </p>
        ) : context.accounts.length === 0 ? (
          <p className="room-context-muted">
            <Trans>No trading accounts yet.</Trans>
          </p>
        ) : (
          <ul className="room-context-list">
            {context.accounts.map((account) => (
              <li key={account.id} className="room-context-row">
                <span>
                  <span className="room-context-number">{account.number}</span>{' '}
                  <StatusBadge tone={account.type === 'live' ? 'success' : 'neutral'}>{account.type === 'live' ? t`Live` : t`Demo`}</StatusBadge>
                </span>
                <span className="room-context-amount">{formatMoney(account.balance, account.currency, account.precision, lang)}</span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="room-context-section" aria-labelledby="room-context-requests">
        <h3 id="room-context-requests" className="room-context-title">
          <Trans>Waiting money requests</Trans>
        </h3>
        {context.pending_requests.length === 0 ? (
          <p className="room-context-muted">
            <Trans>Nothing is waiting.</Trans>
          </p>
        ) : (
          <ul className="room-context-list">
            {context.pending_requests.map((request) => (
              <li key={request.id} className="room-context-row">
                <span>
                  {i18n._(KIND_LABELS[request.kind])} · <span className="room-context-number">{request.account_number}</span>
                  <br />
                  <span className="room-context-muted">
                    <MessageTime iso={request.created_at} />
                  </span>
                </span>
                <span className="room-context-amount">{formatMoney(Math.abs(request.amount), request.currency, request.precision, lang)}</span>
              </li>
            ))}
          </ul>
        )}
        <Link className="room-context-link" to="/$lang/administration/requests" params={{ lang }}>
          <Trans>Requests</Trans>
        </Link>
      </section>

      {context.tickets ? (
        <section className="room-context-section" aria-labelledby="room-context-tickets">
          <h3 id="room-context-tickets" className="room-context-title">
            <Trans>Open tickets</Trans>
          </h3>
          {context.tickets.length === 0 ? (
            <p className="room-context-muted">
              <Trans>No open tickets.</Trans>
            </p>
          ) : (
            <ul className="room-context-list">
              {context.tickets.map((ticket) => (
                <li key={ticket.id} className="room-context-row">
                  {/* The tickets screen belongs to the tickets feature; a plain link keeps this panel free of its routes. */}
                  <a href={`/${lang}/administration/tickets/${ticket.id}`}>
                    <span className="room-context-number">{ticket.number}</span> {ticket.subject}
                  </a>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
