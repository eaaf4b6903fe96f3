import { Hono } from 'hono';
import type { OriginEnv } from '../env';

/** v2 routers, one per area, mounted here. */
export const v2 = new Hono<OriginEnv>();
