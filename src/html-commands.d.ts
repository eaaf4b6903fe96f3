// HTML invoker commands (a button that opens or closes a dialog without script: Chromium 135,
// Firefox 144, Safari 26.2), which @types/react does not list yet. React passes the lower-case
// attributes through as written. Used by src/components/layout/header-bar.tsx.
import 'react';

declare module 'react' {
  interface ButtonHTMLAttributes<T> {
    commandfor?: string;
    command?: 'show-modal' | 'close' | 'request-close' | 'show-popover' | 'hide-popover' | 'toggle-popover';
  }
}
