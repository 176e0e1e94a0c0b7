// The node flags every server process runs with (`npm start`, the cluster's nodes, the ingest bench that
// hosts a server in its own process). `--max-semi-space-size=32`: V8's young generation grows to 32 MiB
// semi-spaces instead of 16. Each batch of records lives from decoding until its commit and broadcast, a few
// milliseconds; with small semi-spaces a scavenge falls inside that life many times a second and copies the
// batch, twice, into the old generation, which then needs full collections. bench:ingest measured the
// collector's time falling by a quarter to a half (see the README's Performance record).
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];
