import type { Db } from '../db/schema.ts';
import type { TradingPlatform } from '../platform/port.ts';
import type { Clock } from './clock.ts';
import { type Copier, createCopier } from './copier.ts';
import { createFeeSettlement } from './copy-fees.ts';
import { type CopySubscriptionService, createCopySubscriptionService, type StopLossNotice } from './copy-subscriptions.ts';
import type { Lifecycles } from './lifecycle.ts';
import { createStrategyService, type StrategyService } from './strategies.ts';
import { runBots } from './strategy-bots.ts';
import type { WalletService } from './wallet.ts';

export interface InvestingService {
  strategies: StrategyService;
  subscriptions: CopySubscriptionService;
  copier: Copier;
  /**
   * Listens to the platform: a strategy account's change is copied (in whichever process hears it);
   * in the leader process (the only one hearing ticks and account states) copy accounts' equity is
   * checked against their stop-loss, the seeded bots trade once a minute and fees are settled once
   * an hour. Answers the stop, which waits for the work under way (the database outlives it).
   */
  start(): () => Promise<void>;
  /** One round of the leader's jobs now (tests, and the minute timer): bots, then fees. */
  runJobs(): Promise<void>;
}

export interface InvestingDeps {
  db: Db;
  clock: Clock;
  platform: TradingPlatform;
  lifecycles: Lifecycles;
  wallet: WalletService;
  notifyStopLoss?: StopLossNotice;
  log?: { error(obj: object, msg: string): void };
}

const MINUTE = 60_000;
const HOUR = 3_600_000;

export function createInvestingService({ db, clock, platform, lifecycles, wallet, notifyStopLoss, log }: InvestingDeps): InvestingService {
  const strategies = createStrategyService({ db, clock, platform });
  const fees = createFeeSettlement({ db, clock, platform });
  let subscriptions: CopySubscriptionService;
  const copier = createCopier({ db, clock, platform, afterCopy: async (id) => void (await subscriptions.checkStopLoss(id)), ...(log ? { log } : {}) });
  subscriptions = createCopySubscriptionService({
    db,
    clock,
    platform,
    lifecycles,
    wallet,
    fees,
    ...(notifyStopLoss ? { notifyStopLoss } : {}),
    changed: (id) => strategies.invalidate(id),
    ...(log ? { log } : {}),
  });

  let lastBots = 0;
  let lastFees = 0;
  let jobs: Promise<void> | null = null;
  const checking = new Set<string>();

  async function runJobs(): Promise<void> {
    await runBots({ db, clock, platform });
    await subscriptions.settleDue();
  }

  return {
    strategies,
    subscriptions,
    copier,
    runJobs,
    start() {
      const unsubscribe = platform.subscribe({
        onAccountChanged(login) {
          copier.schedule(login);
        },
        onAccountState(update) {
          const login = update.state.login;
          if (checking.has(login)) return;
          checking.add(login);
          void subscriptions
            .guardedBy(login)
            .then((id) => (id === null ? false : subscriptions.checkStopLoss(id, update.state.equity)))
            .catch((err: unknown) => log?.error({ err, login }, 'copy trading: the stop-loss check failed'))
            .finally(() => checking.delete(login));
        },
        onTick() {
          const now = clock().getTime();
          if (jobs || now - lastBots < MINUTE) return;
          lastBots = now;
          const feesDue = now - lastFees >= HOUR;
          if (feesDue) lastFees = now;
          jobs = (async () => {
            await runBots({ db, clock, platform });
            if (feesDue) await subscriptions.settleDue();
          })()
            .catch((err: unknown) => log?.error({ err }, 'copy trading: the leader’s jobs failed'))
            .finally(() => {
              jobs = null;
            });
        },
      });
      return async () => {
        unsubscribe();
        await jobs;
        await copier.idle();
      };
    },
  };
}
