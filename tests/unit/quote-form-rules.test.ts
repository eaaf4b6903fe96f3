import { describe, expect, it } from 'vitest';
import { draftOfQuoteForm, placeAfterCountryChange, validateQuoteForm, type QuoteFormModel } from '../../src/lib/quote-form-rules';
import { emptyDraft } from '../../src/lib/schemas/draft';
import { isValidZip, parseDecimal } from '../../src/lib/validators';

const validators = { isValidZip, parseDecimal };
const model = (patch: Partial<QuoteFormModel> = {}): QuoteFormModel => ({
  sender: { country: 'cz', zip: '', city: '' },
  recipient: { country: 'sk', zip: '', city: '' },
  content: [{ type: 'package', weight: '', length: '', width: '', height: '' }],
  ...patch,
});

describe('the home quote form rules', () => {
  it('accepts empty measures (the §5 defaults) and postcodes of the chosen country', () => {
    expect(validateQuoteForm(model(), validators)).toEqual({});
    expect(validateQuoteForm(model({ sender: { country: 'cz', zip: '110 00', city: 'Praha' }, recipient: { country: 'sk', zip: '811 04', city: '' } }), validators)).toEqual({});
  });

  it('names each wrong field with its message', () => {
    const errors = validateQuoteForm(
      model({
        sender: { country: '', zip: '', city: '' },
        recipient: { country: 'sk', zip: '110 00', city: '' },
        content: [{ type: 'package', weight: '0', length: 'abc', width: '401', height: '10' }, { type: 'pallet', weight: '1000,5', length: '', width: '', height: '' }],
      }),
      validators,
    );
    expect(errors).toEqual({
      'sender.country': 'validation.required',
      'recipient.zip': 'validation.zip',
      'content.0.weight': 'validation.weight',
      'content.0.length': 'validation.dimension',
      'content.0.width': 'validation.dimensionMax',
      'content.1.weight': 'validation.weightMax',
    });
  });

  it('clears a postcode and town typed for the country before, keeps one typed for the new country', () => {
    expect(placeAfterCountryChange({ country: 'sk', zip: '110 00', city: 'Praha' }, 'cz', isValidZip)).toEqual({ country: 'sk', zip: '', city: '' });
    // 811 04 is no Czech postcode but a Slovak one: typed before Slovakia was chosen
    expect(placeAfterCountryChange({ country: 'sk', zip: '811 04', city: 'Bratislava' }, 'cz', isValidZip)).toEqual({ country: 'sk', zip: '811 04', city: 'Bratislava' });
    const empty = { country: 'de', zip: '', city: '' };
    expect(placeAfterCountryChange(empty, 'cz', isValidZip)).toBe(empty);
  });

  it('builds the comparison draft from the route and parcels over an empty draft', () => {
    const m = model({ sender: { country: 'cz', zip: '11000', city: 'Praha' } });
    const draft = draftOfQuoteForm(m, emptyDraft('cz'));
    expect(draft.sender).toMatchObject({ country: 'cz', zip: '11000', city: 'Praha' });
    expect(draft.recipient.country).toBe('sk');
    expect(draft.content).toBe(m.content);
  });
});
