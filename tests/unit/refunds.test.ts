import { describe, expect, it } from 'vitest';
import { domesticAccount, fioImportAnswer, fioImportXml, parseFioImportXml } from '../../src/server/payments/bank/fio-import';
import { canMoveRefund, isRefundLine, normalizePayerAccount, overpaymentRefundKey, payerAccountError, refundAmount, refundIdOfLine, refundState, refundWay, shipmentRefundKey, statementPayerAccount } from '../../src/server/services/orders/refund-rules';

describe('refund rules', () => {
  const way = (o: Partial<Parameters<typeof refundWay>[0]>) => refundWay({ paymentMethod: 'bank_transfer', gatewayRef: null, userId: null, onAccountUninvoiced: false, ...o });

  it('money goes back the way it came: card to the card, a guest’s transfer to their account', () => {
    expect(way({ paymentMethod: 'card', gatewayRef: 'G1' })).toBe('card');
    expect(way({ paymentMethod: 'card', gatewayRef: 'G1', userId: 7 })).toBe('card');
    expect(way({})).toBe('bank_transfer');
  });

  it('a signed-in owner’s transfer or credit goes to the account’s credit, as storno always did', () => {
    expect(way({ userId: 7 })).toBe('credit');
    expect(way({ paymentMethod: 'credit', userId: 7 })).toBe('credit');
    expect(way({ paymentMethod: 'invoice', userId: 7 })).toBe('credit');
  });

  it('nothing goes back for a shipment on account whose monthly invoice is not issued yet', () => {
    expect(way({ paymentMethod: 'invoice', userId: 7, onAccountUninvoiced: true })).toBeNull();
  });

  it('a refund is never larger than the item’s price (discount applied)', () => {
    expect(refundAmount({ priceMinor: 9000, receivedMinor: 20000, alreadyRefundedMinor: 0 })).toBe(9000);
  });

  it('a refund is never more than what was received minus what already went back', () => {
    expect(refundAmount({ priceMinor: 9000, receivedMinor: 12000, alreadyRefundedMinor: 9000 })).toBe(3000);
    expect(refundAmount({ priceMinor: 9000, receivedMinor: 5000, alreadyRefundedMinor: 0 })).toBe(5000);
    expect(refundAmount({ priceMinor: 9000, receivedMinor: 9000, alreadyRefundedMinor: 9000 })).toBe(0);
    expect(refundAmount({ priceMinor: 9000, receivedMinor: 0, alreadyRefundedMinor: 0 })).toBe(0);
  });

  it('a refund moves forward only, each step once: requested → sent → settled', () => {
    expect(canMoveRefund('requested', 'sent')).toBe(true);
    expect(canMoveRefund('sent', 'settled')).toBe(true);
    expect(canMoveRefund('requested', 'settled')).toBe(true);
    expect(canMoveRefund('sent', 'sent')).toBe(false);
    expect(canMoveRefund('settled', 'settled')).toBe(false);
    expect(canMoveRefund('settled', 'requested')).toBe(false);
    expect(canMoveRefund('sent', 'requested')).toBe(false);
  });

  it('a bank refund without the payer’s account waits for it; card and credit never do', () => {
    expect(refundState({ method: 'bank_transfer', status: 'requested', payerAccount: null })).toBe('waiting_for_account');
    expect(refundState({ method: 'bank_transfer', status: 'requested', payerAccount: '19-2000145399/0800' })).toBe('requested');
    expect(refundState({ method: 'card', status: 'requested', payerAccount: null })).toBe('requested');
    expect(refundState({ method: 'bank_transfer', status: 'settled', payerAccount: 'x' })).toBe('settled');
  });

  it('the payer’s account is a Czech account with its check digits or an IBAN; in Slovakia an IBAN', () => {
    expect(payerAccountError('19-2000145399/0800', 'cz')).toBeNull();
    expect(payerAccountError('CZ65 0800 0000 1920 0014 5399', 'cz')).toBeNull();
    expect(payerAccountError('19-2000145398/0800', 'cz')).toBe('order.refunds.account_invalid');
    expect(payerAccountError('19-2000145399/80', 'cz')).toBe('order.refunds.account_invalid');
    expect(payerAccountError('CZ65 0800 0000 1920 0014 5398', 'cz')).toBe('order.refunds.account_invalid');
    expect(payerAccountError('SK68 0200 0000 0019 8742 6388', 'sk')).toBeNull();
    expect(payerAccountError('19-2000145399/0800', 'sk')).toBe('order.refunds.iban_required');
    expect(normalizePayerAccount('sk68 0200 0000 0019 8742 6388')).toBe('SK6802000000001987426388');
    expect(normalizePayerAccount(' 19-2000145399 / 0800 ')).toBe('19-2000145399/0800');
  });

  it('the statement’s counter-account is taken only when a refund can be sent to it (a Slovak number/bank becomes its IBAN)', () => {
    expect(statementPayerAccount('2702016516/2010', 'cz')).toBe('2702016516/2010');
    expect(statementPayerAccount('CZ65 0800 0000 1920 0014 5399', 'cz')).toBe('CZ6508000000192000145399');
    expect(statementPayerAccount('2900123456/2010', 'cz')).toBeNull();
    expect(statementPayerAccount('DE89370400440532013000', 'sk')).toBe('DE89370400440532013000');
    expect(statementPayerAccount('1987426388/0200', 'sk')).toMatch(/^SK\d{2}02000000001987426388$/);
    expect(statementPayerAccount('1987426388/1200', 'sk')).toBeNull();
    expect(statementPayerAccount(null, 'cz')).toBeNull();
    expect(statementPayerAccount('garbage', 'cz')).toBeNull();
  });

  it('an outgoing statement line settles the refund it names, only for its exact amount and currency', () => {
    const refund = { id: 17, amountMinor: 12345, currency: 'CZK' };
    expect(isRefundLine({ amountMinor: -12345, currency: 'CZK', specificSymbol: '17' }, refund)).toBe(true);
    expect(isRefundLine({ amountMinor: -12345, currency: 'CZK', message: 'REFUND-17 OP-1' }, refund)).toBe(true);
    expect(isRefundLine({ amountMinor: -12345, currency: 'CZK', message: 'REFUND-170' }, refund)).toBe(false);
    expect(isRefundLine({ amountMinor: -12300, currency: 'CZK', specificSymbol: '17' }, refund)).toBe(false);
    expect(isRefundLine({ amountMinor: 12345, currency: 'CZK', specificSymbol: '17' }, refund)).toBe(false);
    expect(isRefundLine({ amountMinor: -12345, currency: 'EUR', specificSymbol: '17' }, refund)).toBe(false);
    expect(refundIdOfLine({ specificSymbol: '0000000017' })).toBe(17);
    expect(refundIdOfLine({ message: 'x | REFUND-42 y' })).toBe(42);
    expect(refundIdOfLine({ message: 'salary' })).toBeNull();
  });
});

