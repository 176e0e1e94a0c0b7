/**
 * A form's title as a trail of its places, "Custos > LD-10-30-AA > Adicionar" (document 3 §2): the
 * separator points the way the language reads, so right to left it is "<" (a ">" there points back at
 * the list).
 */
export function titleTrail(parts: ReadonlyArray<string | null | undefined | false>, rtl: boolean): string {
  return parts.filter(Boolean).join(rtl ? ' < ' : ' > ');
}
