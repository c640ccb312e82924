import { describe, expect, it } from 'vitest';
import { doorLine, placeLine } from './address-format.js';

describe('placeLine', () => {
  it('names the city once when the place already ends with it', () => {
    expect(placeLine('Ugbowo, Benin City', 'Benin City')).toBe('Ugbowo, Benin City');
    expect(placeLine('Ugbowo, benin city ', 'Benin City')).toBe('Ugbowo, benin city');
    expect(placeLine('Hall 2, Benin City, Edo', 'Benin City')).toBe('Hall 2, Benin City, Edo');
  });
  it('adds the city when the place does not name it', () => {
    expect(placeLine('Hall 2 (Tinubu Hall), University of Benin', 'Benin City')).toBe(
      'Hall 2 (Tinubu Hall), University of Benin, Benin City',
    );
    // A city's name inside another word is not the city.
    expect(placeLine('Benin City Mall Road', 'Benin City')).toBe('Benin City Mall Road, Benin City');
  });
  it('copes with either part missing', () => {
    expect(placeLine('Main Gate', '')).toBe('Main Gate');
    expect(placeLine('Main Gate', null)).toBe('Main Gate');
    expect(placeLine('', 'Benin City')).toBe('Benin City');
  });
});

describe('doorLine', () => {
  it('joins block, floor and room without doubling their names', () => {
    expect(doorLine({ block: 'Block C', floor: '2', room: 'Flat 214', landmark: 'x' })).toBe(
      'Block C · Floor 2 · Room 214',
    );
    expect(doorLine({ block: '', floor: '', room: '' })).toBe('');
    expect(doorLine(null)).toBe('');
  });
});
