import { describe, expect, it } from 'vitest';
import { toHitView, toHitViews } from '@/lib/search/hit-view';

const complete = {
  objectID: 'page:/resources/refunds#create-a-refund',
  title: 'Refunds | Kestrel Pay',
  url: 'https://docs.example.com/resources/refunds#create-a-refund',
  path: '/resources/refunds#create-a-refund',
  hierarchy: ['Core Resources', 'Refunds', 'Create a refund'],
  method: 'POST',
  content: 'Refunds a captured charge.',
  _highlightResult: {
    title: { value: '<mark>Refunds</mark> | Kestrel Pay' },
    hierarchy: [
      { value: 'Core Resources' },
      { value: '<mark>Refunds</mark>' },
      { value: 'Create a <mark>refund</mark>' },
    ],
    content: { value: '<mark>Refunds</mark> a captured charge.' },
  },
};
const text = (value: string) => [{ text: value, highlighted: false }];

describe('a search hit as the dialog shows it', () => {
  it('reads every highlighted field, without the site suffix', () => {
    expect(toHitView(complete)).toEqual({
      objectID: complete.objectID,
      path: complete.path,
      method: 'POST',
      title: [{ text: 'Refunds', highlighted: true }],
      trail: [[...text('Create a '), { text: 'refund', highlighted: true }]],
      snippet: [{ text: 'Refunds', highlighted: true }, ...text(' a captured charge.')],
    });
  });

  it('falls back to the plain attribute for each highlight that is missing or malformed', () => {
    const titleOnly = { title: complete._highlightResult.title, content: 42 };
    const view = toHitView({ ...complete, _highlightResult: titleOnly });
    expect(view?.title).toEqual([{ text: 'Refunds', highlighted: true }]);
    expect(view?.trail).toEqual([text('Create a refund')]);
    expect(view?.snippet).toEqual(text('Refunds a captured charge.'));
    expect(toHitView({ ...complete, _highlightResult: undefined })?.title).toEqual(text('Refunds'));
  });

  it('shows nothing for a field the hit does not have at all', () => {
    const view = toHitView({ objectID: 'old', url: 'https://docs.example.com/errors#codes' });
    expect(view).toEqual({
      objectID: 'old',
      path: '/errors#codes',
      title: [],
      trail: [],
      snippet: [],
    });
  });

  it('labels a named hit and reads its name, highlighted or plain', () => {
    const field = {
      objectID: 'field:Charge.capture_before',
      path: '/resources/charges#charge-capture_before',
      title: 'Charges | Kestrel Pay',
      hierarchy: ['Core Resources', 'Charges', 'The charge object'],
      type: 'field',
      name: 'Charge.capture_before',
      content: 'When the authorisation lapses.',
      _highlightResult: { name: { value: 'Charge.<mark>capture_before</mark>' } },
    };
    expect(toHitView(field)).toMatchObject({
      label: 'Field',
      name: [...text('Charge.'), { text: 'capture_before', highlighted: true }],
      nameIsCode: true,
      title: text('Charges'),
      trail: [text('The charge object')],
    });
    const plain = toHitView({ ...field, type: 'event', _highlightResult: {} });
    expect(plain).toMatchObject({ label: 'Event', name: text('Charge.capture_before') });
    const scenario = toHitView({ ...field, type: 'scenario', name: 'Lost card' });
    expect(scenario).toMatchObject({ label: 'Test scenario', nameIsCode: false });
    // An unknown type or a page shows no label; a hit without a name has none.
    const other = toHitView({ ...complete, type: 'constructor' });
    expect(other).not.toHaveProperty('label');
    expect(other).not.toHaveProperty('name');
  });

  it.each([
    ['null', null],
    ['a string', 'hit'],
    ['a hit without an id', { path: '/errors' }],
    ['a hit with nowhere to go', { objectID: 'x' }],
    ['a hit pointing off the site', { objectID: 'x', path: '//evil.example/' }],
    ['a hit with a script url', { objectID: 'x', url: 'javascript:alert(1)' }],
    [
      'a hit whose path leaves the site',
      { objectID: 'x', path: 'https://evil.example/', url: 'https://evil.example/' },
    ],
  ])('skips %s', (_, raw) => {
    expect(toHitView(raw)).toBeNull();
  });

  it('keeps the hits it can show, once each, whatever else the list holds', () => {
    const views = toHitViews([
      null,
      complete,
      { objectID: 'x' },
      complete,
      { ...complete, objectID: 'b' },
    ]);
    expect(views.map((view) => view.objectID)).toEqual([complete.objectID, 'b']);
    expect(toHitViews({ hits: [] })).toEqual([]);
  });
});
