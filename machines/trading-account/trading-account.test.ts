import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import type { TradingAccount } from '../../contract/trading';
import { DEFAULT_FORM_ERROR } from '../form/form-errors';
import { fetchError } from '../form/form.model';
import { machineCoverage } from '../testing/coverage';
import { modelPaths, replayModel } from '../testing/model';
import { tradingAccountMachine, type CreateAccountData } from './trading-account.machine';
import { CAP_MESSAGE, modelAccount, tradingAccountModel } from './trading-account.model';
import {
  selectAccounts,
  selectCreateData,
  selectCreateMessage,
  selectFieldError,
  selectIsCreating,
  selectIsDialogOpen,
  selectIsFirstLoad,
  selectIsReloading,
  selectLoadFailed,
} from './trading-account.selectors';

const pathsByInput = modelPaths(tradingAccountModel);
const paths = pathsByInput.flatMap((walk) => walk.paths);

describe('trading-account machine, model-based', () => {
  it('follows every generated path on a real actor', async () => {
    expect(await replayModel(tradingAccountModel, pathsByInput)).toBe(paths.length);
  });

  it('walks every state and transition the machine defines', () => {
    const coverage = machineCoverage(tradingAccountMachine, paths);
    expect(coverage.states.missing).toEqual([]);
    expect(coverage.transitions.missing).toEqual([]);
  });
});

function start(options: { accounts?: TradingAccount[][]; create?: (data: CreateAccountData) => Promise<TradingAccount> }) {
  const lists = [...(options.accounts ?? [[]])];
  const fetches: number[] = [];
  const created: CreateAccountData[] = [];
  const actor = createActor(
    tradingAccountMachine.provide({
      actors: {
        fetchAccounts: fromPromise(async () => {
          fetches.push(fetches.length + 1);
          return lists.length > 1 ? lists.shift()! : lists[0]!;
        }),
        createAccount: fromPromise(async ({ input }) => {
          created.push(input.data);
          return (options.create ?? (async () => modelAccount))(input.data);
        }),
      },
    }),
  );
  const emitted: unknown[] = [];
  actor.on('*', (event) => void emitted.push(event));
  actor.start();
  return { actor, fetches, created, emitted };
}

const settled = (actor: ReturnType<typeof start>['actor']) => waitFor(actor, (s) => !selectIsReloading(s) && !selectIsCreating(s));

describe('trading-account machine', () => {
  it('loads the accounts first; the first load shows no cards yet', async () => {
    const { actor } = start({ accounts: [[modelAccount]] });
    expect(selectIsFirstLoad(actor.getSnapshot())).toBe(true);
    const snapshot = await settled(actor);
    expect(selectAccounts(snapshot)).toEqual([modelAccount]);
    expect(selectIsFirstLoad(snapshot)).toBe(false);
  });

  it('creates with the chosen currency, shows loading, then closes the dialog and reloads the list', async () => {
    let finish: (account: TradingAccount) => void = () => {};
    const { actor, created, fetches, emitted } = start({
      accounts: [[], [modelAccount]],
      create: () => new Promise((resolve) => (finish = resolve)),
    });
    await settled(actor);
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'field.change', field: 'currency_id', value: '3' });
    actor.send({ type: 'form.submit' });
    expect(selectIsCreating(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'dialog.close' });
    expect(selectIsDialogOpen(actor.getSnapshot())).toBe(true);
    finish(modelAccount);
    const snapshot = await settled(actor);
    expect(created).toEqual([{ currency_id: '3', type: 'live', leverage: '100' }]);
    expect(selectIsDialogOpen(snapshot)).toBe(false);
    expect(fetches).toEqual([1, 2]);
    expect(selectAccounts(snapshot)).toEqual([modelAccount]);
    expect(emitted).toEqual([{ type: 'account.created', account: modelAccount }]);
  });

  it('shows the cap message under the currency and keeps the choice; a keydown clears it', async () => {
    const { actor } = start({ create: () => Promise.reject(fetchError({ message: CAP_MESSAGE, errors: { currency_id: [CAP_MESSAGE] } })) });
    await settled(actor);
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'field.change', field: 'currency_id', value: '1' });
    actor.send({ type: 'form.submit' });
    const snapshot = await settled(actor);
    expect(selectIsDialogOpen(snapshot)).toBe(true);
    expect(selectFieldError(snapshot, 'currency_id')).toBe(CAP_MESSAGE);
    expect(selectCreateData(snapshot).currency_id).toBe('1');
    actor.send({ type: 'field.keydown', field: 'currency_id' });
    expect(selectFieldError(actor.getSnapshot(), 'currency_id')).toBeUndefined();
  });

  it('shows a generic message when the failure names no field', async () => {
    const { actor } = start({ create: () => Promise.reject(new TypeError('Failed to fetch')) });
    await settled(actor);
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'form.submit' });
    expect(selectCreateMessage(await settled(actor))).toBe(DEFAULT_FORM_ERROR);
  });

  it('opens the dialog empty again after a cancel', async () => {
    const { actor } = start({});
    await settled(actor);
    actor.send({ type: 'dialog.open' });
    actor.send({ type: 'field.change', field: 'type', value: 'demo' });
    actor.send({ type: 'dialog.close' });
    actor.send({ type: 'dialog.open' });
    expect(selectCreateData(actor.getSnapshot())).toEqual({ currency_id: '', type: 'live', leverage: '100' });
  });

  it('reports a failed load and loads again on reload', async () => {
    let fail = true;
    const actor = createActor(
      tradingAccountMachine.provide({
        actors: {
          fetchAccounts: fromPromise(async () => {
            if (fail) throw new Error('down');
            return [modelAccount];
          }),
        },
      }),
    ).start();
    expect(selectLoadFailed(await waitFor(actor, (s) => !selectIsReloading(s)))).toBe(true);
    fail = false;
    actor.send({ type: 'accounts.reload' });
    const snapshot = await waitFor(actor, (s) => !selectIsReloading(s));
    expect(selectLoadFailed(snapshot)).toBe(false);
    expect(selectAccounts(snapshot)).toEqual([modelAccount]);
  });
});