// Fio's documented import example (API Bankovnictví, "XML příkaz platba v rámci ČR" and "Europlatba"):
// elements in the order of its importIB.xsd, amounts with 2 decimals, 431001 / 431008 standard payments
const DOCUMENTED = `<?xml version="1.0" encoding="UTF-8"?>
<Import xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="http://www.fio.cz/schema/importIB.xsd">
  <Orders>
    <DomesticTransaction>
      <accountFrom>2702016516</accountFrom>
      <currency>CZK</currency>
      <amount>100.00</amount>
      <accountTo>19-2000145399</accountTo>
      <bankCode>0800</bankCode>
      <ks>0558</ks>
      <vs>1234567890</vs>
      <ss>17</ss>
      <date>2026-11-28</date>
      <messageForRecipient>REFUND-17 OP-2026-000001</messageForRecipient>
      <comment>REFUND-17 order OP-2026-000001</comment>
      <paymentType>431001</paymentType>
    </DomesticTransaction>
    <T2Transaction>
      <accountFrom>2702016516</accountFrom>
      <currency>EUR</currency>
      <amount>12.34</amount>
      <accountTo>SK6802000000001987426388</accountTo>
      <vs>2600000002</vs>
      <ss>18</ss>
      <date>2026-11-28</date>
      <benefName>Jana Nováková &amp; syn</benefName>
      <remittanceInfo1>REFUND-18 OP-2026-000002</remittanceInfo1>
      <comment>REFUND-18 order OP-2026-000002</comment>
      <paymentType>431008</paymentType>
    </T2Transaction>
  </Orders>
</Import>
`;

