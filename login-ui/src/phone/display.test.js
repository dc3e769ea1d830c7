import { displayPhone } from './display';

test('a full number is grouped the international way', () => {
  expect(displayPhone('+16132345678')).toBe('+1 613 234 5678');
});

test('a French number keeps its own grouping', () => {
  expect(displayPhone('+33612345678')).toBe('+33 6 12 34 56 78');
});

test('a masked number is shown as it came', () => {
  expect(displayPhone('******5678')).toBe('******5678');
});

test('no number shows nothing', () => {
  expect(displayPhone(null)).toBe('');
});
