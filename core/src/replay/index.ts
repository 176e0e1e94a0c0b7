export * from './packedRoute';
