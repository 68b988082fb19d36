/**
 * The style props of the small buttons the chart's and the history's chunk draws itself (Chakra's
 * Button would bring its recipe into that chunk and the first screen's shared chunks): the text and
 * focus ring of Chakra's small button, and an outlined one a finger's height on a phone.
 */
export const smallButtonText = {
  borderRadius: 'l2',
  textStyle: 'sm',
  fontWeight: 'medium',
  cursor: 'button',
  focusVisibleRing: 'outside',
} as const;

export const outlinedSmallButton = {
  ...smallButtonText,
  h: { base: '11', md: '9' },
  borderWidth: '1px',
} as const;
