export * from './constants';
export * from './consumption';
export * from './totals';
export * from './wire';
