export * from './units';
export * from './permissions';
export * from './schemas';
