/**
 * The phone header's one menu: a button that shows or hides a panel of the header's controls
 * (the disclosure pattern: the panel holds links, buttons and the theme select, which are not
 * menu items). Escape or a press outside closes it, and choosing a link or a button inside does
 * too. The panel stays mounted while hidden, so an action started from it (signing out) finishes.
 * Every control in it is at least 44 px high, a finger's target.
 */
import { Box } from '@chakra-ui/react/box';
import { IconButton } from '@chakra-ui/react/button';
import { Stack } from '@chakra-ui/react/stack';
import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';

function MenuIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      aria-hidden="true"
    >
      <path d="M4 7h16M4 12h16M4 17h16" />
    </svg>
  );
}

function useCloseOnOutsidePress(open: boolean, inside: () => (HTMLElement | null)[], close: () => void) {
  useEffect(() => {
    if (!open) return;
    const onPress = (e: PointerEvent) => {
      if (e.target instanceof Node && !inside().some((el) => el?.contains(e.target as Node))) close();
    };
    document.addEventListener('pointerdown', onPress);
    return () => document.removeEventListener('pointerdown', onPress);
  }, [open, inside, close]);
}

export function HeaderMenu({
  icon,
  children,
}: {
  /** What the button shows (the user's avatar); three lines without it. */ icon?: ReactNode;
  children: ReactNode;
}) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setOpen(false), []);
  const inside = useCallback(() => [trigger.current, panel.current], []);
  useCloseOnOutsidePress(open, inside, close);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key !== 'Escape' || !open) return;
    e.preventDefault();
    setOpen(false);
    trigger.current?.focus();
  };
  // A link followed or a button pressed is the end of the visit to the menu; the theme select is not.
  const onPanelClick = (e: MouseEvent) => {
    if (e.target instanceof Element && e.target.closest('a, button')) setOpen(false);
  };

  return (
    <Box onKeyDown={onKeyDown}>
      <IconButton
        ref={trigger}
        aria-label="Menu"
        aria-expanded={open}
        aria-controls={`${id}-panel`}
        variant="ghost"
        minW="11"
        h="11"
        px="1"
        rounded="full"
        onClick={() => setOpen((o) => !o)}
      >
        {icon ?? <MenuIcon />}
      </IconButton>
      <Box
        ref={panel}
        id={`${id}-panel`}
        hidden={!open}
        position="absolute"
        top="100%"
        insetInlineEnd="3"
        mt="1"
        zIndex="dropdown"
        w="min(20rem, calc(100vw - 1.5rem))"
        p="3"
        bg="bg.panel"
        borderWidth="1px"
        rounded="md"
        boxShadow="lg"
        onClick={onPanelClick}
        css={{ '& :is(a, button, select)': { minHeight: '44px', width: '100%' } }}
      >
        <Stack gap="2">{children}</Stack>
      </Box>
    </Box>
  );
}
