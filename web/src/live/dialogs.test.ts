import { describe, expect, it } from 'vitest';
import { accumulatorsBody, accumulatorsForm, parseNonNegative } from './accumulators';
import { blockAnswerDetail, blockFailureReason } from './blockMessages';

describe('km and hours correction (Correcção de km)', () => {
  it('starts from the current odometer and engine hours', () => {
    expect(accumulatorsForm({ totalDistance: 123_456_789, hours: 9_000_000 })).toEqual({
      km: '123456.789',
      hours: '2.5',
    });
    expect(accumulatorsForm(undefined)).toEqual({ km: '0', hours: '0' });
  });

  it('stores km x1000 and hours x3600000 as integers', () => {
    expect(accumulatorsBody(9, { km: '1234.5678', hours: '10,25' })).toEqual({
      deviceId: 9,
      totalDistance: 1_234_568,
      hours: 36_900_000,
    });
  });

  it('refuses negative, empty and non-numeric values (minimum 0)', () => {
    expect(accumulatorsBody(9, { km: '-1', hours: '0' })).toBeNull();
    expect(accumulatorsBody(9, { km: '', hours: '0' })).toBeNull();
    expect(accumulatorsBody(9, { km: 'abc', hours: '0' })).toBeNull();
    expect(parseNonNegative('0')).toBe(0);
  });
});

describe('block command texts', () => {
  it('takes the reason before the first parenthesis', () => {
    expect(blockFailureReason('Veículo sem imobilizador (has_immobilization)', 'Bad Request')).toBe(
      'Veículo sem imobilizador',
    );
    expect(blockFailureReason('', 'Forbidden')).toBe('Forbidden');
  });

  it('does not repeat the sentence when the server already wrote it', () => {
    expect(blockFailureReason('Erro ao enviar o comando (device not connected)', 'Bad Gateway')).toBe(
      'device not connected',
    );
  });

  it('shows the device answer or the server note', () => {
    expect(blockAnswerDetail({ state: 'answered', result: 'DOUT1:1' })).toBe('DOUT1:1');
    expect(blockAnswerDetail({ state: 'queued', message: 'Comando em espera' })).toBe('Comando em espera');
  });
});
