import { queryOptions } from '@tanstack/react-query';
import type { AdminRoom, RoomContext, RoomStatus } from '../../../../contract/chat';
import type { Timeline } from '../../../../contract/lifecycle';
import { request } from '../../../lib/http';

export const roomContextKeys = { all: ['chat', 'room-context'] as const };

/** GET /api/admin/chat/rooms/{id}/context: the client beside the conversation. */
export function fetchRoomContext(roomId: number): Promise<RoomContext> {
  return request<RoomContext>(`/api/admin/chat/rooms/${roomId}/context`, { loader: false });
}

export const roomContextQuery = (roomId: number) =>
  queryOptions({ queryKey: [...roomContextKeys.all, roomId] as const, queryFn: () => fetchRoomContext(roomId), staleTime: 0, retry: false });

/** POST /api/admin/chat/rooms/{id}/claim: 409 (translated, naming the holder) when another staff member has it. */
export function claimRoom(roomId: number): Promise<AdminRoom> {
  return request<AdminRoom>(`/api/admin/chat/rooms/${roomId}/claim`, { method: 'POST', body: {} });
}

/** DELETE /api/admin/chat/rooms/{id}/claim */
export function releaseRoom(roomId: number): Promise<AdminRoom> {
  return request<AdminRoom>(`/api/admin/chat/rooms/${roomId}/claim`, { method: 'DELETE' });
}

/** POST /api/admin/chat/rooms/{id}/status */
export function setRoomStatus(roomId: number, status: RoomStatus): Promise<AdminRoom> {
  return request<AdminRoom>(`/api/admin/chat/rooms/${roomId}/status`, { method: 'POST', body: { status } });
}

/**
 * GET /api/admin/chat/rooms/{id}/timeline: who claimed, released, resolved or reopened the room,
 * and when. Keyed also by the holder and status the room list shows, so a change heard live reads it again.
 */
export const roomTimelineQuery = (room: Pick<AdminRoom, 'id' | 'status' | 'assignee'>) =>
  queryOptions({
    queryKey: ['chat', 'room-timeline', room.id, room.status, room.assignee?.id ?? null] as const,
    queryFn: () => request<Timeline>(`/api/admin/chat/rooms/${room.id}/timeline`, { loader: false }),
    staleTime: 0,
    retry: false,
  });