describe('refund rules at their edges (mutation testing)', () => {
  const way = (paymentMethod: string | null, gatewayRef: string | null, userId: number | null = null) => refundWay({ paymentMethod, gatewayRef, userId, onAccountUninvoiced: false });

  it('only a card payment the gateway knows goes back to the card', () => {
    expect(way('card', 'gw-1')).toBe('card');
    expect(way('card', null)).toBe('bank_transfer');
    expect(way('bank_transfer', 'gw-1')).toBe('bank_transfer');
  });

  it('a refund’s key names the shipment or the payment it returns', () => {
    expect(shipmentRefundKey(42)).toBe('shipment:42');
    expect(overpaymentRefundKey({ bankRef: 'B-7' })).toBe('over:B-7');
    expect(overpaymentRefundKey({ cardRef: 'C-9' })).toBe('over:card:C-9');
  });

  it('a refund never moves to the step it is at', () => {
    expect(canMoveRefund('requested', 'requested')).toBe(false);
    expect(canMoveRefund('sent', 'sent')).toBe(false);
  });

  it('a bank refund already sent no longer waits for the account', () => {
    expect(refundState({ method: 'bank_transfer', status: 'sent', payerAccount: null })).toBe('sent');
  });

  it('a Slovak statement’s number / bank with spaces becomes its IBAN; anything else is not taken', () => {
    expect(statementPayerAccount('19-2000145399 / 1100', 'sk')).toBe('SK3211000000192000145399');
    expect(statementPayerAccount('19-2000145399/1100/1', 'sk')).toBeNull();
    expect(statementPayerAccount('19-2000145399', 'sk')).toBeNull();
  });

  it('a specific symbol names a refund without its leading zeros, not its trailing ones', () => {
    const refund = { id: 5, amountMinor: 100, currency: 'CZK' };
    expect(isRefundLine({ amountMinor: -100, currency: 'CZK', specificSymbol: '005' }, refund)).toBe(true);
    expect(isRefundLine({ amountMinor: -100, currency: 'CZK', specificSymbol: '500' }, refund)).toBe(false);
    expect(refundIdOfLine({ specificSymbol: '005' })).toBe(5);
    expect(refundIdOfLine({ specificSymbol: '500' })).toBe(500);
  });
});

describe('Fio payment import XML', () => {
  const base = { accountFrom: '2702016516', date: '2026-11-28' };
  const orders = [
    { ...base, currency: 'CZK', amountMinor: 10000, accountTo: '19-2000145399/0800', ks: '0558', vs: '1234567890', ss: '17', messageForRecipient: 'REFUND-17 OP-2026-000001', comment: 'REFUND-17 order OP-2026-000001', benefName: 'Jana' },
    { ...base, currency: 'EUR', amountMinor: 1234, accountTo: 'SK68 0200 0000 0019 8742 6388', vs: '2600000002', ss: '18', messageForRecipient: 'REFUND-18 OP-2026-000002', comment: 'REFUND-18 order OP-2026-000002', benefName: 'Jana Nováková & syn' },
  ];

  it('writes crowns to a Czech account as a DomesticTransaction and euros to an IBAN as a T2Transaction, as documented', () => {
    expect(fioImportXml(orders)).toBe(DOCUMENTED);
  });

  it('reads its own file back (the sandbox bank books from it)', () => {
    expect(parseFioImportXml(fioImportXml(orders))).toEqual([
      { kind: 'DomesticTransaction', fields: expect.objectContaining({ accountTo: '19-2000145399', bankCode: '0800', amount: '100.00', ss: '17' }) },
      { kind: 'T2Transaction', fields: expect.objectContaining({ accountTo: 'SK6802000000001987426388', benefName: 'Jana Nováková & syn', amount: '12.34' }) },
    ]);
  });

  it('sends crowns to a Czech IBAN as a domestic payment (bank code, prefix and number from the IBAN)', () => {
    expect(domesticAccount('CZ65 0800 0000 1920 0014 5399')).toEqual({ accountTo: '19-2000145399', bankCode: '0800' });
    expect(domesticAccount('2900123456/2010')).toEqual({ accountTo: '2900123456', bankCode: '2010' });
    expect(domesticAccount('garbage')).toBeNull();
  });

  it('reads Fio’s answer: errorCode 0 with status ok is accepted, an error is not', () => {
    const ok = '<?xml version="1.0" encoding="UTF-8"?><responseImport><result><errorCode>0</errorCode><idInstruction>105964331</idInstruction><status>ok</status></result></responseImport>';
    expect(fioImportAnswer(ok)).toMatchObject({ accepted: true, errorCode: 0, idInstruction: '105964331' });
    const bad = '<responseImport><result><errorCode>11</errorCode><status>error</status></result><ordersDetails><detail id="1"><messages><message status="error" errorCode="1">Neplatné číslo účtu</message></messages></detail></ordersDetails></responseImport>';
    expect(fioImportAnswer(bad)).toMatchObject({ accepted: false, errorCode: 11, message: 'Neplatné číslo účtu' });
    expect(fioImportAnswer('<html>500</html>').accepted).toBe(false);
  });
});
