import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { carrierTimeWindows } from './pickups';
import { quote } from './quote';

/** v2 routers, one per area, mounted here. */
export const v2 = new Hono<OriginEnv>();

v2.route('/carrier', carrierTimeWindows);
v2.route('/quote', quote);
