import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boolArray, float8Array, int4Array, int8Array, textArray, varcharArray } from './pgBinary';
import { unnestList } from './pgBatchInserts';

const pgUrl = process.env.FROTA_TEST_DATABASE_URL;
const skipReason = pgUrl ? '' : 'the round trip needs PostgreSQL (FROTA_TEST_DATABASE_URL)';
if (skipReason) console.warn(`skipped: ${skipReason}`);

describe('binary array parameters', () => {
  it('write array_recv’s layout: one dimension, the null flag, the element type, -1 for NULL', () => {
    const out = int4Array([7, null, -2]);
    expect([0, 4, 8, 12, 16].map((at) => out.readInt32BE(at))).toEqual([1, 1, 23, 3, 1]);
    expect(out.readInt32BE(20)).toBe(4);
    expect(out.readInt32BE(24)).toBe(7);
    expect(out.readInt32BE(28)).toBe(-1);
    expect(out.readInt32BE(32)).toBe(4);
    expect(out.readInt32BE(36)).toBe(-2);
    expect(out.length).toBe(40);
    // no NULL: the flag is 0
    expect(int8Array([1]).readInt32BE(4)).toBe(0);
  });

  it('keep the text path’s meaning: not finite is NULL, -0 is 0, a fraction is refused', () => {
    const floats = float8Array([Number.NaN, Number.POSITIVE_INFINITY, -0, 1.5]);
    expect(floats.readInt32BE(4)).toBe(1);
    expect(floats.readInt32BE(20)).toBe(-1);
    expect(floats.readInt32BE(24)).toBe(-1);
    expect(Object.is(floats.readDoubleBE(32), 0)).toBe(true);
    expect(floats.readDoubleBE(44)).toBe(1.5);
    expect(() => int8Array([1.5])).toThrow('invalid input syntax for type integer: "1.5"');
    expect(() => int4Array([0.1])).toThrow('invalid input syntax for type integer');
    // out of an integer's range: refused before it is sent, as PostgreSQL refuses the text
    expect(() => int4Array([2 ** 31])).toThrow(RangeError);
  });

  it('write a bigint’s two halves, negative ones in two’s complement', () => {
    const values = [0, -1, 2 ** 53 - 1, -(2 ** 40) - 3, 1_767_225_600_000];
    const out = int8Array(values);
    expect(values.map((_, i) => out.readBigInt64BE(24 + i * 12))).toEqual(values.map((v) => BigInt(v)));
  });

  it('write texts as their UTF-8 bytes, unescaped', () => {
    const texts = varcharArray(['ção', '', null]);
    expect(texts.readInt32BE(8)).toBe(1043);
    // its length in bytes, not in characters
    expect(texts.readInt32BE(20)).toBe(5);
    expect(texts.subarray(24, 29).toString()).toBe('ção');
    expect(texts.readInt32BE(29)).toBe(0);
    expect(texts.readInt32BE(33)).toBe(-1);
    expect(texts.length).toBe(37);
    // text[] differs only by its element type
    expect(textArray(['x']).readInt32BE(8)).toBe(25);
    expect(
      textArray(['x'])
        .subarray(20)
        .equals(varcharArray(['x']).subarray(20)),
    ).toBe(true);
  });

  describe.skipIf(Boolean(skipReason))('on PostgreSQL', () => {
    let client: pg.Client;
    beforeAll(async () => {
      client = new pg.Client({ connectionString: pgUrl });
      await client.connect();
    });
    afterAll(() => client.end());

    const back = async (param: Buffer, type: string) =>
      (await client.query(`SELECT unnest($1::${type})::text AS v`, [param])).rows.map((r) => r.v);

    it('reads every column type back as the values went', async () => {
      expect(await back(int4Array([7, null, -2_147_483_648]), 'integer[]')).toEqual([
        '7',
        null,
        '-2147483648',
      ]);
      expect(await back(int8Array([-1, 2 ** 53 - 1, null, 1_767_225_600_123]), 'bigint[]')).toEqual([
        '-1',
        '9007199254740991',
        null,
        '1767225600123',
      ]);
      expect(await back(float8Array([0.1 + 0.2, -0, Number.NaN, -8.838333]), 'float8[]')).toEqual([
        '0.30000000000000004',
        '0',
        null,
        '-8.838333',
      ]);
      expect(await back(boolArray([true, false, null]), 'boolean[]')).toEqual(['true', 'false', null]);
      expect(
        await back(varcharArray(['Rua "Direita", 5 {A} \\ ção', '', null, 'عربي']), 'varchar[]'),
      ).toEqual(['Rua "Direita", 5 {A} \\ ção', '', null, 'عربي']);
      expect(await back(int4Array([]), 'integer[]')).toEqual([]);
      const documents = ['{"b":1,"a":[true,null,"x\\"y"]}', '{}', '{"n":1.5e300,"t":"ção"}'];
      const { rows } = await client.query('SELECT unnest($1::text[])::jsonb AS d', [textArray(documents)]);
      expect(rows.map((r) => r.d)).toEqual(documents.map((d) => JSON.parse(d)));
    });

    it('zip back into rows by unnestList: in order, one element of each array a row, cast where asked', async () => {
      const list = unnestList(['integer', 'varchar', ['text', 'jsonb']]);
      expect(list).toBe('unnest($1::integer[]), unnest($2::varchar[]), unnest($3::text[])::jsonb');
      const { rows } = await client.query({
        text: `SELECT ${list}`,
        values: [int4Array([3, null, 1]), varcharArray(['c', 'b', null]), textArray(['{"n":3}', '{}', null])],
        rowMode: 'array',
      });
      expect(rows).toEqual([
        [3, 'c', { n: 3 }],
        [null, 'b', {}],
        [1, null, null],
      ]);
      const empty = await client.query(`SELECT ${unnestList(['integer', 'bigint'])}`, [
        int4Array([]),
        int8Array([]),
      ]);
      expect(empty.rows).toEqual([]);
    });
  });
});
