import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { auth, userV2 } from './account';
import { invoiceListApi } from './billing';
import { issuesApi } from './claims';
import { carrierTimeWindows } from './pickups';
import { quote } from './quote';
import { recentSalesApi } from './recent-sales';

/** v2 routers, one per area, mounted here. */
export const v2 = new Hono<OriginEnv>();

v2.route('/auth', auth);
v2.route('/carrier', carrierTimeWindows);
v2.route('/user', userV2);
v2.route('/user/invoice', invoiceListApi);
v2.route('/quote', quote);
v2.route('/issues', issuesApi);
v2.route('/recent-sales', recentSalesApi);
