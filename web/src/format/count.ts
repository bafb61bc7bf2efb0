/**
 * A count with its noun, as screens say it: '1 record', '12,000 records', '2 saved searches'.
 * `many` is for nouns whose plural is not the singular plus 's'.
 */
export const countOf = (n: number, one: string, many = `${one}s`): string => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
