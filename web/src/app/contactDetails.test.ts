import { describe, expect, it } from 'vitest';
import { contactInfo } from './contactDetails';

describe('contactInfo', () => {
  it('splits e-mails and phones and reads the GPS', () => {
    const info = contactInfo({
      sales_name: 'Frota Lda',
      sales_address: 'Rua 1\nLuanda',
      sales_gps: '-8.8383, 13.2344',
      sales_email: 'vendas@frota.ao; suporte@frota.ao',
      sales_phone: '+244 923 000 000\n+244 222 111 222',
    });
    expect(info.name).toBe('Frota Lda');
    expect(info.gps).toEqual({ latitude: -8.8383, longitude: 13.2344, text: '-8.8383, 13.2344' });
    expect(info.emails).toEqual(['vendas@frota.ao', 'suporte@frota.ao']);
    expect(info.phones).toEqual([
      { text: '+244 923 000 000', digits: '244923000000' },
      { text: '+244 222 111 222', digits: '244222111222' },
    ]);
  });
  it('is empty without details', () => {
    expect(contactInfo(undefined)).toEqual({ name: '', address: '', gps: null, emails: [], phones: [] });
  });
});
