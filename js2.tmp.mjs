const vals = { power: 13599 / 1000, battery: 4116 / 1000, distance: 1.46, total: 31209714.73, int: 31203764, small: 0.5, hours: 16756118635 };
for (const [k, v] of Object.entries(vals)) {
  const arr = Array.from({ length: 100000 }, (_, i) => v + (i % 7) * (Number.isInteger(v) ? 1 : 0.01));
  for (let r = 0; r < 3; r++) { let t = process.hrtime.bigint(); let n = 0; for (const x of arr) n += ('' + x).length; if (r === 2) console.log(k, v, (Number(process.hrtime.bigint() - t) / arr.length).toFixed(0), 'ns'); }
}
