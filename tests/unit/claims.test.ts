import { describe, expect, it } from 'vitest';
import { CLAIM_STATUSES } from '../../src/server/db/schema';
import { sniffType, isClaimUploadPath } from '../../src/lib/claim-files';
import { assertClaimTransition, canMoveClaim, type ClaimStatus } from '../../src/server/services/claims/states';
import { ApiError } from '../../src/server/http/errors';

const ALLOWED: [ClaimStatus, ClaimStatus][] = [
  ['received', 'in_review'],
  ['received', 'waiting_for_customer'],
  ['received', 'rejected'],
  ['in_review', 'waiting_for_customer'],
  ['in_review', 'accepted'],
  ['in_review', 'rejected'],
  ['waiting_for_customer', 'in_review'],
  ['accepted', 'paid_out'],
];
const allowed = new Set(ALLOWED.map(([a, b]) => `${a}>${b}`));

describe('claim state machine', () => {
  for (const from of CLAIM_STATUSES) {
    for (const to of CLAIM_STATUSES) {
      const ok = allowed.has(`${from}>${to}`);
      it(`${ok ? 'allows' : 'refuses'} ${from} → ${to}`, () => {
        expect(canMoveClaim(from, to)).toBe(ok);
        if (ok) expect(() => assertClaimTransition(from, to)).not.toThrow();
        else {
          let thrown: unknown;
          try {
            assertClaimTransition(from, to);
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(ApiError);
          expect(thrown).toMatchObject({ status: 409, type: 'API_CONFLICT_ERROR' });
        }
      });
    }
  }

  it('has rejected and paid out as final states', () => {
    for (const to of CLAIM_STATUSES) {
      expect(canMoveClaim('rejected', to)).toBe(false);
      expect(canMoveClaim('paid_out', to)).toBe(false);
    }
  });
});

describe('sniffType', () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it('reads JPEG, PNG and PDF by their first bytes', () => {
    expect(sniffType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0))).toBe('image/png');
    expect(sniffType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses an EXE named photo.jpg, and anything short or unknown', () => {
    const exe = new File([bytes(0x4d, 0x5a, 0x90, 0x00, 0x03)], 'photo.jpg', { type: 'image/jpeg' });
    expect(exe.name).toBe('photo.jpg');
    return exe.arrayBuffer().then((buffer) => {
      expect(sniffType(new Uint8Array(buffer))).toBeNull();
      expect(sniffType(bytes())).toBeNull();
      expect(sniffType(bytes(0xff, 0xd8))).toBeNull();
      expect(sniffType(bytes(0x89, 0x50, 0x4e, 0x47))).toBeNull();
      expect(sniffType(new TextEncoder().encode('%PDF'))).toBeNull();
      expect(sniffType(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
    });
  });
});

describe('upload paths', () => {
  it('are the new claim and a claim’s messages only', () => {
    expect(isClaimUploadPath('/api/v1/claims')).toBe(true);
    expect(isClaimUploadPath('/api/v1/claims/abc_DEF-123/messages')).toBe(true);
    expect(isClaimUploadPath('/api/v1/claims/abc/files/1')).toBe(false);
    expect(isClaimUploadPath('/api/v1/claims/')).toBe(false);
    expect(isClaimUploadPath('/api/v1/orders')).toBe(false);
    expect(isClaimUploadPath('/api/v1/sandbox/claims/abc/status')).toBe(false);
  });
});
