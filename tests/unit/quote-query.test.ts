import { describe, expect, it } from 'vitest';
import { draftFromQuery, queryFromDraft } from '../../src/lib/quote-query';

describe('quote form as a query', () => {
  it('reads a plain GET form into a draft', () => {
    const draft = draftFromQuery(new URLSearchParams('fc=cz&fz=11000&fcity=Praha&tc=SK&tz=&tcity=&pt=package&w=2&l=30&wi=20&h=10'), 'cz')!;
    expect(draft.sender).toMatchObject({ country: 'cz', zip: '11000', city: 'Praha' });
    expect(draft.recipient).toMatchObject({ country: 'sk', zip: '', city: '' });
    expect(draft.content).toEqual([{ type: 'package', weight: '2', length: '30', width: '20', height: '10' }]);
    expect(draft.currency).toBe('CZK');
  });

  it('keeps several packages in order and at most ten', () => {
    const many = new URLSearchParams();
    many.set('fc', 'cz');
    many.set('tc', 'cz');
    for (let i = 0; i < 12; i++) {
      many.append('pt', i === 1 ? 'pallet' : 'package');
      many.append('w', String(i + 1));
    }
    const draft = draftFromQuery(many, 'cz')!;
    expect(draft.content).toHaveLength(10);
    expect(draft.content[1]).toMatchObject({ type: 'pallet', weight: '2' });
  });

  it('is null without both countries and ignores unknown package types', () => {
    expect(draftFromQuery(new URLSearchParams('fc=cz'), 'cz')).toBeNull();
    expect(draftFromQuery(new URLSearchParams('fc=cze&tc=sk'), 'cz')).toBeNull();
    expect(draftFromQuery(new URLSearchParams('fc=cz&tc=sk&pt=rocket&w=1'), 'cz')!.content[0]!.type).toBe('package');
  });

  it('round-trips a draft', () => {
    const draft = draftFromQuery(new URLSearchParams('fc=cz&fz=60200&fcity=Brno&tc=de&tz=10115&tcity=Berlin&pt=envelope&w=0.3&l=&wi=&h='), 'cz')!;
    expect(draftFromQuery(queryFromDraft(draft), 'cz')).toEqual(draft);
  });
});
