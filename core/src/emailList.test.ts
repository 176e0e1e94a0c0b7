import { describe, expect, it } from 'vitest';
import { invalidEmailMessage, isValidEmail, normaliseEmailList, notificationEmailLists } from './emailList';

describe('e-mail addresses and lists', () => {
  it('checks one address', () => {
    expect(isValidEmail('gestor@frota.ao')).toBe(true);
    expect(isValidEmail(' gestor@frota.ao ')).toBe(true);
    for (const bad of ['', null, undefined, 'gestor', 'gestor@frota', '@frota.ao', 'a b@c.ao', 'x@'])
      expect(isValidEmail(bad)).toBe(false);
  });

  it('turns spaces, tabs, newlines, semicolons and commas into single commas', () => {
    expect(normaliseEmailList('a@b.ao; c@d.ao\te@f.ao\ng@h.ao ,, i@j.ao')).toEqual({
      list: 'a@b.ao,c@d.ao,e@f.ao,g@h.ao,i@j.ao',
      invalid: null,
    });
    expect(normaliseEmailList(' ; \n')).toEqual({ list: '', invalid: null });
    expect(normaliseEmailList(undefined)).toEqual({ list: '', invalid: null });
  });

  it('answers the first address that is not valid', () => {
    expect(normaliseEmailList('ok@x.ao; not-an-email x@').invalid).toBe('not-an-email');
    expect(invalidEmailMessage('x@')).toBe('Endereço de e-mail inválido: x@');
  });

  it('stores a notification’s lists normalised with mail, drops empty ones, and drops both without mail', () => {
    const attributes = { description: 'SOS', emailTo: 'a@b.ao; c@d.ao', emailCc: ' ; ' };
    expect(notificationEmailLists(attributes, true)).toEqual({
      attributes: { description: 'SOS', emailTo: 'a@b.ao,c@d.ao' },
      invalid: null,
    });
    expect(notificationEmailLists(attributes, false)).toEqual({
      attributes: { description: 'SOS' },
      invalid: null,
    });
    expect(attributes.emailCc).toBe(' ; ');
  });

  it('reports a bad address in either list only when mail is used', () => {
    expect(notificationEmailLists({ emailTo: 'a@b.ao', emailCc: 'x@' }, true).invalid).toBe('x@');
    expect(notificationEmailLists({ emailTo: 'bad', emailCc: 'x@' }, true).invalid).toBe('bad');
    expect(notificationEmailLists({ emailTo: 'bad' }, false).invalid).toBeNull();
  });
});
