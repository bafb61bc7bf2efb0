/**
 * A case-insensitive "contains" pattern for ILIKE: what the user typed is matched literally
 * (their % and _ are characters, not wildcards). One rule for every text filter.
 */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
