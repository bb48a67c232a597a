import type { Services } from '../services/index.ts';
import type { Guards } from './authenticate.ts';

/** What every route plugin is given by the routes' index (index.ts). */
export interface Api {
  services: Services;
  guard: Guards;
}
