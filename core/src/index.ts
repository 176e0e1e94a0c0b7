export * from './units';
export * from './permissions';
export * from './schemas';
export * from './status';
export * from './geo';
