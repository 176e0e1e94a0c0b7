import { describe, expect, it } from 'vitest';
import {
  blackBoxAnswer,
  type RecordError,
  dataAnswer,
  LOGIN_ACCEPTED,
  LOGIN_BAD_CHECKSUM,
  LOGIN_BAD_PASSWORD,
  LOGIN_REFUSED,
  PING_ANSWER,
} from './answers';
import { DOC_ANSWERS } from './vectors.testdata';

const text = (answer: Buffer) => answer.toString('latin1');

describe('answers', () => {
  it('are the lines of the protocol document', () => {
    const built = [
      LOGIN_ACCEPTED,
      LOGIN_REFUSED,
      dataAnswer('SD'),
      dataAnswer('SD', 'time'),
      dataAnswer('SD', 'coordinates'),
      dataAnswer('D'),
      dataAnswer('D', 'coordinates'),
      blackBoxAnswer(3),
      PING_ANSWER,
    ];
    expect(built.map(text)).toEqual(DOC_ANSWERS.map((line) => `${line}\r\n`));
  });

  it('give the login error codes of version 2.0', () => {
    expect(text(LOGIN_BAD_PASSWORD)).toBe('#AL#01\r\n');
    expect(text(LOGIN_BAD_CHECKSUM)).toBe('#AL#10\r\n');
  });

  it('give short and extended data their own checksum and field codes', () => {
    expect(text(dataAnswer('SD', 'checksum'))).toBe('#ASD#13\r\n');
    expect(text(dataAnswer('D', 'checksum'))).toBe('#AD#16\r\n');
    expect(
      (['structure', 'motion', 'satellites', 'io', 'adc', 'params'] as RecordError[]).map((e) =>
        text(dataAnswer('D', e)),
      ),
    ).toEqual(['#AD#-1\r\n', '#AD#11\r\n', '#AD#12\r\n', '#AD#13\r\n', '#AD#14\r\n', '#AD#15\r\n']);
  });
});
