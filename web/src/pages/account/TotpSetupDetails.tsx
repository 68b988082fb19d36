/**
 * A new authenticator-app secret, three ways: a link that opens the authenticator app on this
 * device with the key (otpauth:), the key as text to copy or type, and a QR code to scan from
 * another device. The first two come first: on the phone that shows this page there is nothing
 * to scan, and the QR code follows them (beside them on a wider screen).
 */
import { Button } from '@chakra-ui/react/button';
import { Center } from '@chakra-ui/react/center';
import { Flex } from '@chakra-ui/react/flex';
import { HStack } from '@chakra-ui/react/stack';
import { Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { useEffect, useState } from 'react';
import type { TotpSetup } from '../../auth/session';

const QR_SIZE = 192;

/** The key in groups of four, as authenticator apps print keys (they ignore the spaces). */
const groupKey = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/**
 * The QR code as an SVG image. The qrcode library is loaded here, on first use, so neither the
 * account page nor the first screen carries it until someone sets up an app. Keyed by the URI where
 * it is used, so another secret starts it afresh (no image, no failure).
 */
function QrCodeImage({ uri }: { uri: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    import('qrcode')
      // A CommonJS package: the bundle gives its functions under `default` (jest's require does not).
      .then((module) =>
        ('default' in module ? module.default : module).toString(uri, {
          type: 'svg',
          errorCorrectionLevel: 'M',
          margin: 2,
        }),
      )
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
    <Button size="sm" variant="outline" onClick={() => void copy()}>
      {copied ? 'Copied' : 'Copy key'}
    </Button>
  );
}

export function TotpSetupDetails({ setup }: { setup: TotpSetup }) {
  return (
    <Stack gap="4">
      <Text>1. Add Aurum to your authenticator app.</Text>
      <Flex gap="4" direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }}>
        <Stack gap="3" minW="0" flex="1">
          {/* An app that handles otpauth: links opens with the key filled in: the way on a phone. */}
          <Button asChild colorPalette="yellow" variant="outline" alignSelf="flex-start">
            <a href={setup.uri}>Open in authenticator app</a>
          </Button>
          <Text color="fg.muted" fontSize="sm">
            Or enter this key in the app:
          </Text>
          <HStack gap="2" wrap="wrap">
            {/* userSelect all: one click selects the whole key, spaces and all (apps ignore them). */}
            <Text
              as="span"
              fontFamily="mono"
              fontSize="md"
              bg="bg.muted"
              rounded="sm"
              px="2"
              py="1"
              userSelect="all"
              wordBreak="break-word"
              data-testid="totp-key"
            >
              {groupKey(setup.secret)}
            </Text>
            <CopyKeyButton secret={setup.secret} />
          </HStack>
        </Stack>
        <Stack gap="2" align={{ base: 'flex-start', sm: 'center' }}>
          <Text color="fg.muted" fontSize="sm">
            Or scan it from another device:
          </Text>
          <QrCodeImage key={setup.uri} uri={setup.uri} />
        </Stack>
      </Flex>
      <Text>
        2. Enter the 6-digit code the app shows. Every session then ends, this one too: sign in again with a code.
      </Text>
    </Stack>
  );
}
