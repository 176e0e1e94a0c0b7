// The SQLite batch writer's thread (batchWriterThread.ts starts it). Plain JavaScript so that it starts
// the same under tsx, vitest and node. It holds its own connection to the database file (the main thread
// keeps its own for everything else; WAL lets both read while one writes) and commits each batch it is
// sent in one transaction, answering with the ids SQLite gave the rows.
//
// A batch, all flat arrays (cheap to send between threads):
// - positions: 20 values per row, in the positions table's column order (see POSITION below): this
//   connection has no trigger deriving the last five (db/positionDerived.ts);
// - tallies: 4 values per row of the hourly tallies to add (device, hour, count, time-of-day sum);
// - events: 6 values per row, the position id slot holding the index of the batch's position (or -1);
// - devices: 3 values per device: index of its latest position, last update, device id;
// - statistics: one parameter array per device_statistics upsert.
// Or other writers' statements ({ id, statements: [[sql, params], ...] }), run in one transaction.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

const { file, synchronous, mmapBytes, checkpointPages, sql } = workerData;
const db = new Database(file);
// the same settings as the server's own connection (db/database.ts); the search function it registers is
// not needed here: no statement or trigger of these tables calls it
db.pragma('journal_mode = WAL');
db.pragma(`synchronous = ${synchronous}`);
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma(`mmap_size = ${mmapBytes}`);
// this thread checkpoints the log, in fewer and longer copies than SQLite's default (batchWriterThread.ts)
db.pragma(`wal_autocheckpoint = ${checkpointPages}`);

const insertPosition = db.prepare(sql.position);
const insertEvent = db.prepare(sql.event);
const updateDevice = db.prepare(sql.device);
const upsertStatistics = db.prepare(sql.statistics);
const addTally = db.prepare(sql.tally);

const POSITION = 20;
const TALLY = 4;
const EVENT = 6;
const DEVICE = 3;

const write = db.transaction((batch) => {
  const { positions, events, devices, tallies, statistics } = batch;
  const positionIds = new Array(positions.length / POSITION);
  // the row's values as arguments, not an array sliced out per row (0.7 µs a row less)
  const p = positions;
  for (let i = 0, r = 0; i < p.length; i += POSITION, r++)
    positionIds[r] = Number(
      insertPosition.run(
        p[i],
        p[i + 1],
        p[i + 2],
        p[i + 3],
        p[i + 4],
        p[i + 5],
        p[i + 6],
        p[i + 7],
        p[i + 8],
        p[i + 9],
        p[i + 10],
        p[i + 11],
        p[i + 12],
        p[i + 13],
        p[i + 14],
        p[i + 15],
        p[i + 16],
        p[i + 17],
        p[i + 18],
        p[i + 19],
      ).lastInsertRowid,
    );
  for (let i = 0; i < tallies.length; i += TALLY)
    addTally.run(tallies[i], tallies[i + 1], tallies[i + 2], tallies[i + 3]);
  const eventIds = new Array(events.length / EVENT);
  for (let i = 0, r = 0; i < events.length; i += EVENT, r++) {
    const row = events.slice(i, i + EVENT);
    row[3] = row[3] >= 0 ? positionIds[row[3]] : null;
    eventIds[r] = Number(insertEvent.run(row).lastInsertRowid);
  }
  for (let i = 0; i < devices.length; i += DEVICE) {
    const positionId = positionIds[devices[i]];
    const lastUpdate = devices[i + 1];
    updateDevice.run(positionId, lastUpdate, devices[i + 2], lastUpdate);
  }
  for (const row of statistics) upsertStatistics.run(row);
  return { positionIds, eventIds };
});

/** Other writers' statements by their text (a handful of constant statements: the segments store's). */
const prepared = new Map();
const runStatements = db.transaction((statements) => {
  for (const [text, params] of statements) {
    let statement = prepared.get(text);
    if (!statement) {
      statement = db.prepare(text);
      if (prepared.size < 100) prepared.set(text, statement);
    }
    statement.run(params);
  }
});

parentPort.on('message', (message) => {
  if (message === 'settings') {
    parentPort.postMessage({
      settings: { walAutocheckpoint: db.pragma('wal_autocheckpoint', { simple: true }) },
    });
    return;
  }
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  try {
    if (message.statements) {
      runStatements(message.statements);
      parentPort.postMessage({ id: message.id });
      return;
    }
    parentPort.postMessage({ id: message.id, ...write(message) });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error.message, code: error.code } });
  }
});
