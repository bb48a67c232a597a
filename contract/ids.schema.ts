import { z } from 'zod';
import { ID_MAX } from './ids';

/** Ids in requests, checked on the server (zod stays out of the app's screens). Past ID_MAX no row exists. */

const named = (n: number) => n <= ID_MAX;

/** An id in a JSON body: a whole number from 1 to ID_MAX; a larger one is "The selected … is invalid." */
export const idNumber = z.number().int().positive().refine(named, { params: { rule: 'exists' } });

/** A row id or 0 ("none yet") in a JSON body: a read marker. */
export const idOrZero = z.number().int().nonnegative().refine(named, { params: { rule: 'invalid' } });

/** A row id or 0 in a query string: a resync cursor. */
export const idOrZeroQuery = z.coerce.number<string>().int().nonnegative().refine(named, { params: { rule: 'invalid' } });
