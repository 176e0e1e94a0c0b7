/** Management rules (document 3): maintenance, costs, documents. */
export * from './constants';
export * from './amounts';
export * from './dates';
export * from './validation';
export * from './summary';
