import { Hono } from 'hono';
import type { OriginEnv } from '../env';
import { appSettings, authProviders, company } from './account';
import { invoicesApi, ordersApi, paymentApi, paymentsApi, sandboxApi, shipmentsApi } from './orders';
import { app } from './app';
import { benefitStats } from './benefit-stats';
import { country } from './country';
import { headerBar } from './header-bar';
import { maps } from './maps';
import { parcelPoints } from './parcel-points';
import { pickups } from './pickups';
import { rates } from './rates';
import { user } from './user';

/** v1 routers, one per area, mounted here. */
export const v1 = new Hono<OriginEnv>();

v1.route('/app', app);
v1.route('/app', appSettings);
v1.route('/auth', authProviders);
v1.route('/company', company);
v1.route('/shipments', shipmentsApi);
v1.route('/orders', ordersApi);
v1.route('/payment', paymentApi);
v1.route('/payments', paymentsApi);
v1.route('/invoices', invoicesApi);
v1.route('/sandbox', sandboxApi);
v1.route('/user', user);
v1.route('/benefit-stats', benefitStats);
v1.route('/country', country);
v1.route('/header-bar', headerBar);
v1.route('/maps', maps);
v1.route('/parcelpoints', parcelPoints);
v1.route('/pickups', pickups);
v1.route('/rates', rates);
