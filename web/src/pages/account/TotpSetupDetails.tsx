/**
 * A new authenticator-app secret, two ways: a QR code to scan, and the key as text to type (on
 * the phone that shows this page, there is nothing to scan).
 */
import { Box } from '@chakra-ui/react/box';
import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Flex } from '@chakra-ui/react/flex';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import type { TotpSetup } from '../../auth/session';

const QR_SIZE = 192;

/** The key in groups of four, as authenticator apps print keys (they ignore the spaces). */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code as an SVG image. The qrcode library is loaded here, on first use, so neither the
 * account page nor the first screen carries it until someone sets up an app.
 */
function QrCodeImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setSrc(null);
    setFailed(false);
    import('qrcode')
      // A CommonJS package: the bundle gives its functions under `default` (jest's require does not).
      .then((module) => ('default' in module ? module.default : module).toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }))
      .then((svg) => live && setSrc(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`))
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [uri]);

  // Dark on white in either colour mode: scanners read that best.
  return (
    <Center boxSize={`${QR_SIZE + 16}px`} bg="white" borderWidth="1px" rounded="md" flexShrink="0">
      {src ? (
        <img src={src} width={QR_SIZE} height={QR_SIZE} alt="QR code for your authenticator app" />
      ) : (
        <Text color="gray.600" fontSize="sm" textAlign="center" px="3" role="status">
          {failed ? 'The QR code could not be drawn. Type the key instead.' : 'Drawing the QR code...'}
        </Text>
      )}
    </Center>
  );
}

function CopyKeyButton({ secret }: { secret: string }) {
  const [copied, setCopied] = useState(false);
  // Not offered where the page may not write to the clipboard (an insecure origin, some embeds).
  if (typeof navigator === 'undefined' || !navigator.clipboard) return null;
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <Button size="xs" variant="outline" onClick={() => void copy()} alignSelf="flex-start">
      {copied ? 'Copied' : 'Copy key'}
    </Button>
  );
}

export function TotpSetupDetails({ setup }: { setup: TotpSetup }) {
  return (
    <Flex gap="4" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }}>
      <QrCodeImage uri={setup.uri} />
      <Stack gap="2" minW="0">
        <Text>1. Scan the QR code with your authenticator app.</Text>
        <Text color="fg.muted" fontSize="sm">
          Or, where you cannot scan, enter this key in the app:
        </Text>
        <Box>
          {/* userSelect all: one click selects the whole key, spaces and all (apps ignore them). */}
          <Text as="span" fontFamily="mono" fontSize="md" bg="bg.muted" rounded="sm" px="2" py="1" userSelect="all" wordBreak="break-word" data-testid="totp-key">
            {groupKey(setup.secret)}
          </Text>
        </Box>
        <CopyKeyButton secret={setup.secret} />
        <Text>2. Enter the 6-digit code the app shows. Every session then ends, this one too: sign in again with a code.</Text>
      </Stack>
    </Flex>
  );
}
