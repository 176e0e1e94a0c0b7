// The node flags every server process runs with (`npm start`, the cluster's nodes, the ingest bench that
// hosts a server in its own process). `--max-semi-space-size=64`: V8's young generation grows to 64 MiB
// semi-spaces instead of 16. Each batch of records lives from decoding until its commit and broadcast, a few
// milliseconds; with small semi-spaces a scavenge falls inside that life many times a second and copies the
// batch, twice, into the old generation, which then needs full collections. bench:ingest measured the
// collector's time falling by a quarter to a half at 32 MiB, and by half again at 64 (issue 38: SQLite ingest
// 40,867 -> 47,516 records/s, the collector's time 1,493 -> 701 ms in 8 s; 128 MiB added little more).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64'];
