/**
 * Free text the product stores and shows again (notes, rejection reasons, names): it may not
 * carry characters that are invisible or rewrite what is around them when displayed or exported
 * — C0 and C1 control characters (a NUL cuts a string short in other systems, a BEL or ESC acts
 * on a terminal) and the bidirectional overrides and isolates (U+202A-202E, U+2066-2069), which
 * make "\u202Egnp.exe" read as "exe.png".
 */

// eslint-disable-next-line no-control-regex -- finding control characters is what the pattern is for
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// eslint-disable-next-line no-control-regex -- finding control characters is what the pattern is for
const CONTROL_EXCEPT_TAB_AND_NEWLINE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/;
const BIDI_OVERRIDES = /[\u202a-\u202e\u2066-\u2069]/;

/** True when `text` holds a control or bidirectional-override character; notes may keep tab and newline. */
export function hasUnsafeCharacters(text: string, { allowTabAndNewline = false } = {}): boolean {
  return (allowTabAndNewline ? CONTROL_EXCEPT_TAB_AND_NEWLINE : CONTROL).test(text) || BIDI_OVERRIDES.test(text);
}

/**
 * What makes a spreadsheet read a cell as a formula when it starts one: OWASP's CSV-injection
 * signs = + - @, and the full-width forms that Excel also takes in East Asian locales. (OWASP
 * also lists a leading tab or return, which some readers strip before looking: the CSV writer
 * adds those, shared/statement.ts.)
 */
export const FORMULA_SIGN = /[=+\-@\uff1d\uff0b\uff0d\uff20]/;
