import { Trans, useLingui } from '@lingui/react/macro';
import { type ChangeEvent, useRef, useState } from 'react';
import { DOCUMENT_MAX_BYTES, DOCUMENT_MIME_TYPES } from '../../../contract/verification';
import { messageOf, UploadError } from '../../lib/http';
import { PaperclipIcon } from '../../ui/icons/PaperclipIcon';
import { sendAttachment } from './api/send-attachment';
import { newClientId } from './api/send-message';
import type { ChatActor } from './use-chat';

/**
 * Sends a file into the room (PNG, JPEG or PDF, at most 10 MB: the server checks the content).
 * The stored message comes back in the answer and joins the conversation as any message does;
 * the other side hears of it live, as a reference.
 */
export function AttachButton({ actor, roomId }: { actor: ChatActor; roomId: number }) {
  const { t } = useLingui();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    if (file.size > DOCUMENT_MAX_BYTES) {
      setState({ busy: false, error: t`The file must not be larger than 10 MB.` });
      return;
    }
    setState({ busy: true, error: null });
    try {
      const message = await sendAttachment(roomId, file, newClientId());
      actor.send({ type: 'chat.messageReceived', message });
      setState({ busy: false, error: null });
    } catch (error) {
      const server = error instanceof UploadError ? messageOf(error.data) : null;
      setState({ busy: false, error: server ?? t`The file could not be sent. Please try again.` });
    }
  }

  return (
    <>
      <input ref={input} type="file" hidden accept={DOCUMENT_MIME_TYPES.join(',')} onChange={(event) => void onChange(event)} tabIndex={-1} />
      <button
        type="button"
        className="btn btn-ghost chat-attach"
        onClick={() => input.current?.click()}
        disabled={state.busy}
        aria-label={state.busy ? t`Sending the file…` : t`Attach a file (PNG, JPEG or PDF, up to 10 MB)`}
        title={t`Attach a file (PNG, JPEG or PDF, up to 10 MB)`}
      >
        <PaperclipIcon />
      </button>
      {state.busy || state.error ? (
        <p className={state.error ? 'chat-attach-status chat-failed' : 'chat-attach-status'} role={state.error ? 'alert' : 'status'}>
          {state.error ?? <Trans>Sending the file…</Trans>}
        </p>
      ) : null}
    </>
  );
}
