import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSelector } from '@xstate/react';
import { type KeyboardEvent, useId, useRef, useState } from 'react';
import {
  selectCanSend,
  selectConnection,
  selectDraft,
  selectEntries,
  selectIsLoading,
  selectIsMine,
  selectIsUnavailable,
  selectSeenId,
  selectTypingName,
} from '../../../machines/chat/chat.selectors';
import { type CannedReply, CHAT_MESSAGE_MAX } from '../../../contract/chat';
import { newClientId } from './api/send-message';
import { AttachButton } from './AttachButton';
import { AttachmentLink } from './AttachmentLink';
import { insertReply, matchReplies, slashQuery } from './canned';
import { MessageTime } from './MessageTime';
import { type ChatActor, useScrollToBottom } from './use-chat';
import './chat.css';

/** The composer counts what is left from this many characters before the limit. */
const COUNTER_FROM = CHAT_MESSAGE_MAX - 200;

/**
 * The conversation: messages (always rendered as text, files as download buttons), the other
 * side's typing line, and the composer. Enter sends, Shift+Enter breaks the line. Shared by the
 * client widget and the administration's chats; staff pass `cannedReplies`, which `/word` lists
 * (arrows choose, Enter inserts, Escape closes).
 */
export function ChatConversation({
  actor,
  otherName,
  emptyText,
  cannedReplies,
}: {
  actor: ChatActor;
  otherName: string;
  emptyText: string;
  cannedReplies?: readonly CannedReply[] | undefined;
}) {
  const { t } = useLingui();
  const entries = useSelector(actor, selectEntries);
  const draft = useSelector(actor, selectDraft);
  const canSend = useSelector(actor, selectCanSend);
  const typingName = useSelector(actor, selectTypingName);
  const connection = useSelector(actor, selectConnection);
  const loading = useSelector(actor, selectIsLoading);
  const unavailable = useSelector(actor, selectIsUnavailable);
  const snapshot = useSelector(actor, (s) => s);
  const seenId = useSelector(actor, selectSeenId);
  const roomId = useSelector(actor, (s) => s.context.room?.id ?? null);
  const list = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const counterId = useId();
  const suggestionsId = useId();
  useScrollToBottom(actor, list);
  const left = CHAT_MESSAGE_MAX - draft.length;

  // The suggestions: open while a `/word` ends the draft, until Escape (for that draft).
  const [active, setActive] = useState(0);
  const [dismissed, setDismissed] = useState<string | null>(null);
  const query = cannedReplies ? slashQuery(draft) : null;
  const suggestions = query !== null && dismissed !== draft ? matchReplies(cannedReplies!, query) : [];
  const shown = suggestions.length > 0;
  const current = shown ? Math.min(active, suggestions.length - 1) : -1;
  const optionId = (i: number) => `${suggestionsId}-${i}`;
  const insert = (reply: CannedReply) => {
    actor.send({ type: 'chat.input', value: insertReply(draft, reply) });
    setActive(0);
  };

  const submit = () => actor.send({ type: 'chat.submit', at: new Date().toISOString(), clientId: newClientId() });
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (shown && !event.nativeEvent.isComposing) {
      if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
        event.preventDefault();
        const step = event.key === 'ArrowDown' ? 1 : -1;
        setActive((current + step + suggestions.length) % suggestions.length);
        return;
      }
      if (event.key === 'Enter' && !event.shiftKey) {
        event.preventDefault();
        insert(suggestions[current]!);
        return;
      }
      if (event.key === 'Escape') {
        event.preventDefault();
        setDismissed(draft);
        return;
      }
    }
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
                  {entry.message || !entry.attachment ? (
                    <p className="chat-bubble" dir="auto">
                      {entry.message}
                    </p>
                  ) : null}
                  {entry.attachment ? <AttachmentLink attachment={entry.attachment} /> : null}
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
                      <>
                        <MessageTime iso={entry.created_at} />
                        {entry.id !== null && entry.id === seenId ? (
                          <span className="chat-seen" data-testid="chat-seen">
                            {' · '}
                            <Trans context="read receipt">Seen</Trans>
                          </span>
                        ) : null}
                      </>
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
        {shown ? (
          <ul className="chat-suggestions" id={suggestionsId} role="listbox" aria-label={t`Canned replies`}>
            {suggestions.map((reply, i) => (
              <li
                key={reply.id}
                id={optionId(i)}
                role="option"
                aria-selected={i === current}
                className="chat-suggestion"
                // Keeps the focus in the composer while the pointer chooses.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => insert(reply)}
              >
                <span className="chat-suggestion-shortcut">/{reply.shortcut}</span>
                <span className="chat-suggestion-text">{reply.text}</span>
              </li>
            ))}
          </ul>
        ) : null}
        <p className="visually-hidden" aria-live="polite">
          {shown ? plural(suggestions.length, { one: '# canned reply: up and down arrows choose, Enter inserts, Escape closes.', other: '# canned replies: up and down arrows choose, Enter inserts, Escape closes.' }) : ''}
        </p>
        <label htmlFor={inputId} className="visually-hidden">
          <Trans>Message</Trans>
        </label>
        {roomId !== null ? <AttachButton actor={actor} roomId={roomId} /> : null}
        <textarea
          id={inputId}
          className="input chat-input"
          dir="auto"
          rows={2}
          maxLength={CHAT_MESSAGE_MAX}
          aria-describedby={draft.length >= COUNTER_FROM ? counterId : undefined}
          aria-autocomplete={cannedReplies ? 'list' : undefined}
          aria-controls={shown ? suggestionsId : undefined}
          aria-activedescendant={shown ? optionId(current) : undefined}
          placeholder={cannedReplies ? t`Write a message… (/ for canned replies)` : t`Write a message…`}
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
