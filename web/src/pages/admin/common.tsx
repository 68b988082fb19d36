/** Small pieces the admin pages share. */
import { Card } from '@chakra-ui/react/card';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import { ApiError } from '../../api/client';
import { notify } from '../../components/toaster';
import { toastTitles } from '../../../../shared/messages';

/** The server's `error` field when the call failed with one, else the screen's own words. */
export function errorText(error: unknown, fallback: string): string {
  return (error instanceof ApiError && error.serverMessage) || fallback;
}

/** The destructive 'Error' toast of spec section 8. */
export function notifyError(error: unknown, fallback: string): void {
  notify('error', toastTitles.error, errorText(error, fallback));
}

/** API dollars as cents, for formatUsd. */
export const cents = (dollars: number): number => Math.round(dollars * 100);

export const dateText = (iso: string): string => new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
export const dateTimeText = (iso: string): string =>
  new Date(iso).toLocaleString('en-US', { year: 'numeric', month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

export function StatCard({ label, value, hint, valueColor }: { label: string; value: ReactNode; hint: string; valueColor?: string }) {
  return (
    <Card.Root size="sm">
      <Card.Body gap="1">
        <Text fontSize="sm" color="fg.muted">
          {label}
        </Text>
        <Text fontSize="2xl" fontWeight="bold" color={valueColor}>
          {value}
        </Text>
        <Text fontSize="xs" color="fg.muted">
          {hint}
        </Text>
      </Card.Body>
    </Card.Root>
  );
}
