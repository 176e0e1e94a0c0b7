import Database from 'better-sqlite3';
const db = new Database(process.argv[2], { readonly: true });
const rows = db.prepare("select attributes from positions where protocol='teltonika' order by id desc limit 20000").all();
const objs = rows.map((r) => JSON.parse(r.attributes));
for (const size of [400, 4000, 20000]) {
  const batch = objs.slice(0, size);
  for (let r = 0; r < 5; r++) {
    let t = process.hrtime.bigint(); let n = 0;
    for (const o of batch) n += JSON.stringify(o).length;
    const t2 = process.hrtime.bigint();
    const s = JSON.stringify(batch);
    const t3 = process.hrtime.bigint();
    if (r === 4) console.log(size, 'each', (Number(t2 - t) / 1000 / size).toFixed(2), 'array', (Number(t3 - t2) / 1000 / size).toFixed(2));
  }
}
