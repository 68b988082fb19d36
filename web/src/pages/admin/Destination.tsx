/**
 * A request with no payout account recorded, flagged in red on its line: made before accounts were
 * recorded with requests, it leaves the administrator to find out where the money goes before it
 * moves. (The account itself is listed where the request is approved or paid: destination-facts.tsx.)
 */
import { Text } from '@chakra-ui/react/text';

export const NO_DESTINATION = 'No payout account recorded with this request';

export function NoDestinationFlag() {
  return (
    <Text fontSize="sm" color="red.fg" fontWeight="medium">
      {NO_DESTINATION}
    </Text>
  );
}
