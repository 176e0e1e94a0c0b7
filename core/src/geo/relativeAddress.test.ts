import { describe, expect, it } from 'vitest';
import { COMPASS_POINTS, parseRelativeAddress, relativeAddressText } from './relativeAddress';

describe('relative addresses', () => {
  it('reads back every compass point the geocoder writes', () => {
    for (const point of COMPASS_POINTS) {
      const text = relativeAddressText({ km: 12, point, place: 'Viana, AO' });
      expect(parseRelativeAddress(text)).toEqual({ km: 12, point, place: 'Viana, AO' });
    }
    expect(parseRelativeAddress('4 km NO de Estalagem, Viana, AO')).toEqual({
      km: 4,
      point: 'NO',
      place: 'Estalagem, Viana, AO',
    });
  });

  it('leaves other addresses alone', () => {
    expect(parseRelativeAddress('Viana, AO')).toBeNull();
    expect(parseRelativeAddress('Rua da Missão 12, Luanda')).toBeNull();
    expect(parseRelativeAddress('-8.81234, 13.23456')).toBeNull();
    expect(parseRelativeAddress('12 km NW of Viana, AO')).toBeNull();
  });
});
