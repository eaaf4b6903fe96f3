'use client';
import { useEffect, useRef, useState } from 'react';
import { useRouter } from 'waku';
import { useT } from '../i18n/client';

/** spec §9: ticks every 100 ms toward 100 over about 5 s, throttled 200 ms, hidden 500 ms after completing */
const DURATION_MS = 5000;
const THROTTLE_MS = 200;
const TICK_MS = 100;
const HIDE_DELAY_MS = 500;

export function LoadingBar() {
  const t = useT();
  const { unstable_events: events } = useRouter();
  const [progress, setProgress] = useState<number | null>(null);
  const timers = useRef<{ tick?: ReturnType<typeof setInterval>; start?: ReturnType<typeof setTimeout>; hide?: ReturnType<typeof setTimeout> }>({});

  useEffect(() => {
    const t = timers.current;
    const clear = () => {
      clearInterval(t.tick);
      clearTimeout(t.start);
      clearTimeout(t.hide);
    };
    const onStart = () => {
      clear();
      t.start = setTimeout(() => {
        setProgress(0);
        t.tick = setInterval(() => setProgress((p) => Math.min(95, (p ?? 0) + (100 * TICK_MS) / DURATION_MS)), TICK_MS);
      }, THROTTLE_MS);
    };
    const onComplete = () => {
      clearInterval(t.tick);
      clearTimeout(t.start);
      setProgress((p) => (p === null ? null : 100));
      t.hide = setTimeout(() => setProgress(null), HIDE_DELAY_MS);
    };
    events.on('start', onStart);
    events.on('complete', onComplete);
    return () => {
      events.off('start', onStart);
      events.off('complete', onComplete);
      clear();
    };
  }, [events]);

  if (progress === null) return null;
  return <div className="loading-bar" role="progressbar" aria-label={t('nav.loadingPage')} aria-valuenow={Math.round(progress)} style={{ width: `${progress}%` }} />;
}
