import { gt } from 'drizzle-orm';
import { database } from '../../db/client';
import { bankTransactions, refunds, sandboxBankLines } from '../../db/schema';
import type { BankStatement } from './types';
import { sql } from 'drizzle-orm';

/**
 * The sandbox bank (local development only): its statement is the lines booked through
 * POST v1/sandbox/bank/statement (credits) and the payment orders imported through the
 * sandbox Fio import (debits, src/server/payments/bank/fio-import-sandbox.ts); like a real bank it hands out each line with a stable id,
 * and the product's ingest keeps it once.
 */
export const sandboxBankRef = (id: number) => `SBX-${id}`;

export function sandboxStatement(d1: D1Database): BankStatement {
  return {
    mode: 'sandbox',
    async incoming() {
      const db = database(d1);
      // the cursor: the highest sandbox line already ingested
      // (an outgoing line is kept on the refund it settled)
      const [seen] = await db
        .select({ last: sql<number>`MAX(COALESCE(MAX(CAST(SUBSTR(${bankTransactions.bankRef}, 5) AS INTEGER)), 0), (SELECT COALESCE(MAX(CAST(SUBSTR(${refunds.bankRef}, 5) AS INTEGER)), 0) FROM ${refunds} WHERE ${refunds.bankRef} LIKE 'SBX-%'))` })
        .from(bankTransactions)
        .where(sql`${bankTransactions.bankRef} LIKE 'SBX-%'`);
      const lines = await db.select().from(sandboxBankLines).where(gt(sandboxBankLines.id, seen?.last ?? 0)).orderBy(sandboxBankLines.id);
      return lines.map((l) => ({ bankRef: sandboxBankRef(l.id), bookedOn: l.bookedOn, amountMinor: l.amountMinor, currency: l.currency, variableSymbol: l.variableSymbol, counterAccount: l.counterAccount, specificSymbol: l.specificSymbol, message: l.message }));
    },
  };
}

export const bookSandboxLine = (d1: D1Database, line: typeof sandboxBankLines.$inferInsert) => database(d1).insert(sandboxBankLines).values(line).returning().get();
