import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef } from 'react';
import { CANNED_SHORTCUT_MAX, CANNED_TEXT_MAX, type CannedReply } from '../../../contract/chat';
import { LANGUAGES, type Locale, LOCALES } from '../../../contract/locales';
import { useForm } from '../../lib/use-form';
import { SelectField } from '../../ui/choice/SelectField';
import { DialogActions } from '../../ui/form/DialogActions';
import { FormBanner } from '../../ui/form/FormBanner';
import { TextAreaField } from '../../ui/form/TextAreaField';
import { TextField } from '../../ui/form/TextField';
import { CloseIcon } from '../../ui/icons/CloseIcon';
import { saveCannedReply } from './api/canned-replies';
import '../../ui/dialog.css';

interface ReplyData extends Record<string, unknown> {
  lang: string;
  shortcut: string;
  text: string;
}

/** Add a canned reply or change one, in a modal dialog; the server's refusals (a shortcut taken in that language) land on their fields. */
export function CannedReplyDialog({
  reply,
  lang,
  onClose,
  onSaved,
}: {
  reply: CannedReply | null;
  lang: Locale;
  onClose: () => void;
  onSaved: (reply: CannedReply) => void;
}) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const form = useForm<ReplyData>(
    { lang: reply?.lang ?? lang, shortcut: reply?.shortcut ?? '', text: reply?.text ?? '' },
    (data) => saveCannedReply({ lang: data.lang as Locale, shortcut: data.shortcut.replace(/^\//, ''), text: data.text }, reply?.id),
    (output) => onSaved(output as CannedReply),
  );
  const close = () => dialog.current?.close();

  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="canned-dialog-title" onClose={onClose}>
      <form className="form-grid" onSubmit={form.onSubmit} noValidate>
        <div className="dialog-head">
          <h2 id="canned-dialog-title">{reply ? t`Edit /${reply.shortcut}` : t`New canned reply`}</h2>
          <button type="button" className="icon-btn" onClick={close} aria-label={t`Close`}>
            <CloseIcon />
          </button>
        </div>
        <FormBanner message={form.message} />
        <SelectField
          label={t`Language of the clients`}
          options={LOCALES.map((code) => ({ value: code, label: LANGUAGES[code].name }))}
          {...form.field('lang')}
        />
        <TextField
          label={t`Shortcut`}
          maxLength={CANNED_SHORTCUT_MAX}
          required
          autoComplete="off"
          spellCheck={false}
          hint={t`Typed after / in a chat: letters, digits, - and _, e.g. greeting.`}
          {...form.field('shortcut')}
        />
        <TextAreaField label={t`Text`} rows={5} maxLength={CANNED_TEXT_MAX} required {...form.field('text')} />
        <DialogActions busy={form.busy} onCancel={close}>
          {reply ? <Trans>Save changes</Trans> : <Trans>Add reply</Trans>}
        </DialogActions>
      </form>
    </dialog>
  );
}
