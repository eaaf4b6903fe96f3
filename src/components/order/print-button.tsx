'use client';

/** the invoice page's print button (its own module: the invoice page ships nothing else) */
export function PrintButton({ label }: { label: string }) {
  return (
    <button type="button" className="button" onClick={() => window.print()} data-testid="invoice-print">
      {label}
    </button>
  );
}
