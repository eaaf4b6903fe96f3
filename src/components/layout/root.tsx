import type { ReactNode } from 'react';
import '../../styles.css';
import { requestInfo } from '../../request';
import { SeoLinks } from './seo-links';

/** the single <html>: its lang follows the request's locale (root is render: 'dynamic') */
export const Root = ({ children }: { children: ReactNode }) => (
  <html lang={requestInfo().locale}>
    <head>
      {/* Waku renders <meta charset> and the viewport itself (INTERNAL_ServerRoot): a second pair is invalid HTML */}
      <meta name="theme-color" content="#0b5fff" />
      <SeoLinks />
      <link rel="icon" href="data:image/svg+xml,%3Csvg%20xmlns='http://www.w3.org/2000/svg'%20viewBox='0%200%2032%2032'%3E%3Crect%20width='32'%20height='32'%20rx='6'%20fill='%230b5fff'/%3E%3Ctext%20x='16'%20y='23'%20font-size='20'%20text-anchor='middle'%20fill='white'%20font-family='sans-serif'%3EZ%3C/text%3E%3C/svg%3E" />
    </head>
    <body>{children}</body>
  </html>
);
