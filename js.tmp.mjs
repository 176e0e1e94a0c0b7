import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
const rows = db.prepare("select attributes from positions where protocol='teltonika' order by id desc limit 20000").all();
const objs = rows.map((r) => JSON.parse(r.attributes));
const bench = (name, f) => { for (let round = 0; round < 5; round++) { let t = process.hrtime.bigint(); let n = 0; for (const o of objs) n += f(o).length; if (round === 4) console.log(name, (Number(process.hrtime.bigint() - t) / 1000 / objs.length).toFixed(2)); } };
bench('stringify', (o) => JSON.stringify(o));
const ints = objs.map((o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, typeof v === 'number' ? Math.round(v) : v])));
const bench2 = (name, arr, f) => { for (let round = 0; round < 5; round++) { let t = process.hrtime.bigint(); let n = 0; for (const o of arr) n += f(o).length; if (round === 4) console.log(name, (Number(process.hrtime.bigint() - t) / 1000 / arr.length).toFixed(2)); } };
bench2('stringify ints', ints, (o) => JSON.stringify(o));
const keyCache = new Map();
function ser(o) {
  let s = '{';
  let first = true;
  for (const k in o) {
    const v = o[k];
    let q = keyCache.get(k);
    if (q === undefined) { q = JSON.stringify(k) + ':'; keyCache.set(k, q); }
    let vs;
    if (typeof v === 'number') vs = Number.isFinite(v) ? '' + v : 'null';
    else if (typeof v === 'boolean') vs = v ? 'true' : 'false';
    else if (typeof v === 'string') vs = JSON.stringify(v);
    else if (v === undefined) continue;
    else vs = JSON.stringify(v);
    s += (first ? '' : ',') + q + vs; first = false;
  }
  return s + '}';
}
bench('hand', ser);
console.log(ser(objs[0]) === JSON.stringify(objs[0]));
const nums = objs.flatMap((o) => Object.values(o).filter((v) => typeof v === 'number'));
let t = process.hrtime.bigint(); let n = 0; for (let r = 0; r < 5; r++) for (const v of nums) n += ('' + v).length; console.log('num->str ns', Number(process.hrtime.bigint() - t) / nums.length / 5);
import v8 from 'node:v8';
bench('v8.serialize', (o) => v8.serialize(o));
const batch = objs.slice(0, 4000);
for (let r = 0; r < 4; r++) { let t = process.hrtime.bigint(); const b = v8.serialize(batch); const t2 = process.hrtime.bigint(); v8.deserialize(b); const t3 = process.hrtime.bigint(); if (r === 3) console.log('batch serialize µs/obj', Number(t2 - t) / 1000 / batch.length, 'deserialize', Number(t3 - t2) / 1000 / batch.length); }
for (let r = 0; r < 4; r++) { let t = process.hrtime.bigint(); const b = JSON.stringify(batch); const t2 = process.hrtime.bigint(); if (r === 3) console.log('batch stringify µs/obj', Number(t2 - t) / 1000 / batch.length); }
