/**
 * Whether the window is phone-wide (below Chakra's `md` breakpoint, 48em), read when the page
 * renders and followed as the window changes: the header folds its controls into one menu and
 * the chart thins its axes. Decided in script rather than by CSS alone so that each control is
 * rendered once, not once per layout with one of the two hidden.
 */
import { useEffect, useState } from 'react';

const PHONE_QUERY = '(max-width: 47.99em)';

function phoneWide(): boolean {
  return (
    typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches
  );
}

export function usePhoneLayout(): boolean {
  const [phone, setPhone] = useState(phoneWide);
  useEffect(() => {
    const query = window.matchMedia(PHONE_QUERY);
    const follow = () => setPhone(query.matches);
    follow();
    query.addEventListener('change', follow);
    return () => query.removeEventListener('change', follow);
  }, []);
  return phone;
}
