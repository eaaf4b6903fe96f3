import type { OriginBindings } from './env';
import { pruneAppEvents } from './services/app-events';

/**
 * The Worker's scheduled handler (Workers cron, wrangler.toml [triggers]): the origin's
 * housekeeping. Each job runs on its own, so one failing does not skip the others.
 */
export async function runScheduled(controller: Pick<ScheduledController, 'scheduledTime' | 'cron'>, env: OriginBindings): Promise<void> {
  const now = new Date(controller.scheduledTime);
  const jobs: Record<string, () => Promise<unknown>> = {
    'prune app events': () => pruneAppEvents(env.DB, now),
  };
  for (const [name, job] of Object.entries(jobs)) {
    try {
      console.log(`scheduled ${name}:`, await job());
    } catch (error) {
      console.error(`scheduled ${name} failed`, error);
    }
  }
}
