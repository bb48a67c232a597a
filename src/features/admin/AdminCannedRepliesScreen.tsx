import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import type { CannedReply } from '../../../contract/chat';
import { LANGUAGES, type Locale, LOCALES } from '../../../contract/locales';
import { queryClient } from '../../data/query-client';
import { showAlert } from '../../lib/alerts';
import { dialogButtons } from '../../lib/dialog-buttons';
import { showErrorAlert } from '../../lib/error-alert';
import { usePageTitle } from '../../lib/page-title';
import { useLang } from '../../lib/use-lang';
import { SegmentedControl } from '../../ui/choice/SegmentedControl';
import { ChatIcon } from '../../ui/icons/ChatIcon';
import { PlusIcon } from '../../ui/icons/PlusIcon';
import { LoadError } from '../../ui/LoadError';
import { LoadingState } from '../../ui/LoadingState';
import { EmptyState } from '../../ui/PageHeader';
import { cannedRepliesKeys, cannedRepliesQuery, deleteCannedReply } from './api/canned-replies';
import { CannedReplyDialog } from './CannedReplyDialog';
import './admin-money.css';
import './admin-chats.css';

/** Staff: the canned replies of the chats, one set per client language; a chat offers the client's language's set after `/`. */
export function AdminCannedRepliesScreen() {
  const { t } = useLingui();
  usePageTitle(t`Canned replies`);
  const [lang, setLang] = useState<Locale>(useLang());
  const replies = useQuery(cannedRepliesQuery(lang), queryClient);
  const [editing, setEditing] = useState<CannedReply | 'new' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const removal = useMutation(
    { mutationFn: deleteCannedReply, onSettled: () => queryClient.invalidateQueries({ queryKey: cannedRepliesKeys.all }) },
    queryClient,
  );

  const open = (target: CannedReply | 'new', from: HTMLElement) => {
    opener.current = from;
    setNotice(null);
    setEditing(target);
  };
  const saved = (reply: CannedReply) => {
    setNotice(editing === 'new' ? t`/${reply.shortcut} added.` : t`/${reply.shortcut} saved.`);
    setEditing(null);
    void queryClient.invalidateQueries({ queryKey: cannedRepliesKeys.all });
  };
  async function remove(reply: CannedReply) {
    const { confirmLabel, cancelLabel } = dialogButtons();
    const answer = await showAlert({
      kind: 'canned-reply.delete',
      tone: 'warning',
      title: t`Delete /${reply.shortcut}?`,
      text: t`Staff will no longer be offered this reply.`,
      confirmLabel,
      cancelLabel,
    });
    if (answer !== 'confirm') return;
    setNotice(null);
    try {
      await removal.mutateAsync(reply.id);
      setNotice(t`/${reply.shortcut} deleted.`);
    } catch (failure) {
      void showErrorAlert(failure);
    }
  }

  const list = replies.data ?? [];
  return (
    <section className="card" aria-labelledby="canned-title">
      <div className="chart-toolbar admin-toolbar">
        <div>
          <h2 id="canned-title" className="admin-card-title">
            <Trans>Canned replies</Trans>
          </h2>
          <p className="field-hint">
            <Trans>In a chat, type / and the shortcut: the replies in the client’s language are offered.</Trans>
          </p>
        </div>
        <button type="button" className="btn btn-primary" onClick={(event) => open('new', event.currentTarget)}>
          <PlusIcon size={18} />
          <Trans>Add reply</Trans>
        </button>
      </div>
      <div className="canned-filter">
        <SegmentedControl
          label={t`Language of the clients`}
          options={LOCALES.map((code) => ({ value: code, label: <span lang={LANGUAGES[code].intl}>{LANGUAGES[code].name}</span> }))}
          value={lang}
          onChange={setLang}
        />
      </div>
      {notice ? (
        <div className="admin-banner banner banner-success" role="status">
          <span>{notice}</span>
        </div>
      ) : null}
      {replies.isError && !replies.data ? (
        <LoadError onRetry={() => void replies.refetch()} retrying={replies.isFetching} className="money-error card-error">
          <Trans>The canned replies could not be loaded.</Trans>
        </LoadError>
      ) : replies.isPending ? (
        <LoadingState />
      ) : list.length === 0 ? (
        <div className="admin-empty">
          <EmptyState icon={<ChatIcon />} title={t`No canned replies in this language yet`}>
            <p>
              <Trans>Add the answers staff give most often, once for each language clients write in.</Trans>
            </p>
          </EmptyState>
        </div>
      ) : (
        <ul className="canned-list">
          {list.map((reply) => (
            <li key={reply.id} className="canned-item">
              <div className="canned-item-body">
                <p className="canned-item-shortcut">/{reply.shortcut}</p>
                <p className="canned-item-text" lang={LANGUAGES[reply.lang as Locale]?.intl} dir="auto">
                  {reply.text}
                </p>
              </div>
              <div className="canned-item-actions">
                <button type="button" className="btn btn-secondary" onClick={(event) => open(reply, event.currentTarget)} aria-label={t`Edit /${reply.shortcut}`}>
                  <Trans>Edit</Trans>
                </button>
                <button
                  type="button"
                  className="btn btn-ghost"
                  disabled={removal.isPending && removal.variables === reply.id}
                  onClick={() => void remove(reply)}
                  aria-label={t`Delete /${reply.shortcut}`}
                >
                  <Trans>Delete</Trans>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <CannedReplyDialog
          reply={editing === 'new' ? null : editing}
          lang={lang}
          onClose={() => {
            setEditing(null);
            opener.current?.focus();
          }}
          onSaved={saved}
        />
      ) : null}
    </section>
  );
}
