import { createHash, randomInt } from 'node:crypto';
import type { LedgerKind } from '../../contract/trading.ts';

const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const PREFIX: Record<LedgerKind, string> = { deposit: 'DEP', withdrawal: 'WDR', transfer_in: 'TRF', transfer_out: 'TRF', adjustment: 'ADJ', ipo: 'IPO' };

/** `DEP-7K2M9QX4PA`: what a client quotes to support; random, so it reveals no volumes. */
export function newReference(kind: LedgerKind): string {
  let code = '';
  for (let i = 0; i < 10; i++) code += REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)];
  return `${PREFIX[kind]}-${code}`;
}

/**
 * The reference of a wallet call made with an `Idempotency-Key`: the same for the same user, key
 * and operation, so a request retried after its transaction failed (after the platform had booked
 * the deal, before the commit) names the same reference, and the platform, which books one deal
 * per reference, moves the money once. Still unguessable from outside and free of volumes.
 */
export function referenceFor(kind: LedgerKind, userId: number, key: string): string {
  const digest = createHash('sha256').update(`${userId}\u0000${PREFIX[kind]}\u0000${key}`).digest();
  let code = '';
  for (let i = 0; i < 10; i++) code += REFERENCE_ALPHABET[digest[i]! % REFERENCE_ALPHABET.length];
  return `${PREFIX[kind]}-${code}`;
}
