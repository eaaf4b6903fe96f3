import { Hono } from 'hono';
import type { OriginEnv } from '../env';

/** v1 routers, one per area, mounted here. */
export const v1 = new Hono<OriginEnv>();
