'use client';
import { Component, type ReactNode } from 'react';
import { CHUNK_RELOAD_MARK, isChunkLoadError, reloadOnce } from '../../state/reload-once';

export const CRASH_COOKIE = 'zslt_crash';
const CRASH_SECONDS = 30;

type Texts = { title: string; reload: string; fallback: string; home: string; homeHref: string };
type State = { error: unknown; afterCrash: boolean };

const hasCrashCookie = () => document.cookie.split('; ').some((c) => c.startsWith(`${CRASH_COOKIE}=`));

/**
 * Error page of spec §8: Reload sets a 30-second crash cookie, clears local storage and
 * reloads; a failure again within those 30 s shows the fallback with a link home.
 */
export class AppErrorBoundary extends Component<{ texts: Texts; children: ReactNode }, State> {
  state: State = { error: null, afterCrash: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, afterCrash: typeof document !== 'undefined' && hasCrashCookie() };
  }

  componentDidCatch(error: unknown) {
    // a chunk that failed to load (spec §4): a fresh page, at most once a minute; the error page stays otherwise
    if (isChunkLoadError(error) && reloadOnce(CHUNK_RELOAD_MARK)) return;
    void fetch('/api/v1/app/error', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: location.href, error: { message: String((error as Error)?.message ?? error) } }),
    }).catch(() => undefined);
  }

  reload = () => {
    document.cookie = `${CRASH_COOKIE}=1; path=/; max-age=${CRASH_SECONDS}; SameSite=Lax`;
    try {
      localStorage.clear();
    } catch {
      // storage may be blocked; reloading is still the right thing
    }
    location.reload();
  };

  render() {
    const { texts } = this.props;
    if (!this.state.error) return this.props.children;
    if (this.state.afterCrash) {
      return (
        <section className="error-page" role="alert" data-testid="error-fallback">
          <h1>{texts.fallback}</h1>
          <a href={texts.homeHref}>{texts.home}</a>
        </section>
      );
    }
    return (
      <section className="error-page" role="alert" data-testid="error-page">
        <h1>{texts.title}</h1>
        <button type="button" className="button primary" onClick={this.reload}>
          {texts.reload}
        </button>
      </section>
    );
  }
}
