/**
 * What an incremental computation made last time, for the next one to build on (kept per component with
 * useState). It is read and written while rendering, which is sound only because it is a cache: what it
 * holds changes how much work the next result takes, never that result, so a discarded render does no harm.
 */
export class LastResult<T> {
  constructor(private value: T) {}

  get(): T {
    return this.value;
  }

  set(value: T): void {
    this.value = value;
  }
}
