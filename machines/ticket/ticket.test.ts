import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '../../contract/tickets';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { reopenUntil, ticketMachine, type TicketEvent } from './ticket.machine';
import { DAY_LATER, EIGHT_DAYS_LATER, RESOLVED_AT, ticketModel } from './ticket.model';
import { nextStatus, selectActions, selectCanClientReply, selectCanRate, selectCanReopen, ticketSnapshot } from './ticket.selectors';

const pathsByInput = modelPaths(ticketModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('ticket machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(ticketModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(ticketMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });

  it('has one state per stored status', () => {
    expect(Object.keys(ticketMachine.states).sort()).toEqual([...TICKET_STATUSES].sort());
  });

  it('never leaves closed except by a rating, which keeps it closed', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        const before = path.steps[index - 1]?.state;
        if (before?.matches('closed')) expect(step.state.matches('closed')).toBe(true);
      });
    }
  });
});

const resolved = (rated = false) => ticketSnapshot('resolved', { resolvedAt: RESOLVED_AT, rated });
const step = (status: TicketStatus, event: TicketEvent, resolvedAt: string | null = null) =>
  nextStatus(ticketSnapshot(status, { resolvedAt, rated: false }), event)?.status ?? null;

describe('ticket lifecycle', () => {
  it('waits for the client after a staff answer, and for staff after the client writes back', () => {
    expect(step('open', { type: 'staff.reply' })).toBe('awaiting_client');
    expect(step('awaiting_client', { type: 'client.reply' })).toBe('awaiting_staff');
    expect(step('open', { type: 'client.reply' })).toBe('open');
  });

  it('lets the client reopen within 7 days of the resolution and not after', () => {
    expect(selectCanReopen(resolved(), DAY_LATER)).toBe(true);
    expect(selectCanReopen(resolved(), EIGHT_DAYS_LATER)).toBe(false);
    expect(step('resolved', { type: 'client.reopen', at: DAY_LATER }, RESOLVED_AT)).toBe('awaiting_staff');
    expect(reopenUntil(RESOLVED_AT)).toBe('2030-01-22T09:00:00.000Z');
  });

  it('takes one rating of 1 to 5 per resolution', () => {
    expect(selectCanRate(resolved())).toBe(true);
    expect(selectCanRate(resolved(true))).toBe(false);
    expect(nextStatus(resolved(), { type: 'client.rate', score: 6 })).toBeNull();
    expect(selectCanRate(ticketSnapshot('open', { resolvedAt: null, rated: false }))).toBe(false);
    const reopened = nextStatus(resolved(true), { type: 'staff.reopen' })!;
    const again = nextStatus(ticketSnapshot(reopened.status, reopened.context), { type: 'staff.resolve', at: DAY_LATER })!;
    expect(again.context).toEqual({ resolvedAt: DAY_LATER, rated: false });
  });

  it('refuses a reply on a resolved or closed ticket: the client reopens first', () => {
    expect(selectCanClientReply(resolved())).toBe(false);
    expect(step('closed', { type: 'client.reply' })).toBeNull();
    expect(step('closed', { type: 'staff.reply' })).toBeNull();
  });

  it('offers each side only the steps possible now', () => {
    expect(selectActions(resolved(), 'client', DAY_LATER)).toEqual(['client.reopen', 'client.rate']);
    expect(selectActions(resolved(), 'client', EIGHT_DAYS_LATER)).toEqual(['client.rate']);
    expect(selectActions(ticketSnapshot('open', { resolvedAt: null, rated: false }), 'staff', DAY_LATER)).toEqual([
      'staff.reply',
      'staff.await_client',
      'staff.resolve',
      'staff.close',
    ]);
    expect(selectActions(ticketSnapshot('closed', { resolvedAt: null, rated: false }), 'staff', DAY_LATER)).toEqual([]);
  });
});
