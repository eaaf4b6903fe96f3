import type { ReactNode } from 'react';
import '../../styles.css';
import { requestInfo } from '../../request';
import { SeoLinks } from './seo-links';

/** the single <html>: its lang follows the request's locale (root is render: 'dynamic') */
export const Root = ({ children }: { children: ReactNode }) => (
  <html lang={requestInfo().locale}>
    <head>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="theme-color" content="#0b5fff" />
      <SeoLinks />
      <link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='6' fill='%230b5fff'/%3E%3Ctext x='16' y='23' font-size='20' text-anchor='middle' fill='white' font-family='sans-serif'%3EZ%3C/text%3E%3C/svg%3E" />
    </head>
    <body>{children}</body>
  </html>
);
