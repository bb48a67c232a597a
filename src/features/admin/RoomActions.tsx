import { Trans, useLingui } from '@lingui/react/macro';
import { useMutation, useQuery } from '@tanstack/react-query';
import type { AdminRoom } from '../../../contract/chat';
import type { TimelineStep } from '../../../contract/lifecycle';
import { queryClient } from '../../data/query-client';
import { errorBody, messageOf } from '../../lib/http';
import { StatusBadge } from '../../ui/StatusBadge';
import { adminRoomsKeys } from '../chat';
import { claimRoom, releaseRoom, roomTimelineQuery, setRoomStatus } from './api/chat-rooms';

type Action = { kind: 'claim' } | { kind: 'release' } | { kind: 'status'; status: AdminRoom['status'] };

/**
 * Who holds the conversation and what it is (open or resolved), with the staff's moves: claim it
 * (another's claim, even one made a moment earlier, is answered with who holds it), give it back,
 * resolve or reopen it.
 */
export function RoomActions({ room, staffId, onChanged }: { room: AdminRoom; staffId: number; onChanged: (room: AdminRoom) => void }) {
  const { t } = useLingui();
  const action = useMutation(
    {
      mutationFn: (next: Action) =>
        next.kind === 'claim' ? claimRoom(room.id) : next.kind === 'release' ? releaseRoom(room.id) : setRoomStatus(room.id, next.status),
      onSuccess: onChanged,
      onSettled: () => queryClient.invalidateQueries({ queryKey: adminRoomsKeys.all }),
    },
    queryClient,
  );
  const refusal = action.isError ? (messageOf(errorBody(action.error)) ?? t`That did not work. Please try again.`) : null;
  const mine = room.assignee?.id === staffId;
  const resolved = room.status === 'resolved';

  return (
    <div className="room-actions">
      <p className="room-actions-state">
        <StatusBadge tone={resolved ? 'success' : 'pending'}>{resolved ? t({ message: 'Resolved', context: 'conversation status' }) : t({ message: 'Open', context: 'conversation status' })}</StatusBadge>{' '}
        <span className="room-actions-holder">
          {room.assignee === null ? <Trans>Unassigned</Trans> : mine ? <Trans>Claimed by you</Trans> : <Trans>Claimed by {room.assignee.name}</Trans>}
        </span>
      </p>
      <div className="room-actions-buttons">
        {mine ? (
          <button type="button" className="btn btn-secondary" disabled={action.isPending} onClick={() => action.mutate({ kind: 'release' })}>
            <Trans>Release</Trans>
          </button>
        ) : room.assignee === null ? (
          <button type="button" className="btn btn-primary" disabled={action.isPending} onClick={() => action.mutate({ kind: 'claim' })}>
            <Trans>Claim</Trans>
          </button>
        ) : null}
        <button
          type="button"
          className="btn btn-secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'status', status: resolved ? 'open' : 'resolved' })}
        >
          {resolved ? <Trans>Reopen</Trans> : <Trans>Mark resolved</Trans>}
        </button>
      </div>
      {refusal ? (
        <p className="room-actions-error" role="alert">
          {refusal}
        </p>
      ) : null}
      <RoomHistory room={room} />
    </div>
  );
}

/** The room's recorded staff steps, newest first: who claimed or released it, who resolved or reopened it, and when (docs/adr/0087). */
function RoomHistory({ room }: { room: AdminRoom }) {
  const { t, i18n } = useLingui();
  const timeline = useQuery(roomTimelineQuery(room), queryClient);
  const steps = [...(timeline.data?.steps ?? [])].reverse();
  if (steps.length === 0) return null;
  const title = (step: TimelineStep) => {
    const name = step.reason ?? '';
    switch (step.event) {
      case 'staff.claim':
        return t`Claimed by ${name}`;
      case 'staff.release':
        return t`Released by ${name}`;
      case 'staff.resolve':
        return t({ message: 'Resolved', context: 'conversation status' });
      case 'staff.reopen':
        return t`Reopened`;
      default:
        return step.event;
    }
  };
  return (
    <details className="room-history">
      <summary>
        <Trans>History</Trans>
      </summary>
      <ol className="room-history-steps">
        {steps.map((step, index) => (
          <li key={`${step.at}-${index}`}>
            <span>{title(step)}</span>{' '}
            <time dateTime={step.at}>{i18n.date(new Date(step.at), { dateStyle: 'medium', timeStyle: 'short' })}</time>
          </li>
        ))}
      </ol>
    </details>
  );
}
