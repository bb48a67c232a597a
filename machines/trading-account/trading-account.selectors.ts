import type { SnapshotFrom } from 'xstate';
import type { TradingAccount } from '../../contract/trading';
import type { CreateAccountData, TradingAccountMachine } from './trading-account.machine';

export type TradingAccountSnapshot = SnapshotFrom<TradingAccountMachine>;

export const selectAccounts = (s: TradingAccountSnapshot): TradingAccount[] => s.context.accounts;
/** The first load: nothing to show yet. A reload keeps the cards on screen. */
export const selectIsFirstLoad = (s: TradingAccountSnapshot): boolean => s.hasTag('loading') && s.context.accounts.length === 0;
export const selectIsReloading = (s: TradingAccountSnapshot): boolean => s.hasTag('loading');
export const selectLoadFailed = (s: TradingAccountSnapshot): boolean => s.matches({ list: 'failed' });
export const selectIsDialogOpen = (s: TradingAccountSnapshot): boolean => s.matches({ dialog: 'open' });
/** Seed: the create button shows loading (and is disabled) while the request runs. */
export const selectIsCreating = (s: TradingAccountSnapshot): boolean => s.hasTag('busy');
export const selectCreateData = (s: TradingAccountSnapshot): CreateAccountData => s.context.data;
/** Seed: the first message of `currency_id` shows under the select. */
export const selectFieldError = (s: TradingAccountSnapshot, field: keyof CreateAccountData): string | undefined => s.context.errors[field]?.[0];
export const selectCreateMessage = (s: TradingAccountSnapshot): string | null => s.context.message;
