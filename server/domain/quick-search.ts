/**
 * The quick search's text rules (DECISIONS SHELL-010, ADR 019), one copy for the server's matcher
 * and the nav bar's field: the text is searched from 2 characters; shorter than 3 it matches the
 * start of a stock number or name only, from 3 on anywhere inside them (a trigram).
 */

/** Shortest text searched (the server answers 400 below it; the field waits). */
export const QUICK_SEARCH_MIN = 2;

/** Shortest text that matches anywhere in a field (a trigram); shorter text matches a field's start. */
export const CONTAINS_MIN = 3;
