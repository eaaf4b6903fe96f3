import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { carrierTimeWindows } from './pickups';

/** v2 routers, one per area, mounted here. */
export const v2 = new Hono<OriginEnv>();

v2.route('/carrier', carrierTimeWindows);
