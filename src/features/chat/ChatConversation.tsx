import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useId, useRef } from 'react';
import {
  selectCanSend,
  selectConnection,
  selectDraft,
  selectEntries,
  selectIsLoading,
  selectIsMine,
  selectIsUnavailable,
  selectTypingName,
} from '../../../machines/chat/chat.selectors';
import { CHAT_MESSAGE_MAX } from '../../../contract/chat';

/** The composer counts what is left from this many characters before the limit. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 200;
import { newClientId } from './api/send-message';
import { MessageTime } from './MessageTime';
import { type ChatActor, useScrollToBottom } from './use-chat';
import './chat.css';

/**
 * The conversation: messages (always rendered as text), the other side's typing line, and
 * the composer. Enter sends, Shift+Enter breaks the line. Shared by the client widget and
 * the administration's chats.
 */
export function ChatConversation({ actor, otherName, emptyText }: { actor: ChatActor; otherName: string; emptyText: string }) {
  const { t } = useLingui();
  const entries = useSelector(actor, selectEntries);
  const draft = useSelector(actor, selectDraft);
  const canSend = useSelector(actor, selectCanSend);
  const typingName = useSelector(actor, selectTypingName);
  const connection = useSelector(actor, selectConnection);
  const loading = useSelector(actor, selectIsLoading);
  const unavailable = useSelector(actor, selectIsUnavailable);
  const snapshot = useSelector(actor, (s) => s);
  const list = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const counterId = useId();
  useScrollToBottom(actor, list);
  const left = CHAT_MESSAGE_MAX - draft.length;

  const submit = () => actor.send({ type: 'chat.submit', at: new Date().toISOString(), clientId: newClientId() });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  };

  return (
    <div className="chat-conversation">
      {connection === 'reconnecting' ? (
        <p className="chat-notice" role="status">
          <Trans>Connection lost. Reconnecting…</Trans>
        </p>
      ) : null}
      <div ref={list} className="chat-messages" role="log" aria-live="polite" aria-relevant="additions" aria-label={t`Messages`} tabIndex={0}>
        <ol className="chat-list">
          {loading ? (
            <li className="chat-placeholder">
              <Trans>Loading the conversation…</Trans>
            </li>
          ) : unavailable ? (
            <li className="chat-placeholder">
              <Trans>The chat is unavailable right now. Please try again later.</Trans>
            </li>
          ) : entries.length === 0 ? (
            <li className="chat-placeholder">{emptyText}</li>
          ) : (
            entries.map((entry) => {
              const mine = selectIsMine(snapshot, entry);
              return (
                <li key={entry.key} className={`chat-message ${mine ? 'chat-message-mine' : 'chat-message-theirs'}`} data-status={entry.status}>
                  <span className="visually-hidden">{mine ? t`You:` : t`${otherName}:`}</span>
                  <p className="chat-bubble" dir="auto">
                    {entry.message}
                  </p>
                  <span className="chat-meta">
                    {entry.status === 'sending' ? (
                      <Trans>Sending…</Trans>
                    ) : entry.status === 'failed' ? (
                      <>
                        <span className="chat-failed">
                          <Trans>Not sent</Trans>
                        </span>
                        <button type="button" className="chat-retry" onClick={() => actor.send({ type: 'chat.retry', key: entry.key })}>
                          <Trans>Retry</Trans>
                        </button>
                      </>
                    ) : (
                      <MessageTime iso={entry.created_at} />
                    )}
                  </span>
                </li>
              );
            })
          )}
        </ol>
      </div>
      <p className="chat-typing" aria-live="polite">
        {typingName ? <Trans>{typingName} is typing…</Trans> : null}
      </p>
      <form
        className="chat-composer"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <label htmlFor={inputId} className="visually-hidden">
          <Trans>Message</Trans>
        </label>
        <textarea
          id={inputId}
          className="input chat-input"
          dir="auto"
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          aria-describedby={draft.length >= COUNTER_FROM ? counterId : undefined}
          placeholder={t`Write a message…`}
          value={draft}
          onChange={(event) => actor.send({ type: 'chat.input', value: event.target.value })}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn btn-primary chat-send" disabled={!canSend}>
          <Trans>Send</Trans>
        </button>
        {draft.length >= COUNTER_FROM ? (
          <p id={counterId} className="chat-counter" data-full={left === 0} aria-live="polite">
            {plural(left, { one: '# character left', other: '# characters left' })}
          </p>
        ) : null}
      </form>
    </div>
  );
}
