/** How a form's problem at a field reads to a test, as to a screen reader: the field marked invalid and described by it. */
import { screen, waitFor } from '@testing-library/react';

/** The field labelled `label` (within `scope`, else the page) is marked invalid and described by `message`, shown under it. */
export async function expectFieldError(
  label: string,
  message: string,
  scope: Pick<typeof screen, 'getByLabelText'> = screen,
): Promise<HTMLElement> {
  const field = scope.getByLabelText(label);
  // All three at once: Ark sets aria-errormessage only after an effect has seen the error text
  // mount, a render after aria-invalid, so on a loaded machine the first two can pass alone.
  await waitFor(() => {
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
    expect(field).toHaveAccessibleErrorMessage(message);
  });
  return field;
}

/** The form's alert over its fields: the product's title for the failure, then its message. */
export async function expectFormFailure(title: string, message: string): Promise<HTMLElement> {
  const alert = await screen.findByRole('alert');
  expect(alert).toHaveTextContent(`${title}${message}`);
  return alert;
}
