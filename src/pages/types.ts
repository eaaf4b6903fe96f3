import type { ReactNode } from 'react';
import type { Locale, RouteId, RouteParams } from '../routes';

export type PageProps<Id extends RouteId = RouteId> = { id: Id; locale: Locale; params: RouteParams<Id>; query: string };
export type PageComponent<Id extends RouteId = RouteId> = (props: PageProps<Id>) => ReactNode | Promise<ReactNode>;
