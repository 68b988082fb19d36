import { NativeSelect } from '@chakra-ui/react/native-select';
import { useState } from 'react';
import { type ColorModeChoice, saveChoice, storedChoice } from '../theme/color-mode';

/** Light / dark / system; the choice is stored and applied at once. `lg` is a finger's target (the phone menu's). */
export function ColorModeSelect({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  const [choice, setChoice] = useState<ColorModeChoice>(storedChoice);
  return (
    <NativeSelect.Root size={size} width={size === 'lg' ? 'full' : 'auto'}>
      <NativeSelect.Field
        aria-label="Theme"
        value={choice}
        onChange={(e) => {
          const next = e.currentTarget.value as ColorModeChoice;
          setChoice(next);
          saveChoice(next);
        }}
      >
        <option value="system">System</option>
        <option value="light">Light</option>
        <option value="dark">Dark</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
