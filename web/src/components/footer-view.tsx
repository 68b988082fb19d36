/**
 * What the foot of every page says (components/footer.tsx loads it): the demo notice where the
 * stage is a sample, the risk disclosure, then the firm's name, its terms and privacy notice and
 * its support contact. Small and quiet, in the muted text colour (readable in both themes), and
 * wrapping on a phone rather than running off it.
 */
import { Box } from '@chakra-ui/react/box';
import { Container } from '@chakra-ui/react/container';
import { Link } from '@chakra-ui/react/link';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import type { ReactNode } from 'react';
import type { FirmDetails } from '../../../shared/site-config';
// A lazy part imports the app, which has loaded before it runs, so that every lazy part reaches
// the whole first screen and esbuild keeps it in a few chunks (docs/web-app.md; web/lazy-parts.test.ts).
import '../App';

/** One item of the footer's last line, kept whole when the line wraps. */
function Item({ children }: { children: ReactNode }) {
  return (
    <Box as="li" display="inline-flex" flexWrap="wrap" columnGap="1">
      {children}
    </Box>
  );
}

export default function FooterView({ firm }: { firm: FirmDetails }) {
  const { supportPhone } = firm;
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.panel" color="fg.muted" textStyle="xs" data-testid="page-footer">
      <Container maxW="6xl" py="4" px={{ base: '3', md: '6' }}>
        <Stack gap="2">
          {firm.demoNotice && (
            <Text fontWeight="semibold" color="fg">
              {firm.demoNotice}
            </Text>
          )}
          <Text>{firm.riskDisclosure}</Text>
          <Box as="ul" listStyleType="none" display="flex" flexWrap="wrap" columnGap="4" rowGap="1">
            <Item>© {firm.legalName}</Item>
            <Item>
              <Link href={firm.termsUrl} color="fg.muted" textDecoration="underline">
                Terms
              </Link>
            </Item>
            <Item>
              <Link href={firm.privacyUrl} color="fg.muted" textDecoration="underline">
                Privacy notice
              </Link>
            </Item>
            <Item>
              Support:
              <Link
                href={`mailto:${firm.supportEmail}`}
                color="fg.muted"
                textDecoration="underline"
                wordBreak="break-all"
              >
                {firm.supportEmail}
              </Link>
              {supportPhone && (
                <Link href={`tel:${supportPhone.replace(/[^+\d]/g, '')}`} color="fg.muted" textDecoration="underline">
                  {supportPhone}
                </Link>
              )}
            </Item>
          </Box>
        </Stack>
      </Container>
    </Box>
  );
}
