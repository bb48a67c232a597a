import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { CopySubscriptionDetails } from '../../../contract/investing';
import { DEFAULT_FORM_ERROR } from '../../../machines/form/form-errors';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { FormBanner } from '../../ui/form/FormBanner';
import { accountsQuery } from '../accounts';
import { createIdempotentPoster } from '../wallet';
import { unsubscribe } from './api/subscription-calls';
import '../../ui/dialog.css';

/** Leaving a strategy, said before it happens: positions closed, fees settled, the money back. */
export function UnsubscribeDialog({ subscription, onDone, onClose }: { subscription: CopySubscriptionDetails; onDone: (next: CopySubscriptionDetails) => void; onClose: () => void }) {
  const { t } = useLingui();
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    dialog.current?.showModal();
  }, []);
  const poster = useRef(createIdempotentPoster()).current;
  const accounts = useQuery(accountsQuery(), queryClient);
  const account = accounts.data?.find((a) => a.id === subscription.source_account_id)?.number ?? '';
  const name = subscription.strategy.name;
  const leave = useMutation(
    {
      mutationFn: () => unsubscribe(poster, subscription.id),
      onSuccess: (next) => {
        poster.done();
        onDone(next);
        dialog.current?.close();
      },
    },
    queryClient,
  );
  const close = () => dialog.current?.close();
  return (
    <dialog ref={dialog} className="alert-dialog form-dialog" aria-labelledby="leave-title" onClose={onClose}>
      <div className="form-grid invest-dialog-body">
        <h2 id="leave-title">{t`Unsubscribe from ${name}?`}</h2>
        <ul className="invest-consequences">
          <li>
            <Trans>Every open copied position is closed at the market price.</Trans>
          </li>
          <li>
            <Trans>Fees due are settled: the management fee up to today and the performance fee on any profit above the high-water mark.</Trans>
          </li>
          <li>
            <Trans>What is left goes back to account {account}, and the copy account is closed.</Trans>
          </li>
        </ul>
        {leave.isError ? <FormBanner message={messageOf(errorBody(leave.error)) ?? DEFAULT_FORM_ERROR} /> : null}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={close}>
            <Trans>Keep following</Trans>
          </button>
          <button type="button" className="btn btn-primary invest-danger-fill" disabled={leave.isPending} aria-busy={leave.isPending} onClick={() => leave.mutate()}>
            <Trans>Unsubscribe and return the money</Trans>
          </button>
        </div>
      </div>
    </dialog>
  );
}
