import { describe, expect, it } from 'vitest';
import { TICKET_STATUSES, type TicketStatus } from '../../contract/tickets';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { reopenUntil, ticketMachine, type TicketEvent } from './ticket.machine';
import { DAY_LATER, EIGHT_DAYS_LATER, RESOLVED_AT, ticketModel } from './ticket.model';
import { nextStatus, selectActions, ticketSnapshot } from './ticket.selectors';

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

  it('never leaves closed', () => {
    for (const path of paths) {
      path.steps.forEach((step, index) => {
        if (path.steps[index - 1]?.state.matches('closed')) expect(step.state.matches('closed')).toBe(true);
      });
    }
  });
});

const step = (status: TicketStatus, event: TicketEvent) => nextStatus(ticketSnapshot(status), event);
const unrated = { resolved_at: RESOLVED_AT, rated: false };

describe('ticket lifecycle', () => {
  it('waits for the client after a staff answer, and for staff after the client writes back', () => {
    expect(step('open', { type: 'staff.reply' })).toBe('awaiting_client');
    expect(step('awaiting_client', { type: 'client.reply' })).toBe('awaiting_staff');
    expect(step('open', { type: 'client.reply' })).toBe('open');
  });

  it('lets the client reopen within 7 days of the resolution and not after', () => {
    expect(step('resolved', { type: 'client.reopen', at: DAY_LATER, resolved_at: RESOLVED_AT })).toBe('awaiting_staff');
    expect(step('resolved', { type: 'client.reopen', at: EIGHT_DAYS_LATER, resolved_at: RESOLVED_AT })).toBeNull();
    expect(step('resolved', { type: 'client.reopen', at: DAY_LATER, resolved_at: null })).toBeNull();
    expect(reopenUntil(RESOLVED_AT)).toBe('2030-01-22T09:00:00.000Z');
  });

  it('takes one rating of 1 to 5 per resolution, also once closed', () => {
    expect(step('resolved', { type: 'client.rate', score: 1, rated: false })).toBe('resolved');
    expect(step('closed', { type: 'client.rate', score: 5, rated: false })).toBe('closed');
    expect(step('resolved', { type: 'client.rate', score: 5, rated: true })).toBeNull();
    expect(step('resolved', { type: 'client.rate', score: 6, rated: false })).toBeNull();
    expect(step('open', { type: 'client.rate', score: 5, rated: false })).toBeNull();
  });

  it('refuses replies on a resolved or closed ticket: it is reopened first', () => {
    expect(step('resolved', { type: 'client.reply' })).toBeNull();
    expect(step('closed', { type: 'client.reply' })).toBeNull();
    expect(step('closed', { type: 'staff.reply' })).toBeNull();
  });

  it('offers each side only the steps possible now', () => {
    expect(selectActions(ticketSnapshot('resolved'), 'client', unrated, DAY_LATER)).toEqual(['client.reopen', 'client.rate']);
    expect(selectActions(ticketSnapshot('resolved'), 'client', { ...unrated, rated: true }, EIGHT_DAYS_LATER)).toEqual([]);
    expect(selectActions(ticketSnapshot('open'), 'staff', unrated, DAY_LATER)).toEqual(['staff.reply', 'staff.await_client', 'staff.resolve', 'staff.close']);
    expect(selectActions(ticketSnapshot('closed'), 'staff', unrated, DAY_LATER)).toEqual([]);
  });
});
