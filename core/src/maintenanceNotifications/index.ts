/** Daily maintenance notifications (document 3 §2, §3, §5, §9; issue 19): wire, form rules, due rules. */
export * from './constants';
export * from './wire';
export * from './validation';
export * from './due';
