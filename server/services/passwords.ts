import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import type { PasswordHashingParams } from '../config.ts';

/** `Algorithm.Argon2id`; the package's enum is an ambient const enum, unusable under isolatedModules. */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /** True when `passwordHash` was made with other parameters than the current ones. */
  needsRehash(passwordHash: string): boolean;
  /**
   * Spends the time of one verification without a stored hash, so that "no such e-mail"
   * takes as long as "wrong password" and timing does not reveal which accounts exist.
   */
  burn(password: string): Promise<void>;
}

export function createPasswordHasher(params: PasswordHashingParams): PasswordHasher {
  const options = { ...params, algorithm: ARGON2ID };
  let dummy: Promise<string> | undefined;

  return {
    hash: (password) => hash(password, options),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        return false; // malformed stored hash
      }
    },
    needsRehash(passwordHash) {
      try {
        const used = parseOptions(passwordHash);
        return (
          used.algorithm !== ARGON2ID ||
          used.memoryCost !== params.memoryCost ||
          used.timeCost !== params.timeCost ||
          used.parallelism !== params.parallelism
        );
      } catch {
        return true;
      }
    },
    async burn(password) {
      dummy ??= hash('not-a-real-password', options);
      await verify(await dummy, password).catch(() => false);
    },
  };
}
