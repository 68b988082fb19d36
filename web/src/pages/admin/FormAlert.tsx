/**
 * A dialog's problem said at the top of its form, with its title ("Invalid Amount", "Error") over
 * its message: it stays until the administrator acts, unlike a toast, and the field it is about
 * stays marked.
 */
import { Alert } from '@chakra-ui/react/alert';
import { alertSlotRecipe } from '@chakra-ui/react/theme';

export function FormAlert({ id, title, message }: { id?: string; title: string; message: string }) {
  return (
    <Alert.Root id={id} recipe={alertSlotRecipe} status="error" role="alert" size="sm">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{title}</Alert.Title>
        <Alert.Description>{message}</Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
