/**
 * A menu button (WAI-ARIA's menu button pattern): the button opens a list of actions, arrow keys
 * move between them, Escape closes it and gives the focus back to the button.
 *
 * Written here rather than Chakra's Menu: Chakra's brings its menu machine and the positioning
 * library into the admin chunk, +22 KB gzip (measured), a third of the chunk's budget, for a list
 * of five buttons under a button. The list is portalled and fixed, so a scrolling table does not
 * clip it.
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Portal } from '@chakra-ui/react/portal';
import {
  type KeyboardEvent,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';

export interface MenuAction {
  label: string;
  onSelect: () => void;
  /** Shown in red, after a line: an action that cannot be undone. */
  danger?: boolean;
}

const GAP_PX = 4;

/** Where the list goes: under the button, right-aligned, or above it when it does not fit below. */
function placeList(trigger: HTMLElement, list: HTMLElement): { top: number; right: number } {
  const at = trigger.getBoundingClientRect();
  const height = list.getBoundingClientRect().height;
  const fitsBelow = at.bottom + GAP_PX + height <= window.innerHeight;
  const top = fitsBelow ? at.bottom + GAP_PX : Math.max(GAP_PX, at.top - GAP_PX - height);
  return { top, right: Math.max(GAP_PX, window.innerWidth - at.right) };
}

/**
 * Closes the list on a pointer outside it; keeps it under its button when anything scrolls or
 * the window resizes. (Closing on scroll lost menus just opened: a click also scrolls the
 * button's scrolling table or the page to bring it into view, and that scroll can land after
 * the list has opened.)
 */
function useOutsidePointerAndMoves(
  open: boolean,
  inside: (target: Node) => boolean,
  close: () => void,
  follow: () => void,
) {
  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => e.target instanceof Node && !inside(e.target) && close();
    const onMove = () => follow();
    document.addEventListener('pointerdown', onPointer);
    window.addEventListener('resize', onMove);
    window.addEventListener('scroll', onMove, true);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      window.removeEventListener('resize', onMove);
      window.removeEventListener('scroll', onMove, true);
    };
  }, [open, inside, close, follow]);
}

export function RowMenu({
  label,
  accessibleName,
  actions,
}: {
  label: string;
  accessibleName: string;
  actions: MenuAction[];
}) {
  const id = useId();
  const trigger = useRef<HTMLButtonElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<false | 'first' | 'last'>(false);
  const [place, setPlace] = useState<{ top: number; right: number } | null>(null);
  const items = () => Array.from(list.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const close = useCallback(() => setOpen(false), []);
  const inside = useCallback(
    (target: Node) => Boolean(list.current?.contains(target) || trigger.current?.contains(target)),
    [],
  );
  const follow = useCallback(() => {
    if (trigger.current && list.current) setPlace(placeList(trigger.current, list.current));
  }, []);
  useOutsidePointerAndMoves(Boolean(open), inside, close, follow);

  useLayoutEffect(() => {
    if (!open || !trigger.current || !list.current) return setPlace(null);
    setPlace(placeList(trigger.current, list.current));
    const all = items();
    (open === 'last' ? all.at(-1) : all[0])?.focus({ preventScroll: true });
  }, [open]);

  const closeAndReturn = () => {
    setOpen(false);
    trigger.current?.focus({ preventScroll: true });
  };
  const onListKey = (e: KeyboardEvent) => {
    const all = items();
    const at = all.indexOf(document.activeElement as HTMLElement);
    const go: Record<string, number | undefined> = {
      ArrowDown: (at + 1) % all.length,
      ArrowUp: (at - 1 + all.length) % all.length,
      Home: 0,
      End: all.length - 1,
    };
    if (e.key in go) {
      e.preventDefault();
      all[go[e.key] ?? 0]?.focus({ preventScroll: true });
    } else if (e.key === 'Escape') {
      e.preventDefault();
      closeAndReturn();
    } else if (e.key === 'Tab') setOpen(false);
  };
  const onTriggerKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp') return;
    e.preventDefault();
    setOpen(e.key === 'ArrowUp' ? 'last' : 'first');
  };

  return (
    <>
      <Button
        ref={trigger}
        id={`${id}-button`}
        size="xs"
        variant="outline"
        aria-label={accessibleName}
        aria-haspopup="menu"
        aria-expanded={Boolean(open)}
        aria-controls={open ? `${id}-menu` : undefined}
        onClick={() => setOpen((o) => (o ? false : 'first'))}
        onKeyDown={onTriggerKey}
      >
        {label}
      </Button>
      {open && (
        <Portal>
          <MenuList
            id={`${id}-menu`}
            labelledBy={`${id}-button`}
            listRef={list}
            place={place}
            actions={actions}
            onKeyDown={onListKey}
            onChosen={closeAndReturn}
          />
        </Portal>
      )}
    </>
  );
}

function MenuList({
  id,
  labelledBy,
  listRef,
  place,
  actions,
  onKeyDown,
  onChosen,
}: {
  id: string;
  labelledBy: string;
  listRef: RefObject<HTMLDivElement | null>;
  place: { top: number; right: number } | null;
  actions: MenuAction[];
  onKeyDown: (e: KeyboardEvent) => void;
  onChosen: () => void;
}) {
  return (
    <Box
      ref={listRef}
      id={id}
      role="menu"
      aria-labelledby={labelledBy}
      position="fixed"
      zIndex="dropdown"
      top={place ? `${place.top}px` : '0'}
      right={place ? `${place.right}px` : '0'}
      visibility={place ? 'visible' : 'hidden'}
      minW="44"
      py="1"
      bg="bg.panel"
      borderWidth="1px"
      rounded="md"
      boxShadow="lg"
      onKeyDown={onKeyDown}
    >
      {actions.map((action) => (
        <Box
          key={action.label}
          as="button"
          role="menuitem"
          tabIndex={-1}
          display="block"
          w="full"
          textAlign="start"
          px="3"
          py="2"
          fontSize="sm"
          color={action.danger ? 'red.fg' : 'fg'}
          borderTopWidth={action.danger ? '1px' : undefined}
          _hover={{ bg: 'bg.muted' }}
          _focus={{ bg: 'bg.muted' }}
          focusVisibleRing="inside"
          onClick={() => {
            onChosen();
            action.onSelect();
          }}
        >
          {action.label}
        </Box>
      ))}
    </Box>
  );
}
