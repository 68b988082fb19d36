/**
 * Button colours that keep their text readable. Chakra's solid green is green.600, on which white
 * text reaches 3.29:1, under the 4.5:1 WCAG AA asks of text; green.700 gives 6.8:1, in the light
 * and the dark mode alike (a solid button's colours do not change with the mode).
 */
export const approveButtonColors = {
  colorPalette: 'green',
  bg: 'green.700',
  color: 'white',
  _hover: { bg: 'green.800' },
  _active: { bg: 'green.800' },
} as const;
