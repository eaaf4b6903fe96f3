'use client';
import { createContext, useContext, type ReactNode } from 'react';

type Messages = Record<string, string>;
const MessagesContext = createContext<Messages>({});

/**
 * Messages for client islands, picked on the server (cs fallback already applied). A page
 * adds the texts of its own islands to the layout's with a provider of its own.
 */
export function MessagesProvider({ messages, children }: { messages: Messages; children: ReactNode }) {
  const outer = useContext(MessagesContext);
  return <MessagesContext.Provider value={{ ...outer, ...messages }}>{children}</MessagesContext.Provider>;
}

const interpolate = (text: string, values?: Record<string, string | number>) =>
  values ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in values ? String(values[k]) : m)) : text;

/** a small translator for the client: plain {placeholders} only, the full ICU stays on the server */
export function useT() {
  const messages = useContext(MessagesContext);
  return (id: string, values?: Record<string, string | number>) => interpolate(messages[id] ?? id, values);
}
