/**
 * The tachograph area's rules (document 3, issue 20): working states, the activity timeline, the EU
 * 561/2006 driving-time counters and the Teltonika tachograph IO elements. Times are epoch seconds (UTC).
 */
export * from './workingState';
export * from './rules';
export * from './timeline';
export * from './history';
export * from './counters';
export * from './format';
export * from './ioTable';
export * from './ioDecode';
